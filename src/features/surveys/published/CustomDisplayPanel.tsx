import { useEffect, useId, useMemo, useState } from 'react';
import { FormProvider, useForm, useFormContext, useWatch, type FieldPath } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { DEFAULT_GLOBAL_IDENTIFIERS } from '@domain/survey/defaults';
import { PUBLISHED_MESSAGES } from '@domain/survey/messages';
import type { PublishedSurvey, Survey } from '@domain/survey/types';
import { serverMessage } from '@/lib/failure';
import { useNotify } from '@/lib/notifications';
import { LayoutFields } from '../styling/LayoutFields';
import { LogoFields } from '../styling/LogoFields';
import { ThemeFields } from '../styling/ThemeFields';
import { SurveyPreview } from '../preview/SurveyPreview';
import { useGlobalIdentifiers } from '../api/identifiers';
import { fieldErrorsOf, useSaveDisplaySettings } from '../api/published';
import {
  displayEditorResolver,
  editorValuesOf,
  problemsIn,
  stepOfPath,
  stepsFor,
  type DisplayEditorValues,
  type EditorStepId,
} from './displayEditorForm';
import { AudienceTargetingFields } from './editor/AudienceTargetingFields';
import { ButtonStyleStep } from './editor/ButtonStyleStep';
import { IdentifierOverrideSection } from './editor/IdentifierOverrideSection';
import { TargetingFields } from './editor/TargetingFields';
import { ThemeManagementStep } from './editor/ThemeManagementStep';
import { useEditorField } from './editor/useEditorField';
import { WidgetModeStep } from './editor/WidgetModeStep';

/** Data document, section 9: "Saved flag 3000 ms". */
export const SAVED_FLAG_MS = 3_000;
export const SAVE_SETTINGS_LABEL = 'Save Settings';
export const READ_ONLY_DISPLAY = "Changing a survey's styling and targeting needs permission to manage surveys. Its Preview shows how it looks.";
export const CHECK_SETTINGS_TITLE = 'Check these settings before saving';

export interface CustomDisplayPanelProps {
  /** The survey whose Customize Display was pressed; null before one was. */
  survey: PublishedSurvey | null;
  canManage: boolean;
}

/** LiveIQ's Custom Display tab: the seven-step editor of one published survey, beside its live preview. */
export function CustomDisplayPanel({ survey, canManage }: CustomDisplayPanelProps) {
  if (!survey) {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }}>
        <Typography sx={{ color: 'text.secondary' }}>{PUBLISHED_MESSAGES.selectSurveyFirst}</Typography>
      </Paper>
    );
  }
  if (!canManage) return <Alert severity="info">{READ_ONLY_DISPLAY}</Alert>;
  // A new survey starts a new form: nothing of the last survey's edits carries over.
  return <DisplayEditor key={survey.id} survey={survey} />;
}

function LogoStep({ companyId }: { companyId: string }) {
  const logo = useEditorField('settings.logo');
  return <LogoFields value={logo.value} onChange={logo.onChange} companyFilter={companyId} />;
}

function ColoursStep() {
  const theme = useEditorField('settings.theme');
  return <ThemeFields value={theme.value} onChange={theme.onChange} />;
}

function LayoutStep() {
  const layout = useEditorField('settings.layout');
  const display = useEditorField('settings.display');
  return <LayoutFields layout={layout.value} display={display.value} onLayoutChange={layout.onChange} onDisplayChange={display.onChange} />;
}

/**
 * After a Save that found problems, every change checks the whole form again: fixing one field
 * (the match type) can clear another's message (the patterns).
 */
function RecheckAfterFailedSave({ active }: { active: boolean }) {
  const { control, trigger } = useFormContext<DisplayEditorValues>();
  const values = useWatch({ control });
  useEffect(() => {
    if (active) void trigger();
  }, [active, values, trigger]);
  return null;
}

/** The survey with the settings being edited, as visitors will see it. */
function LivePreview({ survey }: { survey: Survey }) {
  const settings = useWatch<DisplayEditorValues, 'settings'>({ name: 'settings' });
  return <SurveyPreview survey={survey} settings={settings} />;
}

function DisplayEditor({ survey }: { survey: PublishedSurvey }) {
  const notify = useNotify();
  const titleId = useId();
  const identifiers = useGlobalIdentifiers(survey.companyId);
  const global = identifiers.data ?? DEFAULT_GLOBAL_IDENTIFIERS;
  useEffect(() => {
    // Data document, section 7: a failed load of the company's rules is only logged.
    if (identifiers.error) console.warn('The global identifier settings could not be loaded', identifiers.error);
  }, [identifiers.error]);

  const resolver = useMemo(() => displayEditorResolver(global), [global]);
  const form = useForm<DisplayEditorValues>({
    defaultValues: editorValuesOf(survey),
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const save = useSaveDisplaySettings();
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const [recheck, setRecheck] = useState(false);
  useEffect(() => {
    if (savedAt === null) return;
    const timer = setTimeout(() => setSavedAt(null), SAVED_FLAG_MS);
    return () => clearTimeout(timer);
  }, [savedAt]);

  const displayMode = useWatch({ control: form.control, name: 'settings.widget.displayMode' });
  const steps = stepsFor(displayMode);
  const [activeId, setActiveId] = useState<EditorStepId>('themes');
  // The button step leaves when the widget stops being a button; its neighbour takes over.
  const activeIndex = Math.max(0, steps.findIndex((step) => step.id === (activeId === 'button' && displayMode !== 'button' ? 'widget' : activeId)));
  const activeStep = steps[activeIndex];
  const tabId = (id: EditorStepId) => `${titleId}-step-${id}`;
  const panelId = `${titleId}-step-panel`;

  const problems = problemsIn(form.formState.errors);
  const stepHasProblem = (id: EditorStepId) => problems.some((problem) => stepOfPath(problem.path)?.id === id);

  const submit = form.handleSubmit(
    (values) => {
      setRecheck(false);
      setSavedAt(null);
      save.mutate(
        { survey, ...values },
        {
          onSuccess: () => {
            notify.success(PUBLISHED_MESSAGES.settingsSaved);
            setSavedAt(Date.now());
          },
          onError: (error) => {
            notify.error(PUBLISHED_MESSAGES.saveSettingsFailed(serverMessage(error)));
            // The server names the fields it refused by their place in the body, which is the form's.
            for (const [path, message] of Object.entries(fieldErrorsOf(error))) {
              if (/^(settings|displayTriggers)\./.test(path)) form.setError(path as FieldPath<DisplayEditorValues>, { type: 'server', message });
            }
          },
        },
      );
    },
    (errors) => {
      setRecheck(true);
      const first = problemsIn(errors)[0];
      const step = first && stepOfPath(first.path);
      if (step) setActiveId(step.id);
    },
  );

  const renderStep = (id: EditorStepId) => {
    switch (id) {
      case 'themes':
        return <ThemeManagementStep companyId={survey.companyId} />;
      case 'logo':
        return <LogoStep companyId={survey.companyId} />;
      case 'colours':
        return <ColoursStep />;
      case 'layout':
        return <LayoutStep />;
      case 'widget':
        return <WidgetModeStep />;
      case 'button':
        return <ButtonStyleStep />;
      case 'targeting':
        return (
          <Stack spacing={4}>
            <IdentifierOverrideSection global={global} globalUnavailable={identifiers.isError} />
            <TargetingFields />
            <AudienceTargetingFields surveyId={survey.id} />
          </Stack>
        );
    }
  };

  const saveLabel = save.isPending ? PUBLISHED_MESSAGES.saving : savedAt !== null ? PUBLISHED_MESSAGES.saved : SAVE_SETTINGS_LABEL;

  return (
    <FormProvider {...form}>
      <RecheckAfterFailedSave active={recheck} />
      <Stack spacing={3} component="section" aria-labelledby={titleId}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h5" component="h2" id={titleId}>
              Customize Display
            </Typography>
            <Typography sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>{survey.name}</Typography>
          </Box>
          {/* A button, not a form: the editor's dialogs have forms of their own, and React would bubble their submits here. */}
          <Button variant="contained" onClick={() => void submit()} disabled={save.isPending} color={savedAt !== null ? 'success' : 'primary'}>
            {saveLabel}
          </Button>
        </Stack>

        {problems.length > 0 && (
          <Alert severity="error">
            <AlertTitle>{CHECK_SETTINGS_TITLE}</AlertTitle>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {problems.map((problem) => (
                <li key={problem.path}>
                  {stepOfPath(problem.path)?.label ?? 'Settings'}: {problem.message}
                </li>
              ))}
            </Box>
          </Alert>
        )}

        {/* The steps are tabs (MUI makes a non-linear stepper a tab list): the active step's
            fields are its tab panel, beside the preview, not inside the list. */}
        <Box sx={{ overflowX: 'auto', pb: 1 }}>
          <Stepper nonLinear alternativeLabel activeStep={activeIndex} aria-label="Customize Display steps" sx={{ minWidth: 760 }}>
            {steps.map((step, index) => (
              <Step key={step.id}>
                <StepButton
                  id={tabId(step.id)}
                  aria-controls={index === activeIndex ? panelId : undefined}
                  onClick={() => setActiveId(step.id)}
                >
                  <StepLabel error={stepHasProblem(step.id)}>{step.label}</StepLabel>
                </StepButton>
              </Step>
            ))}
          </Stepper>
        </Box>

        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 7 }}>
            <Stack spacing={2} role="tabpanel" id={panelId} aria-labelledby={tabId(activeStep.id)}>
              <Typography variant="h6" component="h3">
                {activeIndex + 1}. {activeStep.label}
              </Typography>
              {renderStep(activeStep.id)}
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <Box sx={{ position: { md: 'sticky' }, top: { md: 16 } }}>
              <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
                Live Preview
              </Typography>
              <LivePreview survey={survey.survey} />
            </Box>
          </Grid>
        </Grid>
      </Stack>
    </FormProvider>
  );
}

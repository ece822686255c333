import { useId } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { IDENTIFIER_MESSAGES } from '@domain/survey/messages';
import { globalIdentifiersSchema } from '@domain/survey/schemas';
import { IDENTIFIER_TYPE_LABELS, IDENTIFIER_TYPES, type GlobalIdentifierSettings, type IdentifierType } from '@domain/survey/types';
import { serverMessage } from '@/lib/failure';
import { useNotify } from '@/lib/notifications';
import { FormTextField } from '@/ui/FormTextField';
import { useSaveGlobalIdentifiers } from '../api/embed';
import { EmbedSection } from './EmbedSection';

export const GLOBAL_IDENTIFIERS_TITLE = 'Global Identifier Requirements';
export const SAVE_IDENTIFIERS_LABEL = 'Save Identifier Settings';

export interface GlobalIdentifiersFormProps {
  companyId: string;
  /** The company's saved settings (its defaults when it never saved any). */
  settings: GlobalIdentifierSettings;
  canManage: boolean;
}

interface TypeChoiceProps {
  control: Control<GlobalIdentifierSettings>;
  name: 'identifierTypes' | 'allowedOverrideTypes';
  legend: string;
  helperText: string;
  disabled: boolean;
}

/** A set of identifier types as checkboxes, kept in the order of IDENTIFIER_TYPES. */
function TypeChoice({ control, name, legend, helperText, disabled }: TypeChoiceProps) {
  const helperId = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const chosen = (field.value ?? []) as IdentifierType[];
        const toggle = (type: IdentifierType, on: boolean) =>
          field.onChange(IDENTIFIER_TYPES.filter((entry) => (entry === type ? on : chosen.includes(entry))));
        return (
          // The checkboxes are disabled, not the group: a disabled legend would be too faint to read.
          <FormControl component="fieldset" error={Boolean(fieldState.error)}>
            <FormLabel component="legend">{legend}</FormLabel>
            <FormGroup row aria-describedby={helperId}>
              {IDENTIFIER_TYPES.map((type) => (
                <FormControlLabel
                  key={type}
                  control={<Checkbox checked={chosen.includes(type)} disabled={disabled} onChange={(event) => toggle(type, event.target.checked)} />}
                  label={IDENTIFIER_TYPE_LABELS[type]}
                />
              ))}
            </FormGroup>
            <FormHelperText id={helperId}>{fieldState.error?.message ?? helperText}</FormHelperText>
          </FormControl>
        );
      }}
    />
  );
}

function SwitchField({ control, name, label, disabled }: { control: Control<GlobalIdentifierSettings>; name: 'requireIdentifier' | 'allowSurveyOverride' | 'requireOverrideReason'; label: string; disabled: boolean }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          control={<Switch checked={Boolean(field.value)} onChange={(event) => field.onChange(event.target.checked)} disabled={disabled} />}
          label={label}
        />
      )}
    />
  );
}

/**
 * Who a respondent must be identified as, for every survey of the company unless a survey
 * overrides it (data document, section 3, "Company-wide global identifier settings").
 */
export function GlobalIdentifiersForm({ companyId, settings, canManage }: GlobalIdentifiersFormProps) {
  const notify = useNotify();
  const save = useSaveGlobalIdentifiers(companyId);
  const { control, handleSubmit, reset } = useForm<GlobalIdentifierSettings>({
    resolver: yupResolver(globalIdentifiersSchema),
    defaultValues: settings,
  });
  const allowOverride = useWatch({ control, name: 'allowSurveyOverride' });
  // Text stays readable for whoever may not change it (read-only, not disabled); choices are disabled.
  const readOnly = !canManage || save.isPending;

  const submit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        reset(saved);
        notify.success(IDENTIFIER_MESSAGES.globalSaved);
      },
      onError: (error) => notify.error(IDENTIFIER_MESSAGES.globalSaveFailed(serverMessage(error))),
    }),
  );

  return (
    <EmbedSection
      title={GLOBAL_IDENTIFIERS_TITLE}
      description="How the widget identifies respondents on your site: it reads these field names from the page (a data layer or a global object) and stores the value with the response."
    >
      <Stack component="form" noValidate spacing={2.5} aria-label={GLOBAL_IDENTIFIERS_TITLE} onSubmit={(event) => void submit(event)}>
        <SwitchField control={control} name="requireIdentifier" label="Require an identifier before a survey shows" disabled={readOnly} />
        <TypeChoice
          control={control}
          name="identifierTypes"
          legend="Identifier types"
          helperText="The kinds of identifier the widget looks for."
          disabled={readOnly}
        />
        {IDENTIFIER_TYPES.map((type) => (
          <FormTextField
            key={type}
            control={control}
            name={`identifierFields.${type}`}
            label={`${IDENTIFIER_TYPE_LABELS[type]} field names`}
            helperText="One name, or several separated by commas (the first one found is used)."
            disabled={save.isPending}
            slotProps={{ htmlInput: { readOnly: !canManage, spellCheck: false } }}
            fullWidth
            size="small"
          />
        ))}
        <SwitchField control={control} name="allowSurveyOverride" label="Allow surveys to override these requirements" disabled={readOnly} />
        {allowOverride && (
          <Stack spacing={2.5} sx={{ pl: { sm: 2 }, borderLeft: { sm: 2 }, borderColor: { sm: 'divider' } }}>
            <FormTextField
              control={control}
              name="overrideWarning"
              label="Warning shown before an override"
              multiline
              minRows={2}
              disabled={save.isPending}
              slotProps={{ htmlInput: { readOnly: !canManage } }}
              fullWidth
            />
            <SwitchField control={control} name="requireOverrideReason" label="Require a reason for each override" disabled={readOnly} />
            <TypeChoice
              control={control}
              name="allowedOverrideTypes"
              legend="Types an override may use"
              helperText="A survey's own identifier settings can use only these types."
              disabled={readOnly}
            />
          </Stack>
        )}
        {canManage && (
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button type="submit" variant="contained" disabled={save.isPending}>
              {SAVE_IDENTIFIERS_LABEL}
            </Button>
          </Stack>
        )}
      </Stack>
    </EmbedSection>
  );
}

import Stack from '@mui/material/Stack';
import type { GlobalIdentifierSettings, PublishedSurvey } from '@domain/survey/types';
import { LayoutFields } from '../../styling/LayoutFields';
import { LogoFields } from '../../styling/LogoFields';
import { ThemeFields } from '../../styling/ThemeFields';
import type { EditorStepId } from '../displayEditorForm';
import { AudienceTargetingFields } from './AudienceTargetingFields';
import { ButtonStyleStep } from './ButtonStyleStep';
import { IdentifierOverrideSection } from './IdentifierOverrideSection';
import { TargetingFields } from './TargetingFields';
import { ThemeManagementStep } from './ThemeManagementStep';
import { useEditorField } from './useEditorField';
import { WidgetModeStep } from './WidgetModeStep';

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

export interface EditorStepFieldsProps {
  step: EditorStepId;
  survey: PublishedSurvey;
  /** The company's identifier rules, which the override works within. */
  global: GlobalIdentifierSettings;
  /** True when the rules could not be loaded (the defaults stand in). */
  globalUnavailable: boolean;
}

/** The fields of one step of the Custom Display editor, bound to the editor's form. */
export function EditorStepFields({ step, survey, global, globalUnavailable }: EditorStepFieldsProps) {
  switch (step) {
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
          <IdentifierOverrideSection global={global} globalUnavailable={globalUnavailable} />
          <TargetingFields />
          <AudienceTargetingFields surveyId={survey.id} />
        </Stack>
      );
  }
}

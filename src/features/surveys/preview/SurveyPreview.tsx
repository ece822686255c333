import type { EmbedSettings, Survey, SurveySettings } from '@domain/survey/types';

export interface SurveyPreviewProps {
  survey: Survey;
  /** Styling to show; the survey's own settings when absent. */
  settings?: SurveySettings | EmbedSettings;
}

/** PLACEHOLDER: replaced by the shadow-root preview of the shared renderer. */
export function SurveyPreview({ survey }: SurveyPreviewProps) {
  return <div>{survey.title}</div>;
}

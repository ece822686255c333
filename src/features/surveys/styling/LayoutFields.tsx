import type { SurveyDisplay, SurveyLayout } from '@domain/survey/types';

/** PLACEHOLDER: layout (width, max width, padding) and display (view mode, progress, back navigation). */
export function LayoutFields(_props: {
  layout: SurveyLayout;
  display: SurveyDisplay;
  onLayoutChange: (layout: SurveyLayout) => void;
  onDisplayChange: (display: SurveyDisplay) => void;
}) {
  return null;
}

import type { SurveyTheme } from '@domain/survey/types';

/** PLACEHOLDER: colours and typography fields (theme). */
export function ThemeFields(_props: { value: SurveyTheme; onChange: (theme: SurveyTheme) => void }) {
  return null;
}

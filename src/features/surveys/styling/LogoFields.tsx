import type { SurveyLogo } from '@domain/survey/types';

/** PLACEHOLDER: logo upload (image under 5 MB, crop step) or https URL, and its placement fields. */
export function LogoFields(_props: { value: SurveyLogo; onChange: (logo: SurveyLogo) => void; companyFilter?: string }) {
  return null;
}

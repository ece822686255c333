import { ComingSoon } from '@/app/pages/ComingSoon';

/** LiveIQ: not built yet, so the page says so. */
export function SurveyPublishedPage() {
  return <ComingSoon title="LiveIQ" />;
}

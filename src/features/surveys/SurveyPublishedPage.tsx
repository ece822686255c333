import { ComingSoon } from '@/ui/ComingSoon';

/** LiveIQ: not built yet, so the page says so. */
export function SurveyPublishedPage() {
  return <ComingSoon title="LiveIQ" />;
}

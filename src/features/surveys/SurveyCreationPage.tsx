import { ComingSoon } from '@/ui/ComingSoon';

/** CreateIQ: not built yet, so the page says so. */
export function SurveyCreationPage() {
  return <ComingSoon title="CreateIQ" />;
}

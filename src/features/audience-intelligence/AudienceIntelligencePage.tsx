import { ComingSoon } from '@/ui/ComingSoon';

/** Audience Intelligence: not built yet, so the page says so. */
export function AudienceIntelligencePage() {
  return <ComingSoon title="Audience Intelligence" />;
}

import { ComingSoon } from '@/ui/ComingSoon';

/** Outbound API: not built yet, so the page says so. */
export function OutboundApiPage() {
  return <ComingSoon title="Outbound API" />;
}

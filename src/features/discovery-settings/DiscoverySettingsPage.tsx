import { ComingSoon } from '@/ui/ComingSoon';

/** Discovery Settings: not built yet, so the page says so. */
export function DiscoverySettingsPage() {
  return <ComingSoon title="Discovery Settings" />;
}

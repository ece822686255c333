import { ComingSoon } from '@/ui/ComingSoon';

/** Data Sources: not built yet, so the page says so. */
export function DataSourcesPage() {
  return <ComingSoon title="Data Sources" />;
}

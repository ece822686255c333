import { ComingSoon } from '@/app/pages/ComingSoon';

/** Data Sources: not built yet, so the page says so. */
export function DataSourcesPage() {
  return <ComingSoon title="Data Sources" />;
}

import { ComingSoon } from '@/app/pages/ComingSoon';

/** Export Data: not built yet, so the page says so. */
export function ExportDataPage() {
  return <ComingSoon title="Export Data" />;
}

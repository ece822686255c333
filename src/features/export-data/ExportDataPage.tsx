import { ComingSoon } from '@/ui/ComingSoon';

/** Export Data: not built yet, so the page says so. */
export function ExportDataPage() {
  return <ComingSoon title="Export Data" />;
}

import { ComingSoon } from '@/ui/ComingSoon';

/** Data Types: not built yet, so the page says so. */
export function DataTypesPage() {
  return <ComingSoon title="Data Types" />;
}

import { useSession } from '@/lib/session';
import { ComingSoon } from '@/ui/ComingSoon';

/** The overview at "/": it greets the company; the metrics themselves are not built yet. */
export function OverviewPage() {
  const { session } = useSession();
  const companyName = session?.company.name;
  return <ComingSoon title="The dashboard overview" heading={companyName ? `Welcome to ${companyName}` : 'Welcome'} />;
}

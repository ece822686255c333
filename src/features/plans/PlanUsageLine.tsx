import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PLANS } from '@domain/plans/plans';
import type { PlanUsage } from '@domain/prediction/contract';
import { ALL_COMPANIES, useCompanyFilter, useSession } from '@/lib/session';
import { usePlanUsage } from './usageApi';

const count = new Intl.NumberFormat();

/** "this month: N of M calls" (Unlimited without an allowance), and the overage when there is one. */
export function planUsageText(usage: PlanUsage): string {
  if (usage.allowance === null) return `This month: ${count.format(usage.calls)} calls (Unlimited)`;
  return `This month: ${count.format(usage.calls)} of ${count.format(usage.allowance)} calls`;
}

export function PlanUsageSummary({ usage }: { usage: PlanUsage }) {
  const plan = PLANS.find((each) => each.id === usage.planId);
  const share = usage.allowance ? Math.min(100, Math.round((usage.calls / usage.allowance) * 100)) : 0;
  return (
    <Stack spacing={1} component="section" aria-label="Prediction API usage">
      <Typography variant="subtitle1" component="h2">
        Prediction API usage{plan ? `, ${plan.name} plan` : ''}
      </Typography>
      <Typography>{planUsageText(usage)}</Typography>
      {usage.allowance !== null && <LinearProgress variant="determinate" value={share} aria-label="Share of the monthly allowance used" />}
      {usage.overage > 0 && <Alert severity="warning">Overage: {count.format(usage.overage)} calls beyond the plan’s allowance this month.</Alert>}
    </Stack>
  );
}

/** The usage of the company in view; nothing while a global admin views every company, or while it loads. */
export function PlanUsageLine() {
  const { session, can } = useSession();
  const { companyFilter, filterParam } = useCompanyFilter();
  const companyId = can('chooseCompany') && companyFilter === ALL_COMPANIES ? null : (filterParam ?? session?.company.id ?? null);
  if (!companyId) return null;
  return <CompanyPlanUsage companyId={companyId} />;
}

function CompanyPlanUsage({ companyId }: { companyId: string }) {
  const usage = usePlanUsage(companyId);
  if (usage.isError) return <Alert severity="error">Failed to load this month’s calls.</Alert>;
  return usage.data ? <PlanUsageSummary usage={usage.data} /> : null;
}

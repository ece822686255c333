/** The plans and their prices (platform specification, sections 2 and 9). */

export type PlanId = 'free' | 'entry' | 'mid-market' | 'enterprise';

export interface Plan {
  id: PlanId;
  name: string;
  price: string;
  period: string;
  calls: string;
  overageRate: string;
  features: string[];
  popular: boolean;
  /** A palette key of the theme, never a raw colour. */
  color: 'success' | 'info' | 'primary' | 'secondary';
}

export const PLANS: readonly Plan[] = [
  {
    id: 'free',
    name: 'Free',
    price: '$0',
    period: 'per month',
    calls: '1,000 API calls',
    overageRate: 'No overage',
    features: ['1 data source API', 'Community support', 'Basic reports'],
    popular: false,
    color: 'success',
  },
  {
    id: 'entry',
    name: 'Entry Level',
    price: '$500',
    period: 'per month',
    calls: '20,000 API calls',
    overageRate: '$25 per 1,000 calls overage',
    features: ['3 data source APIs', 'Email support', 'Standard reports', '1-month (30-day) free trial'],
    popular: false,
    color: 'info',
  },
  {
    id: 'mid-market',
    name: 'Mid-Market',
    price: '$2,000',
    period: 'per month',
    calls: '80,000 API calls',
    overageRate: '$20 per 1,000 calls overage',
    features: ['10 data source APIs', 'Priority support', 'Advanced reports', '1-month (30-day) free trial'],
    popular: true,
    color: 'primary',
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    price: 'Inquire',
    period: 'custom pricing',
    calls: 'Unlimited API calls',
    overageRate: 'Custom pricing',
    features: ['Unlimited data source APIs', 'Dedicated support', 'Custom reports', 'Custom development'],
    popular: false,
    color: 'secondary',
  },
];

export function planButtonLabel(plan: Plan): string {
  if (plan.id === 'enterprise') return 'Contact Sales';
  if (plan.id === 'free') return 'Get Started Free';
  return 'Start Free Trial';
}

export const PLAN_BENEFITS = [
  { title: 'Free plan', text: 'Start with 1,000 free calls. No commitment.' },
  { title: '1-month free trial', text: 'Try any paid plan free for 1 month (30 days).' },
  { title: 'Expert support', text: 'Our team helps you connect your data and tune your models.' },
] as const;

export const PRICING_NOTE =
  'Paid plan pricing depends on data size, number of API calls and custom development. Annual contracts are available.';

export const SALES_THANK_YOU = 'Thank you! Our sales team will contact you within 24 hours.';

/**
 * Prediction calls included in each plan per calendar month (UTC). Free stops at its allowance;
 * paid plans count calls beyond it as overage; `null` is unlimited. The prediction runtime's quota
 * check and the Plans page's usage line both read these numbers.
 */
export const MONTHLY_CALL_ALLOWANCE: Readonly<Record<PlanId, number | null>> = {
  free: 1000,
  entry: 20000,
  'mid-market': 80000,
  enterprise: null,
};

/** Plans whose calls beyond the allowance are refused rather than counted as overage. */
export const HARD_STOP_PLANS: ReadonlySet<PlanId> = new Set<PlanId>(['free']);

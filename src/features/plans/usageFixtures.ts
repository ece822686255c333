/** A month of prediction calls for the Plans page's stories. */
import type { PlanUsage } from '@domain/prediction/contract';

export const ENTRY_USAGE: PlanUsage = { planId: 'entry', month: '2026-06', calls: 12_480, allowance: 20_000, overage: 0 };

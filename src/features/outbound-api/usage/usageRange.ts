import type { UsageSummary } from '@domain/prediction/contract';

/** How a usage range is read out in captions and summaries. */
export const RANGE_WORDS: Record<UsageSummary['range'], string> = { '24h': 'last 24 hours, per hour', '30d': 'last 30 days, per day' };

/** Per-item interaction figures: popularity, trending, demand, rating events, first interaction. */
import { DAY_MS, DEMAND_WINDOW_DAYS, TRENDING_BASELINE_DAYS, TRENDING_HALF_LIFE_MS, TRENDING_WINDOW_MS } from './constants';
import { RATING_CODE, type InternedEvents } from './events';

export type InteractionTallies = ReturnType<typeof tallyInteractions>;

/** One pass over the events, summing per item. */
export function tallyInteractions(itemCount: number, { eventCount, evItem, evAt, evType, evValue }: InternedEvents, now: number) {
  const popularity = new Float64Array(itemCount);
  const last24h = new Float64Array(itemCount);
  const baselineCount = new Float64Array(itemCount);
  const decayed24h = new Float64Array(itemCount);
  const lastWeek = new Float64Array(itemCount);
  const ratingSum = new Float64Array(itemCount);
  const ratingEvents = new Float64Array(itemCount);
  const firstEventAt = new Float64Array(itemCount).fill(Number.POSITIVE_INFINITY);
  for (let event = 0; event < eventCount; event++) {
    const item = evItem[event];
    const age = now - evAt[event];
    popularity[item] += 1;
    if (evAt[event] < firstEventAt[item]) firstEventAt[item] = evAt[event];
    if (age >= 0 && age < TRENDING_WINDOW_MS) {
      last24h[item] += 1;
      decayed24h[item] += Math.pow(0.5, age / TRENDING_HALF_LIFE_MS);
    } else if (age >= TRENDING_WINDOW_MS && age < TRENDING_WINDOW_MS * (1 + TRENDING_BASELINE_DAYS)) {
      baselineCount[item] += 1;
    }
    if (age >= 0 && age < DEMAND_WINDOW_DAYS * DAY_MS) lastWeek[item] += 1;
    if (evType[event] === RATING_CODE && !Number.isNaN(evValue[event])) {
      ratingSum[item] += evValue[event];
      ratingEvents[item] += 1;
    }
  }
  return { popularity, last24h, baselineCount, decayed24h, lastWeek, ratingSum, ratingEvents, firstEventAt };
}

/** Trending against the previous days' steady rate, and demand per day over the last week. */
export function trendsOf(itemCount: number, { baselineCount, decayed24h, lastWeek }: InteractionTallies) {
  // A steady daily rate r leaves r × (mean of the decay over 24 h) in decayed24h; above that is acceleration.
  const steadyShare = (TRENDING_HALF_LIFE_MS / Math.LN2) * (1 - Math.pow(0.5, TRENDING_WINDOW_MS / TRENDING_HALF_LIFE_MS)) / TRENDING_WINDOW_MS;
  const previousDailyAverage = new Float64Array(itemCount);
  const trendScore = new Float64Array(itemCount);
  const demandPerDay = new Float64Array(itemCount);
  for (let item = 0; item < itemCount; item++) {
    previousDailyAverage[item] = baselineCount[item] / TRENDING_BASELINE_DAYS;
    trendScore[item] = Math.max(0, decayed24h[item] - steadyShare * previousDailyAverage[item]);
    demandPerDay[item] = lastWeek[item] / DEMAND_WINDOW_DAYS;
  }
  return { previousDailyAverage, trendScore, demandPerDay };
}

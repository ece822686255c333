import { finiteOr } from './arrays';
import { RATING_PRIOR_COUNT } from './constants';
import type { CatalogueItem } from './types';

/** The item's own rating (weighted by its review count) pooled with rating events; Bayesian-averaged towards the catalogue mean. */
export function buildRatings(items: CatalogueItem[], ratingSum: Float64Array, ratingEvents: Float64Array) {
  const count = items.length;
  const ratingMean = new Float64Array(count).fill(Number.NaN);
  const ratingCount = new Float64Array(count);
  let poolSum = 0;
  let poolCount = 0;
  items.forEach((item, index) => {
    const own = typeof item.rating === 'number' && Number.isFinite(item.rating) ? item.rating : null;
    const ownCount = own === null ? 0 : Math.max(1, finiteOr(item.ratingCount, 1));
    const total = ownCount + ratingEvents[index];
    if (total === 0) return;
    const sum = (own ?? 0) * ownCount + ratingSum[index];
    ratingMean[index] = sum / total;
    ratingCount[index] = total;
    poolSum += sum;
    poolCount += total;
  });
  const prior = poolCount ? poolSum / poolCount : 0;
  const bayesianRating = new Float64Array(count).fill(Number.NaN);
  for (let index = 0; index < count; index++) {
    if (ratingCount[index] === 0) continue;
    bayesianRating[index] = (RATING_PRIOR_COUNT * prior + ratingMean[index] * ratingCount[index]) / (RATING_PRIOR_COUNT + ratingCount[index]);
  }
  return { ratingMean, ratingCount, bayesianRating };
}

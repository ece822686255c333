import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * The hourly rollup of attributed outcomes (bff/modules/prediction/outcomes.ts): clicks and
 * conversions (purchase or conversion events) on items the prediction API served the same person
 * within ATTRIBUTION_WINDOW_DAYS before, by the hour (UTC) of the event, split by the serving
 * call's holdout flag. Maintained as events are ingested and rebuilt from the raw rows by the
 * backfill. No foreign key on the company, like the other rollups' readers: removing a company
 * deletes its rows without ordering constraints.
 */
export const RecommendationOutcomeHour = defineEntity({
  name: 'RecommendationOutcomeHour',
  tableName: 'recommendation_outcome_hours',
  properties: {
    id: p.string().primary().length(36),
    companyId: p.string().length(36),
    hour: p.datetime(),
    clicks: p.integer(),
    holdoutClicks: p.integer(),
    conversions: p.integer(),
    holdoutConversions: p.integer(),
  },
  uniques: [{ name: 'recommendation_outcome_hours_unique', properties: ['companyId', 'hour'] }],
});
export type RecommendationOutcomeHour = InferEntity<typeof RecommendationOutcomeHour>;

import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { nullable } from './BaseRecord';
import { Company } from './Company';

/**
 * A minute of one key's calls as one replica counted them. Each replica writes only its own rows,
 * so nothing is read back and merged under contention; readers add the rows of every replica,
 * and the latency histograms (counts per fixed bucket) add up as the counts do.
 */
export const PredictionCallMinute = defineEntity({
  name: 'PredictionCallMinute',
  tableName: 'prediction_call_minutes',
  properties: {
    id: p.string().primary().length(36),
    companyId: p.manyToOne(Company).mapToPk().fieldName('company_id').index().updateRule('no action'),
    /** '' for calls without a key (refused before one was found). */
    apiKeyId: p.string().length(36),
    replicaId: p.string().length(36),
    minute: p.datetime(),
    calls: p.integer(),
    errors: p.integer(),
    zeroResults: p.integer(),
    itemsServed: p.integer(),
    /** Counts per latency bucket; the bounds are in bff/modules/prediction (LATENCY_BUCKETS_MS). */
    latencyHistogram: p.json<number[]>(),
    /** Sum of the calls' latencies (ms), for the dashboard's average; null on rows written before it was kept. */
    latencyTotalMs: nullable(p.float()),
  },
  uniques: [{ name: 'prediction_call_minutes_unique', properties: ['companyId', 'apiKeyId', 'minute', 'replicaId'] }],
  // By minute alone: the rate limit reads every key's current minute (limits.ts).
  indexes: [{ properties: ['companyId', 'minute'] }, { properties: ['minute'] }],
});
export type PredictionCallMinute = InferEntity<typeof PredictionCallMinute>;

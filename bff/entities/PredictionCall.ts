import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { CallItemRecord, PredictRequest } from '@domain/prediction/contract';
import { nullable, record } from './BaseRecord';
import { Company } from './Company';

/**
 * One call of the prediction API, as served: who called, the answer's status and latency, the
 * versions that ranked it and the items shown (also the impression log fair exposure reads).
 * Never the key itself.
 */
export const PredictionCall = defineEntity({
  name: 'PredictionCall',
  tableName: 'prediction_calls',
  properties: record({
    companyId: p.manyToOne(Company).mapToPk().fieldName('company_id').index().updateRule('no action'),
    /** No foreign key: the log outlives a deleted key. */
    apiKeyId: nullable(p.string().length(36)),
    endpoint: p.string().$type<'predict' | 'events' | 'items'>().length(10),
    status: p.integer(),
    errorCode: nullable(p.string().length(50)),
    latencyMs: p.float(),
    itemsServed: p.integer(),
    zeroResults: p.boolean(),
    holdout: p.boolean(),
    settingsVersion: nullable(p.integer()),
    snapshotVersion: nullable(p.integer()),
    userId: nullable(p.string()),
    request: nullable(p.json<PredictRequest>()),
    items: p.json<CallItemRecord[]>(),
  }),
  indexes: [{ properties: ['companyId', 'createdAt'] }, { properties: ['apiKeyId', 'createdAt'] }, { properties: ['companyId', 'userId', 'createdAt'] }],
});
export type PredictionCall = InferEntity<typeof PredictionCall>;

import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { nullable, record } from './BaseRecord';
import { Company } from './Company';

export type SnapshotStatus = 'building' | 'ready' | 'failed';

/**
 * A numbered build of a company's in-memory prediction index. The row is the version every
 * replica watches: when a newer ready version appears, a replica rebuilds or loads it. The index
 * itself lives in memory; `watermark` is the newest record change it includes.
 */
export const PredictionSnapshot = defineEntity({
  name: 'PredictionSnapshot',
  tableName: 'prediction_snapshots',
  properties: record({
    companyId: p.manyToOne(Company).mapToPk().fieldName('company_id').index().updateRule('no action'),
    version: p.integer(),
    status: p.string().$type<SnapshotStatus>().length(10),
    itemCount: p.integer(),
    eventCount: p.integer(),
    buildMs: nullable(p.integer()),
    watermark: nullable(p.datetime()),
    error: nullable(p.text()),
  }),
  uniques: [{ properties: ['companyId', 'version'] }],
});
export type PredictionSnapshot = InferEntity<typeof PredictionSnapshot>;

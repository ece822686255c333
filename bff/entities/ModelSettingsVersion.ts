import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { ModelSettings } from '@domain/models/settings';
import { nullable, record } from './BaseRecord';
import { Company } from './Company';

/**
 * One saved version of a company's model settings. Versions are never changed: every save (and
 * every reset to the defaults) adds the next number, and predictions name the version that ranked
 * them. A company without a row uses the defaults as version 0.
 */
export const ModelSettingsVersion = defineEntity({
  name: 'ModelSettingsVersion',
  tableName: 'model_settings_versions',
  properties: record({
    companyId: p.manyToOne(Company).mapToPk().fieldName('company_id').index().updateRule('no action'),
    version: p.integer(),
    settings: p.json<ModelSettings>(),
    /** No foreign key, so the history outlives the user. */
    createdById: nullable(p.string().length(36)),
  }),
  uniques: [{ properties: ['companyId', 'version'] }],
});
export type ModelSettingsVersion = InferEntity<typeof ModelSettingsVersion>;

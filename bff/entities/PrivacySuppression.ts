import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { nullable, record } from './BaseRecord';
import { Company } from './Company';

/**
 * One identifier of an erased person that intake refuses from now on (bff/modules/privacy):
 * never the identifier itself, only its HMAC-SHA-256 under the server's key and its company, and a
 * masked hint for the screen. `dropped` counts what intake refused for it since.
 */
export const PrivacySuppression = defineEntity({
  name: 'PrivacySuppression',
  tableName: 'privacy_suppressions',
  properties: record({
    companyId: p.manyToOne(Company).mapToPk().fieldName('company_id').index(false).updateRule('no action'),
    hash: p.string().length(64),
    hint: p.string().length(255),
    erasureId: nullable(p.string().length(36)),
    dropped: p
      .integer()
      .default(0)
      .onCreate(() => 0),
    lastDroppedAt: nullable(p.datetime()),
  }),
  uniques: [{ name: 'privacy_suppressions_company_hash_unique', properties: ['companyId', 'hash'] }],
});
export type PrivacySuppression = InferEntity<typeof PrivacySuppression>;

/** What intake refused for a suppressed person, per intake path (a data source, the widget, the prediction API). */
export const PrivacySuppressedIntake = defineEntity({
  name: 'PrivacySuppressedIntake',
  tableName: 'privacy_suppressed_intake',
  properties: {
    suppressionId: p.string().primary().length(36).fieldName('suppression_id'),
    /** A data source's id, or 'widget' for survey responses. */
    source: p.string().primary().length(64),
    companyId: p.string().length(36).fieldName('company_id'),
    dropped: p.integer(),
    lastDroppedAt: p.datetime().fieldName('last_dropped_at'),
  },
  indexes: [{ name: 'privacy_suppressed_intake_company_id_index', properties: ['companyId'] }],
});
export type PrivacySuppressedIntake = InferEntity<typeof PrivacySuppressedIntake>;

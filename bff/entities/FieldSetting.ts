import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { FieldType } from '@domain/data/fields';
import { nullable, record } from './BaseRecord';
import { Company } from './Company';

/**
 * A company's choice about one field of its mapping: the unified field it maps to, its type, or
 * its removal; or a custom field the company added. Fields nobody changed have no row.
 */
export const FieldSetting = defineEntity({
  name: 'FieldSetting',
  tableName: 'field_settings',
  properties: record({
    companyId: p.manyToOne(Company).mapToPk().fieldName('company_id').index().updateRule('no action'),
    /** The field's name in its sources, or a custom field's name. */
    name: p.string(),
    /** custom_{timestamp} for custom fields; null for a source's own field. */
    customId: nullable(p.string().length(40)),
    type: nullable(p.string().$type<FieldType>().length(10)),
    description: nullable(p.text()),
    unifiedField: nullable(p.string().length(100)),
    removed: p.boolean().onCreate(() => false),
  }),
  uniques: [{ properties: ['companyId', 'name'] }],
});
export type FieldSetting = InferEntity<typeof FieldSetting>;

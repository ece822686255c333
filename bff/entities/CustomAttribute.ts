import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { CustomAttributeType } from '@domain/prediction/contract';
import { record } from './BaseRecord';
import { Company } from './Company';

/**
 * An attribute integrators may send in a prediction request's custom_attributes: predict checks
 * the value against its type and boosts items whose field of the same name matches.
 */
export const CustomAttribute = defineEntity({
  name: 'CustomAttribute',
  tableName: 'custom_attributes',
  properties: record({
    companyId: p.manyToOne(Company).mapToPk().fieldName('company_id').index().updateRule('no action'),
    name: p.string().length(100),
    type: p.string().$type<CustomAttributeType>().length(10),
  }),
  uniques: [{ properties: ['companyId', 'name'] }],
});
export type CustomAttribute = InferEntity<typeof CustomAttribute>;

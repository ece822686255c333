import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { DataTypeKind } from '@domain/dataTypes/dataTypes';
import { nullable, record } from './BaseRecord';
import { Company } from './Company';

/** A named field survey questions bind to; companyId null makes it global (every company sees it). */
export const DataType = defineEntity({
  name: 'DataType',
  tableName: 'data_types',
  properties: record({
    // The builder's own nullable (not BaseRecord's `nullable`, whose type drops mapToPk and would
    // type this id as a Company); every create names the company, null for a global type.
    companyId: p.manyToOne(Company).mapToPk().nullable().fieldName('company_id').index().updateRule('no action').deleteRule('no action'),
    name: p.string(),
    dataFieldName: p.string(),
    type: p.string().$type<DataTypeKind>().length(10),
    description: nullable(p.text()),
    /** The user who created it; no foreign key, so the type outlives that user. */
    createdById: nullable(p.string().length(36)),
  }),
});
export type DataType = InferEntity<typeof DataType>;

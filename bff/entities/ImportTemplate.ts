import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { FieldMapping, RecordKind } from '@domain/data/unifiedModel';
import { nullable, record } from './BaseRecord';
import { Company } from './Company';

/** The mapping of the last import of a file with this exact header, reused on the next one. */
export const ImportTemplate = defineEntity({
  name: 'ImportTemplate',
  tableName: 'import_templates',
  properties: record({
    companyId: p.manyToOne(Company).mapToPk().fieldName('company_id').index().updateRule('no action'),
    name: p.string(),
    /** Hex SHA-256 of the header (column names in order). */
    headerSignature: p.string().length(64),
    columns: p.json<string[]>(),
    recordKind: p.string().$type<RecordKind>().length(10),
    mapping: p.json<FieldMapping>(),
    keyColumn: nullable(p.string()),
    dateColumn: nullable(p.string()),
  }),
  uniques: [{ properties: ['companyId', 'headerSignature'] }],
});
export type ImportTemplate = InferEntity<typeof ImportTemplate>;

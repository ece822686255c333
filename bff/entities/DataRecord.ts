import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { RecordKind } from '@domain/data/unifiedModel';
import type { UnifiedValue } from '@domain/data/values';
import { nullable, record } from './BaseRecord';
import { Company } from './Company';
import { DataSource } from './DataSource';

/**
 * One record of a connected source: the row as it came (`data`), its values in the unified model
 * (`unified`), and where it came from (the `_import_metadata` of the specification). The unified
 * fields later features look up or aggregate by are also kept in their own indexed columns
 * (PROMOTED_FIELDS in src/domain/data/unifiedModel.ts).
 *
 * Written in bulk by the import (bff/modules/dataSources/records/store.ts), not through the unit of work.
 */
export const DataRecord = defineEntity({
  name: 'DataRecord',
  tableName: 'data_records',
  properties: record({
    companyId: p.manyToOne(Company).mapToPk().fieldName('company_id').index().updateRule('no action'),
    sourceId: p.manyToOne(DataSource).mapToPk().fieldName('source_id').index().updateRule('no action'),
    kind: p.string().$type<RecordKind>().length(10),
    /** The value of the source's key field: a re-import with the same key updates this record. */
    recordKey: nullable(p.string()),
    data: p.json<Record<string, unknown>>(),
    unified: p.json<Record<string, UnifiedValue>>(),
    importId: nullable(p.string().length(36)),
    sourceFile: nullable(p.string()),
    sourceType: p.string().length(20),
    importedAt: p.datetime(),
    /** The row's position in its file (0-based, as the specification's recordIndex). */
    recordIndex: p.integer(),
    userId: nullable(p.string()),
    email: nullable(p.string()),
    anonymousId: nullable(p.string()),
    eventType: nullable(p.string()),
    eventTime: nullable(p.datetime()),
    itemId: nullable(p.string()),
  }),
  indexes: [
    { properties: ['sourceId', 'recordKey'] },
    // user_id and event_type at its end: the dashboard's drill-down can read a range's events of its
    // members from the index alone (bff/modules/dashboard/series.ts); the name is the three-column index's.
    { name: 'data_records_company_id_kind_event_time_index', properties: ['companyId', 'kind', 'eventTime', 'userId', 'eventType'] },
    { properties: ['companyId', 'email'] },
    // A person's events newest first (the prediction API's per-call read), and every user_id lookup.
    // event_type at its end lets the dashboard's drill-down count a member's events in a range from
    // the index alone (bff/modules/dashboard/series.ts), and updated_at lets the prediction API skip
    // the events older than its snapshot without reading them from the table; the name is the
    // four-column index's.
    { name: 'data_records_company_id_user_id_kind_event_time_index', properties: ['companyId', 'userId', 'kind', 'eventTime', 'eventType', 'updatedAt'] },
    { properties: ['companyId', 'anonymousId'] },
    { properties: ['companyId', 'itemId'] },
    // The prediction snapshots' freshness probe (records changed after a watermark).
    { properties: ['companyId', 'updatedAt'] },
    { properties: ['companyId', 'kind', 'id'] },
  ],
  uniques: [
    {
      // Events and items sent to the prediction API, keyed by event_id or item id (see the migration).
      name: 'data_records_api_record_key_unique',
      expression: "create unique index data_records_api_record_key_unique on data_records (source_id, record_key) where source_type = 'api'",
    },
  ],
});
export type DataRecord = InferEntity<typeof DataRecord>;

import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { SyncSchedule } from '@domain/data/connectors';
import type { DataSourceStatus } from '@domain/data/sources';
import type { FieldMapping, RecordKind } from '@domain/data/unifiedModel';
import { nullable, record } from './BaseRecord';
import { Company } from './Company';

/**
 * A company's connected source: a catalogue source connected with a key, or an imported file.
 * The key is kept only encrypted (AES-256-GCM, bff/platform/secrets.ts) and never leaves the BFF.
 */
export const DataSource = defineEntity({
  name: 'DataSource',
  tableName: 'data_sources',
  properties: record({
    companyId: p.manyToOne(Company).mapToPk().fieldName('company_id').index().updateRule('no action'),
    name: p.string(),
    description: nullable(p.text()),
    /** 'File Upload' for imports, the catalogue category otherwise. */
    type: p.string().length(100),
    /** The catalogue entry it was connected from (csv-upload, json-upload… for files). */
    catalogueId: p.string().length(100),
    status: p.string().$type<DataSourceStatus>().length(20),
    records: p.integer().onCreate(() => 0),
    lastSync: nullable(p.datetime()),
    /** Settings that are not secret: account id, file name and type. */
    config: p.json<Record<string, unknown>>(),
    /** The encrypted key (iv, tag and ciphertext, base64url), or null. */
    credentials: nullable(p.text()),
    recordKind: p.string().$type<RecordKind>().length(10),
    /** The source's own fields (for a file: its columns), in order. */
    fields: p.json<string[]>(),
    mapping: p.json<FieldMapping>(),
    /** The field whose value identifies a record across imports. */
    keyField: nullable(p.string()),
    createdById: nullable(p.string().length(36)),
    /** How often a pulled source syncs by itself. */
    schedule: p.string().$type<SyncSchedule>().length(10).default('off'),
    /** Where the last successful sync ended (incremental sync); null syncs everything. */
    syncCursor: nullable(p.text()),
    /** When the scheduler next queues a run (null when the schedule is off). */
    nextSyncAt: nullable(p.datetime()),
    /** The Webhook source's ingestion secret, encrypted like the credentials. */
    ingestSecret: nullable(p.text()),
    /**
     * The catalogue id of a source connected from the catalogue, which a company connects once:
     * unique with the company, so of two connects that race only one stores its source. Null for
     * imported files and the prediction API's sources, of which a company has several (see the
     * migration that added it).
     */
    connectionKey: nullable(p.string().length(100)),
  }),
  uniques: [{ name: 'data_sources_one_connection', properties: ['companyId', 'connectionKey'] }],
});
export type DataSource = InferEntity<typeof DataSource>;

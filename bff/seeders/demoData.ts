/**
 * The demo companies' data: for Acme Retail and Globex Health, a customer list, an event history
 * and an item catalogue as imported files (the rows of ./demoRows.ts, unified exactly as an
 * import unifies them), saved mapping templates, and data types (connected sources are in
 * ./demoConnectors.ts). Seeded once, with the demo accounts, on a fresh database.
 */
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/knex';
import { importDescription } from '@domain/data/imports';
import { FILE_UPLOAD_TYPE } from '@domain/data/sources';
import type { DataTypeKind } from '@domain/dataTypes/dataTypes';
import { DataSource, DataType, ImportTemplate, type Company, type User } from '../entities';
import { type SpooledRecord, FILE_SOURCE_TYPE, STORE_BATCH_ROWS, headerSignature, promotedColumns, unifyRow, recordWriter } from '../modules/dataSources';
import { demoDataSet, type DemoFile } from './demoRows';

const DATA_TYPES: ReadonlyArray<{ company: 'acme' | 'globex' | null; name: string; dataFieldName: string; type: DataTypeKind; description: string }> = [
  { company: null, name: 'Email', dataFieldName: 'email', type: 'static', description: "The respondent's e-mail address." },
  { company: null, name: 'Age', dataFieldName: 'age', type: 'static', description: 'Age in years.' },
  { company: null, name: 'Location', dataFieldName: 'location', type: 'static', description: 'City or region.' },
  { company: null, name: 'Marketing opt-in', dataFieldName: 'marketing_opt_in', type: 'dynamic', description: 'Agreement to receive marketing; changes over time.' },
  { company: 'acme', name: 'Favourite room', dataFieldName: 'favourite_room', type: 'static', description: 'The room a shopper furnishes most (kitchen, bedroom…).' },
  { company: 'acme', name: 'Purchase intent', dataFieldName: 'purchase_intent', type: 'dynamic', description: 'How soon the shopper plans to buy.' },
  { company: 'acme', name: 'Loyalty tier', dataFieldName: 'subscription_status', type: 'dynamic', description: 'Member, gold or platinum.' },
  { company: 'globex', name: 'Preferred clinic', dataFieldName: 'preferred_clinic', type: 'static', description: 'The clinic a patient visits most.' },
  { company: 'globex', name: 'Visit satisfaction', dataFieldName: 'visit_satisfaction', type: 'dynamic', description: 'Rating of the last visit, 1 to 5.' },
];

async function importFile(em: EntityManager, companyId: string, createdById: string, file: DemoFile, now: Date): Promise<void> {
  const importId = randomUUID();
  const source = em.create(DataSource, {
    companyId,
    name: file.fileName,
    description: importDescription('csv', file.rows.length),
    type: FILE_UPLOAD_TYPE,
    catalogueId: 'csv-upload',
    status: 'active',
    records: file.rows.length,
    lastSync: now,
    config: { fileName: file.fileName, fileType: 'csv', importId, delimiter: ',' },
    recordKind: file.kind,
    fields: file.columns,
    mapping: file.mapping,
    keyField: file.keyColumn,
    createdById,
  });
  em.create(ImportTemplate, {
    companyId,
    name: file.fileName,
    headerSignature: headerSignature(file.columns),
    columns: file.columns,
    recordKind: file.kind,
    mapping: file.mapping,
    keyColumn: file.keyColumn,
    dateColumn: null,
  });
  await em.flush();
  // Written by the import's own writer, so a seeded record is exactly what an import would store.
  const write = await recordWriter(em as SqlEntityManager, {
    now,
    companyId,
    sourceId: source.id,
    kind: file.kind,
    importId,
    sourceFile: file.fileName,
    sourceType: FILE_SOURCE_TYPE,
  });
  for (let start = 0; start < file.rows.length; start += STORE_BATCH_ROWS) {
    const records = file.rows.slice(start, start + STORE_BATCH_ROWS).map((data, offset): SpooledRecord => {
      const { unified } = unifyRow(file.kind, file.mapping, data);
      const promoted = promotedColumns(unified);
      return {
        index: start + offset,
        key: data[file.keyColumn] ?? null,
        ...promoted,
        eventTime: promoted.eventTime?.getTime() ?? null,
        data: JSON.stringify(data),
        unified: JSON.stringify(unified),
      };
    });
    await write(records, records.map(() => randomUUID()), false);
  }
}

/** Seeds the demo companies' data in one transaction (several thousand records each). */
export async function seedDemoData(
  em: EntityManager,
  companies: Record<'navout' | 'acme' | 'globex', Company>,
  admins: Record<'navout' | 'acme' | 'globex', User>,
  now = new Date(),
): Promise<void> {
  await em.transactional(async (tx) => {
    for (const key of ['acme', 'globex'] as const) {
      const companyId = companies[key].id;
      const data = demoDataSet(key, now.getTime());
      for (const file of [data.people, data.events, data.items]) await importFile(tx, companyId, admins[key].id, file, now);
    }
    for (const type of DATA_TYPES) {
      const company = type.company ? companies[type.company] : null;
      tx.create(DataType, {
        companyId: company?.id ?? null,
        name: type.name,
        dataFieldName: type.dataFieldName,
        type: type.type,
        description: type.description,
        createdById: admins[type.company ?? 'navout'].id,
      });
    }
    await tx.flush();
  });
}

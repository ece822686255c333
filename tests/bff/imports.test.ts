/**
 * File import, end to end through the real routes, with real files written here: CSV, JSON,
 * .xlsx (exceljs) and .xls (@e965/xlsx); hostile files; the dry run; upserts; templates; the
 * date range; the progress stream; tenancy. Runs on SQLite and on PostgreSQL.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import type { Response } from 'supertest';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { IMPORT_MAX_CELL_CHARS, ROW_ERROR_REASONS, type ImportEvent, type ImportResult } from '@domain/data/imports';
import { DATA_SOURCE_MESSAGES } from '@domain/data/sources';
import { VALUE_REASONS } from '@domain/data/values';
import { DataRecord, DataSource, ImportTemplate } from '@bff/entities';
import { createImportRouter } from '@bff/modules/dataSources/imports/routes';
import { processSpoolFolder, RecordSpool, removeSpoolLeftovers } from '@bff/modules/dataSources/records/spool';
import { remapSource } from '@bff/modules/dataSources/records/store';
import { VERSION_7_ID } from './support/ids';
import { usingPostgres } from './support/database';
import { run, waitFor } from './support/processes';
import { zipOf } from './support/zipArchive';
import { PNG_BYTES, useWorld, type Person, type World } from './support/world';

const folder = mkdtempSync(join(tmpdir(), 'navout-import-files-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

let fileCount = 0;
/** Writes a real file for the upload and answers its path (its name is what the server sees). */
function fileOf(name: string, content: string | Buffer): string {
  const directory = join(folder, String(++fileCount));
  mkdirSync(directory);
  const path = join(directory, name);
  writeFileSync(path, content);
  return path;
}

const PEOPLE_OPTIONS = {
  recordKind: 'people',
  mapping: { customer_id: 'user_id', email: 'email', name: 'name' },
  keyColumn: 'customer_id',
};

describe('file import', () => {
  const world = useWorld();

  function importFile(who: Person, path: string, options: object, accept?: string) {
    const request = world().http.post('/api/data-sources/import').set(world().bearer(who));
    if (accept) request.set('Accept', accept);
    return request.field('options', JSON.stringify(options)).attach('file', path);
  }

  function preview(who: Person, path: string, companyId?: string) {
    const request = world().http.post('/api/data-sources/import/preview').set(world().bearer(who));
    if (companyId) request.field('companyId', companyId);
    return request.attach('file', path);
  }

  async function stored(w: World) {
    const em = w.em();
    return { records: await em.count(DataRecord, {}), sources: await em.count(DataSource, {}) };
  }

  /** The spools this process holds now: none once an import has ended, however it ended. */
  const spoolsLeft = () => (existsSync(processSpoolFolder()) ? readdirSync(processSpoolFolder()) : []);

  async function recordsOf(w: World, sourceId: string) {
    return w.em().find(DataRecord, { sourceId }, { orderBy: { recordIndex: 'asc' } });
  }

  /** Sends a file and checks it is refused with `status` and `code`, storing nothing. */
  async function expectRefused(path: string, status: number, code: string, options: object = PEOPLE_OPTIONS, who: Person = 'alice'): Promise<Response> {
    const w = world();
    const before = await stored(w);
    const response = await importFile(who, path, options);
    expect(response.status).toBe(status);
    expect(response.body.code).toBe(code);
    expect(await stored(w)).toEqual(before);
    return response;
  }

  describe('CSV', () => {
    it('keeps every character of a large file, multi-byte characters cut between the pieces the text is parsed in, and guesses its delimiter', async () => {
      const w = world();
      // Mostly three- and four-byte characters, rows of varying length: pieces of the upload and
      // of the text (8 KB) end inside characters many times over 250 KB.
      const names = Array.from({ length: 3_000 }, (_, index) => `${'日本語'.repeat(1 + (index % 7))} Zoë Ødegård 🙂${'é'.repeat(index % 5)}`);
      const csv = ['customer_id;email;name', ...names.map((name, index) => `C-${index};p${index}@example.com;${name}`)].join('\n');
      expect(Buffer.byteLength(csv)).toBeGreaterThan(250_000);
      const response = await importFile('alice', fileOf('unicode.csv', csv), PEOPLE_OPTIONS);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ totalRows: 3_000, added: 3_000, invalidRows: 0 });
      expect(JSON.parse((response.body as ImportResult).source!.config).delimiter).toBe(';');
      const records = await recordsOf(w, (response.body as ImportResult).source!.id);
      expect(records.map((record) => record.data.name)).toEqual(names);
      // New records' ids are version 7 UUIDs, which follow the time they were stored (timeOrderedId).
      expect(records.every((record) => VERSION_7_ID.test(record.id))).toBe(true);
      expect(new Set(records.map((record) => record.id)).size).toBe(3_000);
    });

    it('keeps quoted commas, doubled quotes and line breaks exactly, and HTML and formulas as text', async () => {
      const w = world();
      const csv = [
        'customer_id,email,name,notes',
        'C-1,Ann@Example.com,"Lee, Ann","She said ""hi""',
        'then left"',
        'C-2,ben@example.com,Ben Ode,<script>alert(1)</script>',
        'C-3,cat@example.com,Cat Ray,=SUM(A1:A2)',
      ].join('\r\n');
      const response = await importFile('alice', fileOf('customers.csv', csv), PEOPLE_OPTIONS);
      expect(response.status).toBe(200);
      const result = response.body as ImportResult;
      expect(result).toMatchObject({ dryRun: false, fileName: 'customers.csv', fileType: 'csv', totalRows: 3, added: 3, updated: 0, skipped: 0, invalidRows: 0, errors: [] });
      expect(result.source).toMatchObject({
        name: 'customers.csv',
        type: 'File Upload',
        status: 'active',
        records: 3,
        description: 'Imported CSV file with 3 records',
        companyId: w.companies.acme.id,
        availableDataSource: { id: 'csv-upload', name: 'CSV Upload' },
        recordKind: 'people',
        fields: ['customer_id', 'email', 'name', 'notes'],
        mapping: PEOPLE_OPTIONS.mapping,
        keyField: 'customer_id',
      });
      expect(JSON.parse(result.source!.config)).toEqual({ fileName: 'customers.csv', fileType: 'csv', importId: result.importId, delimiter: ',', numericColumns: [] });

      const records = await recordsOf(w, result.source!.id);
      expect(records.map((record) => record.data)).toEqual([
        { customer_id: 'C-1', email: 'Ann@Example.com', name: 'Lee, Ann', notes: 'She said "hi"\r\nthen left' },
        { customer_id: 'C-2', email: 'ben@example.com', name: 'Ben Ode', notes: '<script>alert(1)</script>' },
        { customer_id: 'C-3', email: 'cat@example.com', name: 'Cat Ray', notes: '=SUM(A1:A2)' },
      ]);
      expect(records[0]).toMatchObject({
        companyId: w.companies.acme.id,
        kind: 'people',
        recordKey: 'C-1',
        unified: { user_id: 'C-1', email: 'ann@example.com', name: 'Lee, Ann' },
        userId: 'C-1',
        email: 'ann@example.com',
        importId: result.importId,
        sourceFile: 'customers.csv',
        sourceType: 'file_upload',
        recordIndex: 0,
      });
      expect(records.map((record) => record.recordIndex)).toEqual([0, 1, 2]);
      expect(records[0]!.importedAt).toBeInstanceOf(Date);
    });

    it('guesses an id with a year-like number as text, a written date as a date, and types numeric columns Metric in the field mapping', async () => {
      const csv = 'member_id,visits,joined\nM-1001,3,14 Mar 2026\nM-1002,5.5,2 April 2026\nM-2024,,May 1 2026\n';
      const guessed = await preview('alice', fileOf('members.csv', csv));
      expect(guessed.body.columns).toEqual([
        { name: 'member_id', looksLike: 'string' },
        { name: 'visits', looksLike: 'number' },
        { name: 'joined', looksLike: 'datetime' },
      ]);
      const imported = await importFile('alice', fileOf('members.csv', csv), { recordKind: 'people', mapping: { member_id: 'user_id' }, keyColumn: 'member_id' });
      expect(imported.status, JSON.stringify(imported.body)).toBe(200);
      const w = world();
      const fields = await w.http.get('/api/data-sources/fields').set(w.bearer('alice'));
      const typeOf = (name: string) => (fields.body as Array<{ name: string; type: string }>).find((field) => field.name === name)?.type;
      expect([typeOf('member_id'), typeOf('visits'), typeOf('joined')]).toEqual(['dimension', 'metric', 'dimension']);
    });

    it("drops the byte-order mark and detects ';' and tab delimiters", async () => {
      const semicolons = await preview('alice', fileOf('semi.csv', '\uFEFFcustomer_id;email;amount\nC-1;a@example.com;"1,5"\nC-2;b@example.com;2\n'));
      expect(semicolons.status).toBe(200);
      expect(semicolons.body).toMatchObject({
        fileType: 'csv',
        delimiter: ';',
        columns: [
          { name: 'customer_id', looksLike: 'string' },
          { name: 'email', looksLike: 'email' },
          { name: 'amount', looksLike: 'string' },
        ],
        rows: [
          { customer_id: 'C-1', email: 'a@example.com', amount: '1,5' },
          { customer_id: 'C-2', email: 'b@example.com', amount: '2' },
        ],
      });
      const tabs = await preview('alice', fileOf('tabs.csv', 'event\tuser_id\ttimestamp\nview\tU1\t2026-03-14T09:30:00Z\n'));
      expect(tabs.body).toMatchObject({
        delimiter: '\t',
        columns: [
          { name: 'event', looksLike: 'string' },
          { name: 'user_id', looksLike: 'string' },
          { name: 'timestamp', looksLike: 'datetime' },
        ],
        suggestedKind: 'events',
        suggestedMapping: { event: 'event_type', user_id: 'user_id', timestamp: 'event_time' },
        template: null,
      });
    });

    it('refuses a binary file named .csv, invalid UTF-8 and an unclosed quote, storing nothing', async () => {
      const binary = await expectRefused(fileOf('photo.csv', PNG_BYTES), 400, 'invalid_file');
      expect(binary.body.message).toMatch(/^The file is not a text file/);
      const latin1 = Buffer.concat([Buffer.from('customer_id,email,name\nC-1,a@example.com,Jos'), Buffer.from([0xe9]), Buffer.from('\n')]);
      const invalid = await expectRefused(fileOf('latin1.csv', latin1), 400, 'invalid_file');
      expect(invalid.body.message).toMatch(/not valid UTF-8/);
      const unclosed = await expectRefused(fileOf('quote.csv', 'customer_id,email,name\nC-1,a@example.com,Ann\nC-2,b@example.com,"Ben\n'), 400, 'invalid_file');
      expect(unclosed.body.message).toBe('Row 3: a quoted value is never closed (a closing " is missing).');
    });

    it('refuses 10,000 columns and a 1 MB cell, naming the row', async () => {
      const header = Array.from({ length: 10_000 }, (_, index) => `c${index}`).join(',');
      const wide = await expectRefused(fileOf('wide.csv', `${header}\n${'1,'.repeat(9_999)}1\n`), 400, 'invalid_file');
      expect(wide.body.message).toBe('The file has 10,000 columns; at most 500 are accepted.');
      const big = `customer_id,email,name\nC-1,a@example.com,Ann\nC-2,b@example.com,${'x'.repeat(1024 * 1024)}\n`;
      const cell = await expectRefused(fileOf('big-cell.csv', big), 400, 'invalid_file');
      expect(cell.body.message).toBe(`Row 3: the value in column "name" has 1,048,576 characters; at most ${IMPORT_MAX_CELL_CHARS.toLocaleString('en-US')} are accepted.`);
    });
  });

  describe('JSON', () => {
    it('imports an array of records with their values as given, and a single record', async () => {
      const w = world();
      const records = [
        { sku: 'SKU-1', title: 'Red shoe', price: 59.5, available: true, tags: ['shoes', 'red'], details: { size: 42 } },
        { sku: 'SKU-2', title: 'Blue hat', price: '12', available: 'no' },
      ];
      const options = { recordKind: 'items', mapping: { sku: 'item_id', title: 'title', price: 'price', available: 'available', tags: 'tags' }, keyColumn: 'sku' };
      const array = await importFile('alice', fileOf('catalogue.json', JSON.stringify(records)), options);
      expect(array.status).toBe(200);
      expect(array.body).toMatchObject({ fileType: 'json', totalRows: 2, added: 2 });
      expect(array.body.source).toMatchObject({ description: 'Imported JSON file with 2 records', availableDataSource: { id: 'json-upload' }, fields: ['sku', 'title', 'price', 'available', 'tags', 'details'] });
      const rows = await recordsOf(w, array.body.source.id);
      expect(rows.map((row) => row.data)).toEqual(records);
      expect(rows.map((row) => row.unified)).toEqual([
        { item_id: 'SKU-1', title: 'Red shoe', price: 59.5, available: true, tags: ['shoes', 'red'] },
        { item_id: 'SKU-2', title: 'Blue hat', price: 12, available: false },
      ]);
      expect(rows.map((row) => row.itemId)).toEqual(['SKU-1', 'SKU-2']);

      const single = await importFile('alice', fileOf('one.json', JSON.stringify({ sku: 'SKU-9', title: 'Scarf' })), { ...options, mapping: { sku: 'item_id', title: 'title' } });
      expect(single.status).toBe(200);
      expect(single.body).toMatchObject({ totalRows: 1, added: 1 });
    });

    it('refuses a value nested too deeply to store, naming the record', async () => {
      const deep = `[{"sku": "A", "title": "Ok"}, {"sku": "B", "title": "Deep", "x": ${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}]`;
      const response = await expectRefused(fileOf('deep.json', deep), 400, 'invalid_file', { recordKind: 'items', mapping: { sku: 'item_id', title: 'title' } });
      expect(response.body.message).toBe('Row 2: a value is nested too deeply to be read.');
    });

    it("answers exactly 'Invalid JSON format' for anything else", async () => {
      for (const text of ['{"sku": "SKU-1",', '[1, 2]', '"text"', '[{"sku": "A"}, null]']) {
        const response = await expectRefused(fileOf('bad.json', text), 400, 'invalid_file', { recordKind: 'items', mapping: {} });
        expect(response.body.message).toBe(DATA_SOURCE_MESSAGES.invalidJson);
      }
    });
  });

  describe('Excel', () => {
    it('reads the first sheet of an .xlsx written by exceljs: formulas as text, dates as ISO', async () => {
      const w = world();
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Orders');
      sheet.addRow(['order_id', 'user_id', 'event', 'when', 'amount', 'total']);
      sheet.addRow(['O-1', 'U-1', 'purchase', new Date(Date.UTC(2026, 2, 14, 9, 30)), 10, { formula: 'SUM(E2:E3)', result: 30 }]);
      sheet.addRow(['O-2', 'U-2', 'purchase', new Date(Date.UTC(2026, 2, 15)), 20, { richText: [{ text: '<b>' }, { text: 'bold</b>' }] }]);
      workbook.addWorksheet('Ignored').addRow(['not', 'read']);
      const path = fileOf('orders.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
      const options = { recordKind: 'events', mapping: { order_id: 'order_id', user_id: 'user_id', event: 'event_type', when: 'event_time', amount: 'revenue' }, keyColumn: 'order_id' };
      const response = await importFile('alice', path, options);
      expect(response.status).toBe(200);
      expect(response.body.source).toMatchObject({ description: 'Imported XLSX file with 2 records', availableDataSource: { id: 'excel-upload' } });
      const rows = await recordsOf(w, response.body.source.id);
      // The amount is mapped to a number field (revenue): stored as a number; the other cells as text.
      expect(rows.map((row) => row.data)).toStrictEqual([
        { order_id: 'O-1', user_id: 'U-1', event: 'purchase', when: '2026-03-14T09:30:00.000Z', amount: 10, total: '=SUM(E2:E3)' },
        { order_id: 'O-2', user_id: 'U-2', event: 'purchase', when: '2026-03-15T00:00:00.000Z', amount: 20, total: '<b>bold</b>' },
      ]);
      expect(rows[0]!.eventTime?.toISOString()).toBe('2026-03-14T09:30:00.000Z');
      expect(rows[0]!.unified).toMatchObject({ revenue: 10, event_type: 'purchase' });
    });

    it('reads an .xls written by @e965/xlsx', async () => {
      const w = world();
      const sheet = XLSX.utils.aoa_to_sheet([
        ['email', 'name', 'signed_up'],
        ['ann@example.com', 'Ann', new Date(Date.UTC(2025, 11, 24))],
        ['ben@example.com', 'Ben', new Date(Date.UTC(2026, 0, 2))],
      ], { cellDates: true });
      const workbook = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(workbook, sheet, 'People');
      const bytes = XLSX.write(workbook, { bookType: 'xls', type: 'buffer' }) as Buffer;
      const response = await importFile('alice', fileOf('legacy.xls', bytes), { recordKind: 'people', mapping: { email: 'email', name: 'name', signed_up: 'created_at' } });
      expect(response.status).toBe(200);
      expect(response.body.source).toMatchObject({ description: 'Imported XLS file with 2 records', availableDataSource: { id: 'excel-upload' } });
      const rows = await recordsOf(w, response.body.source.id);
      expect(rows.map((row) => row.data)).toEqual([
        { email: 'ann@example.com', name: 'Ann', signed_up: '2025-12-24T00:00:00.000Z' },
        { email: 'ben@example.com', name: 'Ben', signed_up: '2026-01-02T00:00:00.000Z' },
      ]);
      expect(rows[1]!.unified).toEqual({ email: 'ben@example.com', name: 'Ben', created_at: '2026-01-02T00:00:00.000Z' });
    });

    it('refuses a truncated .xlsx, a zip bomb and a lying zip directory without inflating them', async () => {
      const workbook = new ExcelJS.Workbook();
      workbook.addWorksheet('S').addRow(['email']);
      const whole = Buffer.from(await workbook.xlsx.writeBuffer());
      const truncated = await expectRefused(fileOf('cut.xlsx', whole.subarray(0, Math.floor(whole.length / 2))), 400, 'invalid_file');
      expect(truncated.body.message).toMatch(/^The file is not a readable \.xlsx workbook: the end of the archive is missing/);

      const zeros = Buffer.alloc(64 * 1024 * 1024);
      const bomb = await expectRefused(fileOf('bomb.xlsx', zipOf([{ name: 'xl/worksheets/sheet1.xml', data: zeros }])), 400, 'invalid_file');
      expect(bomb.body.message).toMatch(/would inflate \d+ times \(a zip bomb\)/);

      const lying = zipOf([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(4 * 1024 * 1024), declaredSize: 4096 }]);
      const liar = await expectRefused(fileOf('liar.xlsx', lying), 400, 'invalid_file');
      expect(liar.body.message).toMatch(/inflates beyond its declared size/);
    });
  });

  describe('size', () => {
    it('refuses IMPORT_MAX_BYTES + 1 bytes with 413 while reading, and a larger declared body before reading it, storing nothing', async () => {
      const w = world();
      const max = w.config.importMaxBytes;
      const header = 'customer_id,email,name\n';
      const line = 'C-000000,someone@example.com,Some Body\n';
      const lines = line.repeat(Math.ceil(max / line.length));
      const exact = Buffer.from(header + lines).subarray(0, max + 1);
      expect(exact.length).toBe(max + 1);
      const over = await expectRefused(fileOf('big.csv', exact), 413, 'import_too_large');
      expect(over.body.message).toBe('The file must be at most 10 MB.');

      // A declared length over the limit is answered before a byte of the body is sent.
      const before = await stored(w);
      const declared = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = httpRequest(
          `${w.baseUrl}/api/data-sources/import`,
          { method: 'POST', headers: { ...w.bearer('alice'), 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': String(max * 3) } },
          (response) => {
            let body = '';
            response.on('data', (chunk: Buffer) => (body += chunk.toString()));
            response.on('end', () => {
              resolve({ status: response.statusCode ?? 0, body });
              request.destroy();
            });
          },
        );
        request.on('error', reject);
        request.flushHeaders();
      });
      expect(declared.status).toBe(413);
      expect(JSON.parse(declared.body)).toMatchObject({ code: 'import_too_large', message: 'The file must be at most 10 MB.' });
      expect(await stored(w)).toEqual(before);
    });
  });

  describe('all or nothing', () => {
    it('stores nothing when the file breaks late, after thousands of good rows', async () => {
      const good = Array.from({ length: 5_000 }, (_, index) => `C-${index},p${index}@example.com,Person ${index}`).join('\n');
      const broken = Buffer.concat([Buffer.from(`customer_id,email,name\n${good}\nC-x,x@example.com,Bad `), Buffer.from([0xff, 0xfe]), Buffer.from('\n')]);
      const response = await expectRefused(fileOf('late.csv', broken), 400, 'invalid_file');
      expect(response.body.message).toMatch(/not valid UTF-8/);
    });

    it('rolls back the whole import when the database fails half-way', async () => {
      const w = world();
      const connection = w.em().getConnection();
      const trigger = usingPostgres()
        ? [
            `create function import_test_fail() returns trigger language plpgsql as $$ begin if new.record_key = 'C-BOOM' then raise exception 'forced failure'; end if; return new; end $$`,
            'create trigger import_test_fail before insert on data_records for each row execute function import_test_fail()',
          ]
        : [`create trigger import_test_fail before insert on data_records when new.record_key = 'C-BOOM' begin select raise(abort, 'forced failure'); end`];
      const cleanup = usingPostgres() ? ['drop trigger import_test_fail on data_records', 'drop function import_test_fail()'] : ['drop trigger import_test_fail'];
      for (const sql of trigger) await connection.execute(sql);
      try {
        // The failing row is in the fourth batch of 500: three batches are written before it.
        const rows = Array.from({ length: 2_000 }, (_, index) => `${index === 1_800 ? 'C-BOOM' : `C-${index}`},p${index}@example.com,P ${index}`);
        const response = await expectRefused(fileOf('boom.csv', ['customer_id,email,name', ...rows].join('\n')), 500, 'internal_error');
        expect(response.body.error).toBe('Internal server error');
        expect(await w.em().count(ImportTemplate, { name: 'boom.csv' })).toBe(0);
        expect(spoolsLeft()).toEqual([]);
      } finally {
        for (const sql of cleanup) await connection.execute(sql);
      }
    });
  });

  describe('spool files', () => {
    it('removes the spool however the import ends: stored, refused by its rows, or broken while read', async () => {
      const rows = Array.from({ length: 3_000 }, (_, index) => `C-${index},p${index}@example.com,P ${index}`);
      const good = await importFile('alice', fileOf('spooled.csv', ['customer_id,email,name', ...rows].join('\n')), PEOPLE_OPTIONS);
      expect(good.status).toBe(200);
      expect(spoolsLeft()).toEqual([]);
      await expectRefused(fileOf('spooled-bad.csv', ['customer_id,email,name', ...rows, 'C-bad,not-an-email,Bad'].join('\n')), 400, 'import_rows_invalid');
      expect(spoolsLeft()).toEqual([]);
      const broken = Buffer.concat([Buffer.from(['customer_id,email,name', ...rows, 'C-x,x@example.com,Bad '].join('\n')), Buffer.from([0xff, 0xfe])]);
      await expectRefused(fileOf('spooled-broken.csv', broken), 400, 'invalid_file');
      expect(spoolsLeft()).toEqual([]);
      // The streamed import ends the same way.
      const streamed = await importFile('alice', fileOf('spooled-stream.csv', ['customer_id,email,name', ...rows, 'C-bad,not-an-email,Bad'].join('\n')), PEOPLE_OPTIONS, 'application/x-ndjson');
      expect(JSON.parse(streamed.text.trim().split('\n').at(-1)!)).toMatchObject({ type: 'error', status: 400 });
      expect(spoolsLeft()).toEqual([]);
    });

    it('removes the spools a crashed process left when the import routes start, and nothing else', async () => {
      // A folder of this test's own: the import routes that other test files create at the same
      // time sweep the shared SPOOL_ROOT, and could remove the crashed process's folder first.
      const root = mkdtempSync(join(tmpdir(), 'navout-spool-crash-'));
      // A real process spools records and is killed mid-import, as a crash or an OOM kill would.
      const script = join(folder, 'crash.mts');
      writeFileSync(
        script,
        [
          `import { RecordSpool } from ${JSON.stringify(resolve('bff/modules/dataSources/records/spool.ts'))};`,
          `const spool = await RecordSpool.open(${JSON.stringify(root)});`,
          "spool.add(0, 'C-1', { email: 'a@example.com' }, { email: 'a@example.com' });",
          'await spool.flush();',
          'console.log(`spooled ${process.pid}`);',
          'setInterval(() => undefined, 60_000);',
        ].join('\n'),
      );
      try {
        const crashing = run(script, {});
        const pid = await (async () => {
          try {
            await waitFor(crashing, 'spooled', 60_000);
            // The process that spooled, by the pid it printed.
            const spooler = Number(/spooled (\d+)/.exec(crashing.output())![1]);
            process.kill(spooler, 'SIGKILL');
            await crashing.exited;
            return spooler;
          } finally {
            // Should the test fail before the kill, the script's process is not left running.
            if (crashing.child.exitCode === null) crashing.child.kill();
          }
        })();
        const left = join(root, basename(processSpoolFolder(root)).replace(/-\d+$/, `-${pid}`));
        expect(readdirSync(left)).toHaveLength(1);

        // Beside it: the folder of a process that still runs (the test runner), and something that is no spool folder.
        const running = join(root, basename(processSpoolFolder(root)).replace(/-\d+$/, `-${process.ppid}`));
        mkdirSync(join(running, 'import-live'), { recursive: true });
        const stranger = join(root, 'not-a-process-folder');
        mkdirSync(stranger, { recursive: true });
        const lines: Array<{ msg: string; removed?: string[] }> = [];
        const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as { msg: string; removed?: string[] }) });
        createImportRouter({ config: world().config, logger, spoolRoot: root });
        await expect.poll(() => lines.find((line) => line.removed)?.removed).toEqual([left]);
        expect(existsSync(left)).toBe(false);
        expect(existsSync(join(running, 'import-live'))).toBe(true);
        expect(existsSync(stranger)).toBe(true);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    });

    it('tells leftovers from live spools: other processes by whether they run, its own folder by age, other machines never', async () => {
      const root = mkdtempSync(join(tmpdir(), 'navout-spool-test-'));
      try {
        const own = processSpoolFolder(root);
        const host = basename(own).replace(/-\d+$/, '');
        const dead = spawnSync(process.execPath, ['-e', '']).pid;
        const folders = {
          dead: join(root, `${host}-${dead}`),
          running: join(root, `${host}-${process.ppid}`),
          otherMachine: join(root, `another-machine-${dead}`),
          ownOld: join(own, 'import-from-an-earlier-process'),
        };
        for (const path of Object.values(folders)) mkdirSync(join(path, 'import-x'), { recursive: true });
        writeFileSync(join(root, `${host}-${dead}0`), 'a file, not a spool folder');
        // Left by an earlier process that had this one's id: older than this process.
        const earlier = new Date(performance.timeOrigin - 60_000);
        utimesSync(folders.ownOld, earlier, earlier);
        const live = await RecordSpool.open(root);
        try {
          const removed = await removeSpoolLeftovers(root);
          expect(removed.sort()).toEqual([folders.dead, folders.ownOld].sort());
          expect(readdirSync(root).sort()).toEqual([basename(folders.running), basename(folders.otherMachine), basename(own), `${host}-${dead}0`].sort());
          expect(readdirSync(own)).toHaveLength(1);
          expect(dirname(dirname(join(own, readdirSync(own)[0]!, 'records.tsv')))).toBe(own);
        } finally {
          await live.dispose();
        }
        expect(readdirSync(own)).toEqual([]);
        expect(await removeSpoolLeftovers(join(root, 'missing'))).toEqual([]);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    });
  });

  describe('dry run and row errors', () => {
    const csv = [
      'customer_id,email,name',
      'C-1,ann@example.com,Ann',
      'C-2,not-an-email,Ben',
      'C-3,cat@example.com,Cat',
      ',,Nobody',
      'C-5,eve@example.com,Eve',
    ].join('\n');
    const options = { recordKind: 'people', mapping: { customer_id: 'user_id', email: 'email', name: 'name' } };
    const expectedErrors = [
      { row: 3, field: 'email', value: 'not-an-email', reason: VALUE_REASONS.notEmail },
      { row: 5, field: 'customer_id, email', value: '', reason: ROW_ERROR_REASONS.missingOneOf(['user_id', 'email', 'anonymous_id']) },
    ];

    it('reports every bad row with its exact row number and stores nothing', async () => {
      const w = world();
      const before = await stored(w);
      const response = await importFile('alice', fileOf('dry.csv', csv), { ...options, dryRun: true });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ dryRun: true, totalRows: 5, added: 3, updated: 0, skipped: 0, invalidRows: 2, errorCount: 2, importId: null, source: null });
      expect(response.body.errors).toEqual(expectedErrors);
      expect(await stored(w)).toEqual(before);
    });

    it('refuses the real import with the report, or stores only the valid rows with skipInvalid', async () => {
      const w = world();
      const refused = await expectRefused(fileOf('rows.csv', csv), 400, 'import_rows_invalid', options);
      expect(refused.body.error).toBe('Some rows are not valid');
      expect(refused.body.report).toMatchObject({ dryRun: false, totalRows: 5, added: 0, invalidRows: 2, errorCount: 2 });
      expect(refused.body.report.errors).toEqual(expectedErrors);

      const skipping = await importFile('alice', fileOf('rows.csv', csv), { ...options, skipInvalid: true });
      expect(skipping.status).toBe(200);
      expect(skipping.body).toMatchObject({ totalRows: 5, added: 3, updated: 0, skipped: 2, invalidRows: 2, errorCount: 2 });
      expect(skipping.body.errors).toEqual(expectedErrors);
      const rows = await recordsOf(w, skipping.body.source.id);
      expect(rows.map((row) => [row.recordIndex, row.userId])).toEqual([
        [0, 'C-1'],
        [2, 'C-3'],
        [4, 'C-5'],
      ]);
    });

    it('reports duplicate keys and refuses a mapping the file or the kind does not have', async () => {
      const duplicates = await importFile('alice', fileOf('dup.csv', 'customer_id,email\nC-1,a@example.com\nC-2,b@example.com\nC-1,c@example.com\n'), {
        ...PEOPLE_OPTIONS,
        mapping: { customer_id: 'user_id', email: 'email' },
        dryRun: true,
      });
      expect(duplicates.body.errors).toEqual([{ row: 4, field: 'customer_id', value: 'C-1', reason: ROW_ERROR_REASONS.duplicateKey(2) }]);

      const path = fileOf('map.csv', 'customer_id,email\nC-1,a@example.com\n');
      const unknownColumn = await expectRefused(path, 400, 'validation_failed', { ...PEOPLE_OPTIONS, mapping: { nope: 'email' } });
      expect(unknownColumn.body.error).toBe('The mapped column "nope" is not a column of the file.');
      const unknownField = await expectRefused(path, 400, 'validation_failed', { ...PEOPLE_OPTIONS, mapping: { customer_id: 'title' } });
      expect(unknownField.body.error).toBe('"title" is not a unified field of people records.');
      const missingOptions = await world().http.post('/api/data-sources/import').set(world().bearer('alice')).attach('file', path);
      expect(missingOptions.status).toBe(400);
      expect(missingOptions.body.error).toBe('Send the import options (the field "options") before the file.');
      const unsupported = await expectRefused(fileOf('notes.txt', 'a,b\n'), 400, 'unsupported_file');
      expect(unsupported.body.message).toBe('"notes.txt" is not a .csv, .json, .xlsx or .xls file.');
    });
  });

  describe('upserts, templates and date range', () => {
    it('updates records by key on re-import into the same source, and says how many were added and updated', async () => {
      const w = world();
      const first = await importFile('alice', fileOf('crm.csv', 'customer_id,email,name\nC-1,ann@example.com,Ann\nC-2,ben@example.com,Ben\nC-3,cat@example.com,Cat\n'), PEOPLE_OPTIONS);
      expect(first.status).toBe(200);
      const sourceId = first.body.source.id as string;
      const before = await recordsOf(w, sourceId);

      const second = fileOf('crm.csv', 'customer_id,email,name\nC-1,ann@new.example.com,Ann Lee\nC-4,dan@example.com,Dan\n');
      const dry = await importFile('alice', second, { ...PEOPLE_OPTIONS, sourceId, dryRun: true });
      expect(dry.body).toMatchObject({ dryRun: true, added: 1, updated: 1, skipped: 0 });

      const again = await importFile('alice', second, { ...PEOPLE_OPTIONS, sourceId });
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ added: 1, updated: 1, skipped: 0, totalRows: 2 });
      expect(again.body.source).toMatchObject({ id: sourceId, records: 4, description: 'Imported CSV file with 4 records' });
      const after = await recordsOf(w, sourceId);
      expect(after).toHaveLength(4);
      const ann = after.find((record) => record.recordKey === 'C-1')!;
      expect(ann.id).toBe(before.find((record) => record.recordKey === 'C-1')!.id);
      expect(ann).toMatchObject({ email: 'ann@new.example.com', data: { customer_id: 'C-1', email: 'ann@new.example.com', name: 'Ann Lee' }, importId: again.body.importId });
      expect(after.filter((record) => record.recordKey === 'C-2')).toHaveLength(1);
      expect(await w.em().count(DataSource, { name: 'crm.csv' })).toBe(1);
    });

    it('offers the saved template on the next preview of a file with the same header', async () => {
      const header = 'member_no,mail,full_name,city';
      const first = await preview('alice', fileOf('members.csv', `${header}\nM-1,a@example.com,Ann,Oslo\n`));
      expect(first.body.template).toBeNull();
      const options = { recordKind: 'people', mapping: { member_no: 'user_id', mail: 'email', full_name: 'name', city: 'location' }, keyColumn: 'member_no' };
      const imported = await importFile('alice', fileOf('members.csv', `${header}\nM-1,a@example.com,Ann,Oslo\n`), options);
      expect(imported.body.template).toMatchObject({ name: 'members.csv', columns: header.split(','), recordKind: 'people', mapping: options.mapping, keyColumn: 'member_no', dateColumn: null });

      const next = await preview('alice', fileOf('members-march.csv', `${header}\nM-2,b@example.com,Ben,Rome\n`));
      expect(next.body.template).toEqual(imported.body.template);
      const otherCompany = await preview('carol', fileOf('members.csv', `${header}\nM-2,b@example.com,Ben,Rome\n`));
      expect(otherCompany.body.template).toBeNull();
    });

    it('keeps only the rows in the date range and reports unreadable dates', async () => {
      const day = 24 * 60 * 60 * 1000;
      const iso = (ago: number) => new Date(Date.now() - ago * day).toISOString();
      const csv = ['event,user_id,timestamp', `view,U1,${iso(2)}`, `view,U2,${iso(100)}`, 'view,U3,03/04/2026', `view,U4,${iso(20)}`, 'view,U5,'].join('\n');
      const options = { recordKind: 'events', mapping: { event: 'event_type', user_id: 'user_id', timestamp: 'event_time' }, dateColumn: 'timestamp', dateRange: '30d', skipInvalid: true };
      const response = await importFile('alice', fileOf('events.csv', csv), options);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ totalRows: 5, added: 2, outOfRange: 2, invalidRows: 1, skipped: 3 });
      expect(response.body.errors).toEqual([{ row: 4, field: 'timestamp', value: '03/04/2026', reason: ROW_ERROR_REASONS.invalidDate }]);
      const rows = await recordsOf(world(), response.body.source.id);
      expect(rows.map((row) => row.userId)).toEqual(['U1', 'U4']);
      expect(rows.every((row) => row.eventType === 'view' && row.eventTime instanceof Date)).toBe(true);
    });

    it('recomputes unified values when a source mapping changes (remapSource)', async () => {
      const w = world();
      const response = await importFile('alice', fileOf('remap.csv', 'customer_id,email,town\nC-1,a@example.com,Oslo\n'), { ...PEOPLE_OPTIONS, mapping: { customer_id: 'user_id', email: 'email' } });
      const em = w.em();
      const source = await em.findOneOrFail(DataSource, { id: response.body.source.id });
      source.mapping = { customer_id: 'anonymous_id', town: 'location' };
      await em.flush();
      expect(await remapSource(w.em(), source.id)).toBe(1);
      const [record] = await recordsOf(w, source.id);
      expect(record).toMatchObject({ unified: { anonymous_id: 'C-1', location: 'Oslo' }, userId: null, email: null, anonymousId: 'C-1' });
    });
  });

  describe('progress stream', () => {
    it('streams progress lines and ends with one result line', async () => {
      const rows = Array.from({ length: 5_000 }, (_, index) => `C-${index},p${index}@example.com,Person ${index}`);
      // PostgreSQL: an import this large refreshes data_records' planner statistics (autovacuum may be off).
      const analyzeCount = async () =>
        Number((await world().em().getConnection().execute("select analyze_count from pg_stat_user_tables where relname = 'data_records'"))[0]?.analyze_count ?? 0);
      const analyzedBefore = usingPostgres() ? await analyzeCount() : 0;
      const response = await importFile('alice', fileOf('stream.csv', ['customer_id,email,name', ...rows].join('\n')), PEOPLE_OPTIONS, 'application/x-ndjson');
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/x-ndjson/);
      const events = response.text.trim().split('\n').map((line) => JSON.parse(line) as ImportEvent);
      const progress = events.filter((event) => event.type === 'progress');
      expect(progress.length).toBeGreaterThanOrEqual(3);
      expect(progress.some((event) => event.phase === 'storing' && event.rowsStored > 0)).toBe(true);
      expect(progress.at(-1)).toMatchObject({ rowsParsed: 5_000, rowsStored: 5_000 });
      expect(progress.at(-1)!.bytesTotal).toBeGreaterThan(0);
      expect(progress.at(-1)!.bytesReceived).toBe(progress.at(-1)!.bytesTotal);
      expect(events.slice(0, -1).every((event) => event.type === 'progress')).toBe(true);
      expect(events.at(-1)).toMatchObject({ type: 'result', status: 200, body: { added: 5_000, totalRows: 5_000 } });
      if (usingPostgres()) expect(await analyzeCount()).toBeGreaterThan(analyzedBefore);
    });

    it('ends with an error line carrying the status and report of the plain call', async () => {
      const response = await importFile('alice', fileOf('bad-stream.csv', 'customer_id,email,name\nC-1,nope,Ann\n'), PEOPLE_OPTIONS, 'application/x-ndjson');
      expect(response.status).toBe(200);
      const last = JSON.parse(response.text.trim().split('\n').at(-1)!) as ImportEvent;
      expect(last).toMatchObject({ type: 'error', status: 400, body: { code: 'import_rows_invalid', report: { invalidRows: 1 } } });
    });

    it('answers errors found before the file is read as plain HTTP errors', async () => {
      const path = fileOf('plain.csv', 'customer_id,email\nC-1,a@example.com\n');
      const anonymous = await world().http.post('/api/data-sources/import').set('Accept', 'application/x-ndjson').field('options', JSON.stringify(PEOPLE_OPTIONS)).attach('file', path);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.code).toBe('authentication_required');
      const forbidden = await importFile('bob', path, PEOPLE_OPTIONS, 'application/x-ndjson');
      expect(forbidden.status).toBe(403);
    });
  });

  describe('tenancy', () => {
    it("never imports into another company's source, nor for a user without data_sources:write", async () => {
      const w = world();
      const acme = await importFile('alice', fileOf('acme.csv', 'customer_id,email,name\nC-1,a@example.com,Ann\n'), PEOPLE_OPTIONS);
      const sourceId = acme.body.source.id as string;
      const path = fileOf('acme.csv', 'customer_id,email,name\nC-1,evil@example.com,Eve\n');
      const asCarol = await expectRefused(path, 404, 'not_found', { ...PEOPLE_OPTIONS, sourceId }, 'carol');
      expect(asCarol.body.error).toBe('Data source not found');
      const asDan = await expectRefused(path, 403, 'access_denied', { ...PEOPLE_OPTIONS, sourceId }, 'dan');
      expect(asDan.body.message).toBeTruthy();
      await expectRefused(path, 403, 'access_denied', PEOPLE_OPTIONS, 'bob');
      const previewAsBob = await preview('bob', path);
      expect(previewAsBob.status).toBe(403);
      const [record] = await recordsOf(w, sourceId);
      expect(record!.email).toBe('a@example.com');

      const adminWithoutCompany = await importFile('admin', path, PEOPLE_OPTIONS);
      expect(adminWithoutCompany.status).toBe(400);
      expect(adminWithoutCompany.body.code).toBe('company_required');
      const adminForGlobex = await importFile('admin', path, { ...PEOPLE_OPTIONS, companyId: w.companies.globex.id });
      expect(adminForGlobex.status).toBe(200);
      expect(adminForGlobex.body.source.companyId).toBe(w.companies.globex.id);
    });
  });
});

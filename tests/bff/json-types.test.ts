/**
 * Stored records keep the JSON types their values arrived with: one record holding an object, an
 * array, an integer, a float, a boolean, a null and a string goes in by every intake path (JSON
 * and CSV files, the ingestion URL, the REST and GraphQL sources, a PostgreSQL source) and comes
 * back out of the records API deep-equal, types included. A CSV file's cells are text, so there a
 * column mapped to a number, integer, boolean or tags field comes back as that type.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exactNumber } from '@domain/data/values';
import { DataSource } from '@bff/entities';
import { pgDriver } from '@bff/modules/connectors/database';
import { createSyncWorker } from '@bff/modules/dataSources/sync/worker';
import { sendJson, startHttpServer, type LocalHttpServer } from './support/localServers';
import { useWorld, type World } from './support/world';

/** One value of every JSON type. */
const RECORD = {
  user_id: 'U-1',
  email: 'ann@example.com',
  profile: { plan: 'pro', seats: 3, address: { city: 'Lyon' } },
  visits: [1, 'two', { three: 3 }, [4.5], null, false],
  CreationTS: 1666261656,
  Price: 0.0125,
  Delivered: true,
  Cancelled: null,
  note: 'ships "fast", today',
} as const;

const folder = mkdtempSync(join(tmpdir(), 'navout-json-types-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
let fileCount = 0;
function fileOf(name: string, content: string): string {
  const directory = join(folder, String(++fileCount));
  mkdirSync(directory);
  const path = join(directory, name);
  writeFileSync(path, content);
  return path;
}

describe('JSON types of stored records', () => {
  const world = useWorld({ env: { CONNECTOR_ALLOW_PRIVATE: 'true' } });
  const as = (who: Parameters<World['bearer']>[0]) => world().bearer(who);
  let api: LocalHttpServer;

  beforeAll(async () => {
    api = await startHttpServer((request, response, received) => {
      if (request.url?.startsWith('/rest')) sendJson(response, 200, { data: [RECORD] });
      else if (request.url?.startsWith('/graphql')) {
        const { query } = JSON.parse(received.body) as { query: string };
        sendJson(response, 200, query.includes('customers') ? { data: { customers: { nodes: [RECORD] } } } : { errors: [{ message: 'unknown' }] });
      } else sendJson(response, 404, {});
    });
  });
  afterAll(() => api.close());

  const recordsOf = async (sourceId: string) => {
    const response = await world().http.get(`/api/data-sources/${sourceId}/records`).query({ limit: '100' }).set(as('alice'));
    expect(response.status).toBe(200);
    return (response.body as { records: Array<{ data: Record<string, unknown>; unified: Record<string, unknown> }> }).records;
  };

  /** The source's records as the records API answers them, after one sync by the worker. */
  async function connectAndSync(catalogueId: string, settings: Record<string, string | boolean>) {
    const w = world();
    for (const source of await w.em().find(DataSource, { companyId: w.companies.acme.id, catalogueId })) await w.http.delete(`/api/data-sources/${source.id}`).set(as('admin'));
    const connected = await w.http.post('/api/data-sources').set(as('alice')).send({ catalogueId, settings });
    expect(connected.status, JSON.stringify(connected.body)).toBe(201);
    const id = connected.body.id as string;
    expect((await w.http.post(`/api/data-sources/${id}/sync`).set(as('alice'))).status).toBe(202);
    const worker = createSyncWorker({ orm: w.orm, fork: () => w.em(), config: w.config, logger: pino({ level: 'silent' }), workerId: `types-${catalogueId}` });
    expect(await worker.runDue()).toBe(1);
    return recordsOf(id);
  }

  const importFile = (name: string, content: string, options: object) =>
    world().http.post('/api/data-sources/import').set(as('alice')).field('options', JSON.stringify(options)).attach('file', fileOf(name, content));

  it('keeps a JSON file’s values as given', async () => {
    const response = await importFile('people.json', JSON.stringify([RECORD]), { recordKind: 'people', mapping: { user_id: 'user_id', email: 'email' } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const [stored] = await recordsOf(response.body.source.id as string);
    expect(stored!.data).toStrictEqual(RECORD);
  });

  it('stores a CSV column mapped to a number, integer, boolean or tags field as that type, the others as their text', async () => {
    const csv = ['user_id,email,age,ltv,marketing_opt_in,analytics_opt_in,CreationTS,note', 'U-1,Ann@Example.com,41,"$1,200.50",yes,,1666261656,"ships ""fast"", today"'].join('\n');
    const mapping = { user_id: 'user_id', email: 'email', age: 'age', ltv: 'ltv', marketing_opt_in: 'marketing_opt_in', analytics_opt_in: 'analytics_opt_in' };
    const response = await importFile('people.csv', csv, { recordKind: 'people', mapping });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const [stored] = await recordsOf(response.body.source.id as string);
    // The e-mail keeps its spelling in data (unified lower-cases it); an unmapped column is text; an empty typed cell is null.
    expect(stored!.data).toStrictEqual({ user_id: 'U-1', email: 'Ann@Example.com', age: 41, ltv: 1200.5, marketing_opt_in: true, analytics_opt_in: null, CreationTS: '1666261656', note: 'ships "fast", today' });
    expect(stored!.unified).toStrictEqual({ user_id: 'U-1', email: 'ann@example.com', age: 41, ltv: 1200.5, marketing_opt_in: true });

    const items = await importFile('items.csv', 'sku,title,tags,price,available\nS-1,Hat,"red; wool",12,false\n', {
      recordKind: 'items',
      mapping: { sku: 'item_id', title: 'title', tags: 'tags', price: 'price', available: 'available' },
    });
    expect(items.status, JSON.stringify(items.body)).toBe(200);
    expect((await recordsOf(items.body.source.id as string))[0]!.data).toStrictEqual({ sku: 'S-1', title: 'Hat', tags: ['red', 'wool'], price: 12, available: false });
  });

  it('keeps a record pushed to the ingestion URL as sent', async () => {
    const w = world();
    const connected = await w.http.post('/api/data-sources').set(as('alice')).send({ catalogueId: 'webhook', settings: {} });
    expect(connected.status, JSON.stringify(connected.body)).toBe(201);
    const id = connected.body.id as string;
    const secret = (await w.http.post(`/api/data-sources/${id}/ingest-secret`).set(as('alice'))).body.secret as string;
    const pushed = await w.http.post(`/api/ingest/${id}`).set({ 'Content-Type': 'application/json', 'x-navout-ingest-secret': secret }).send(JSON.stringify(RECORD));
    expect(pushed.status, JSON.stringify(pushed.body)).toBeLessThan(300);
    const [stored] = await recordsOf(id);
    expect(stored!.data).toStrictEqual(RECORD);
  });

  it('keeps the records a REST API answered', async () => {
    const [stored] = await connectAndSync('rest-api', { url: `${api.base}/rest/customers`, recordsPath: 'data' });
    expect(stored!.data).toStrictEqual(RECORD);
  });

  it('keeps the records a GraphQL API answered', async () => {
    const [stored] = await connectAndSync('graphql', { endpoint: `${api.base}/graphql`, query: '{ customers { nodes { user_id } } }', recordsPath: 'customers.nodes' });
    expect(stored!.data).toStrictEqual(RECORD);
  });

  describe('a PostgreSQL source', () => {
    const admin = new pgDriver.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'test' });
    const schema = `navout_types_${randomBytes(4).toString('hex')}`;
    beforeAll(async () => {
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      await admin.query(
        `create table ${schema}.customers (user_id text, email text, profile jsonb, visits json, "CreationTS" bigint, "Price" numeric(10, 4), "Delivered" boolean, "Cancelled" text, note text,
          big bigint, exact numeric, ratio double precision, counts int[], amounts numeric[])`,
      );
      await admin.query(`insert into ${schema}.customers values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 12345678901234567890 / 10, 0.1000000000000000055511, 0.5, '{1,2}', '{1.50,2}')`, [
        RECORD.user_id, RECORD.email, JSON.stringify(RECORD.profile), JSON.stringify(RECORD.visits), RECORD.CreationTS, RECORD.Price, RECORD.Delivered, RECORD.Cancelled, RECORD.note,
      ]);
    });
    afterAll(async () => {
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    });

    it('keeps each column in its JSON type, and a decimal no double holds exactly as its text', async () => {
      const [stored] = await connectAndSync('postgresql', { host: '127.0.0.1', port: '5432', database: 'test', user: 'postgres', tls: false, query: `select * from ${schema}.customers` });
      // numeric(10, 4) answers 0.0125 as "0.0125": a number.
      expect(stored!.data).toStrictEqual({ ...RECORD, big: '1234567890123456789', exact: '0.1000000000000000055511', ratio: 0.5, counts: [1, 2], amounts: [1.5, 2] });
    });
  });

  it('reads a decimal’s text as a number only when the number is exactly that value', () => {
    expect([exactNumber('0.0125'), exactNumber('1666261656'), exactNumber('12.50'), exactNumber('-0.5'), exactNumber('-0'), exactNumber('9007199254740991')]).toEqual([0.0125, 1666261656, 12.5, -0.5, 0, 9007199254740991]);
    for (const text of ['9007199254740993', '12345678901234567890', '0.1000000000000000055511', '1e5', 'NaN', '', '1.2.3']) expect(exactNumber(text), text).toBeNull();
  });
});

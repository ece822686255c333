/**
 * The database connectors against the local PostgreSQL (127.0.0.1:5432, user postgres, db test)
 * and, when it answers, the local MySQL/MariaDB (127.0.0.1:3306, user root, db test). Each run
 * works in its own scratch schema or table and drops it afterwards.
 */
import { randomBytes } from 'node:crypto';
import { connect as netConnect } from 'node:net';
import mysql from 'mysql2/promise';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataRecord, DataSource, SyncRun } from '../../bff/entities';
import { checkReadOnlyQuery, createDatabaseConnectors, pgDriver } from '../../bff/modules/connectors/database';
import type { ConnectorContext } from '../../bff/modules/connectors/types';
import { createSyncWorker } from '../../bff/modules/dataSources/sync/worker';
import { startTcpServer, unusedPort } from './support/localServers';
import { useWorld, type World } from './support/world';
import { failureOf, pullAll } from './support/connectors';

const { postgresql, mysql: mysqlConnector } = createDatabaseConnectors({ statementTimeoutMs: 400, batchRows: 10 });
const silent = pino({ level: 'silent' });

function contextFor(settings: Record<string, string | boolean>, options: { password?: string; cursor?: string | null; allowPrivate?: boolean } = {}): ConnectorContext {
  return {
    settings,
    secrets: options.password === undefined ? {} : { password: options.password },
    cursor: options.cursor ?? null,
    fetch: () => Promise.reject(new Error('no HTTP here')),
    signal: new AbortController().signal,
    logger: silent,
    allowPrivate: options.allowPrivate ?? true,
  };
}

const reachable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = netConnect(port, '127.0.0.1');
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });

const postgresUp = await reachable(5432);
const mysqlUp = await reachable(3306);
const unique = `navout_conn_${randomBytes(4).toString('hex')}`;

describe('the read-only query check', () => {
  it('accepts one SELECT or WITH, with a trailing semicolon and semicolons inside strings or comments', () => {
    expect(checkReadOnlyQuery('  select 1;  ', 'postgresql')).toBe('select 1');
    expect(checkReadOnlyQuery("select ';' as s -- ; comment", 'postgresql')).toBe("select ';' as s -- ; comment");
    expect(checkReadOnlyQuery('with t as (select 1 as a) select * from t', 'mysql')).toBe('with t as (select 1 as a) select * from t');
    expect(checkReadOnlyQuery('select $$;$$ as body', 'postgresql')).toBe('select $$;$$ as body');
    expect(checkReadOnlyQuery("select 'it\\'s; fine'", 'mysql')).toBe("select 'it\\'s; fine'");
  });

  it('refuses several statements, writes, INTO and executable comments with a clear reason', () => {
    expect(() => checkReadOnlyQuery('select 1; drop table users', 'postgresql')).toThrow(/single statement/);
    expect(() => checkReadOnlyQuery('delete from users', 'postgresql')).toThrow(/must start with SELECT or WITH, not DELETE/);
    expect(() => checkReadOnlyQuery('update users set a = 1', 'mysql')).toThrow(/not UPDATE/);
    expect(() => checkReadOnlyQuery('select * into copy from users', 'postgresql')).toThrow(/INTO/);
    expect(() => checkReadOnlyQuery("select * from users into outfile '/tmp/x'", 'mysql')).toThrow(/INTO/);
    expect(() => checkReadOnlyQuery('select 1 /*!50000 into outfile "/tmp/x" */', 'mysql')).toThrow(/\/\*!/);
    expect(() => checkReadOnlyQuery("select 'unclosed", 'postgresql')).toThrow(/unclosed quote/);
    expect(() => checkReadOnlyQuery('   ', 'postgresql')).toThrow(/query is required/);
  });
});

describe.runIf(postgresUp)('PostgreSQL', () => {
  const admin = new pgDriver.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'test' });
  const settings = (query: string, extra: Record<string, string | boolean> = {}) => ({
    host: '127.0.0.1',
    port: '5432',
    database: 'test',
    user: 'postgres',
    tls: false,
    query,
    ...extra,
  });
  const itemsQuery = `select id, name, updated_at from ${unique}.items`;
  const count = async () => Number((await admin.query<{ count: string }>(`select count(*) from ${unique}.items`)).rows[0]!.count);

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`create schema ${unique}`);
    await admin.query(`create table ${unique}.items (id int primary key, name text not null, updated_at timestamptz not null)`);
    await admin.query(
      `insert into ${unique}.items select n, 'item ' || n, timestamptz '2026-01-01 00:00:00+00' + n * interval '1 minute' from generate_series(1, 25) n`,
    );
    await admin.query(`create function ${unique}.sneaky() returns int language sql as $$ insert into ${unique}.items values (999, 'sneaky', now()) returning 1 $$`);
  });

  afterAll(async () => {
    await admin.query(`drop schema if exists ${unique} cascade`);
    await admin.end();
  });

  it('reads every row in batches, with the largest cursor value, then only newer rows on the next run', async () => {
    const batches = await pullAll(postgresql, contextFor(settings(itemsQuery, { cursorColumn: 'updated_at' })));
    expect(batches.map((batch) => batch.records.length)).toEqual([10, 10, 5]);
    const ids = batches.flatMap((batch) => batch.records.map((record) => record.id));
    expect(ids).toEqual(Array.from({ length: 25 }, (_, index) => index + 1));
    expect(batches[0]!.records[0]).toEqual({ id: 1, name: 'item 1', updated_at: '2026-01-01 00:01:00+00' });
    const cursor = batches.at(-1)!.cursor!;
    expect(cursor).toBe('2026-01-01 00:25:00+00');

    await admin.query(`insert into ${unique}.items values (26, 'item 26', '2026-02-01 00:00:00+00'), (27, 'item 27', '2026-02-02 00:00:00+00')`);
    await admin.query(`update ${unique}.items set name = 'renamed', updated_at = '2026-02-03 00:00:00+00' where id = 3`);
    const second = await pullAll(postgresql, contextFor(settings(itemsQuery, { cursorColumn: 'updated_at' }), { cursor }));
    expect(second.flatMap((batch) => batch.records.map((record) => [record.id, record.name]))).toEqual([
      [26, 'item 26'],
      [27, 'item 27'],
      [3, 'renamed'],
    ]);
    expect(second.at(-1)!.cursor).toBe('2026-02-03 00:00:00+00');
    const third = await pullAll(postgresql, contextFor(settings(itemsQuery, { cursorColumn: 'updated_at' }), { cursor: second.at(-1)!.cursor! }));
    expect(third).toEqual([]);
  });

  it('reads a query without cursor column whole, in batches without a cursor', async () => {
    const batches = await pullAll(postgresql, contextFor(settings(`select id from ${unique}.items where id <= 12 order by id;`)));
    expect(batches.map((batch) => batch.records.length)).toEqual([10, 2]);
    expect(batches.every((batch) => batch.cursor === undefined)).toBe(true);
  });

  it('test() checks the query, the database and the cursor column with the server message', async () => {
    await expect(postgresql.test(contextFor(settings(itemsQuery, { cursorColumn: 'updated_at' })))).resolves.toBeUndefined();
    expect((await failureOf(postgresql.test(contextFor(settings(itemsQuery, { cursorColumn: 'nope' }))))).message).toMatch(/does not exist: column q.nope does not exist/);
    expect((await failureOf(postgresql.test(contextFor({ ...settings(itemsQuery), database: `${unique}_missing` })))).message).toMatch(
      new RegExp(`PostgreSQL has no such database: database "${unique}_missing" does not exist`),
    );
    expect((await failureOf(postgresql.test(contextFor(settings('select from from where'))))).message).toMatch(/^The query has a syntax error: syntax error at or near/);
  });

  it('refuses a write by the check, and the read-only transaction refuses one hidden in a SELECT', async () => {
    expect((await failureOf(pullAll(postgresql, contextFor(settings(`delete from ${unique}.items`))))).message).toMatch(/must start with SELECT or WITH/);
    // The check passes these: the database itself must refuse them.
    const hidden = await failureOf(pullAll(postgresql, contextFor(settings(`select ${unique}.sneaky() as n`))));
    expect(hidden.message).toMatch(/read-only transaction refused it: cannot execute INSERT in a read-only transaction/);
    const cte = await failureOf(pullAll(postgresql, contextFor(settings(`with gone as (delete from ${unique}.items returning id) select * from gone`))));
    expect(cte.message).toMatch(/^PostgreSQL: DECLARE CURSOR must not contain data-modifying statements in WITH/);
    const escape = await failureOf(pullAll(postgresql, contextFor(settings(`select set_config('transaction_read_only', 'off', true), ${unique}.sneaky()`))));
    expect(escape.message).toMatch(/read-write mode must be set before any query|read-only/);
    expect(await count()).toBe(27);
    expect((await admin.query<{ count: string }>(`select count(*) from ${unique}.items where id = 999`)).rows[0]!.count).toBe('0');
  });

  it('stops a query that runs past the statement timeout', async () => {
    const started = Date.now();
    const error = await failureOf(pullAll(postgresql, contextFor(settings('select pg_sleep(5)'))));
    expect(error.message).toMatch(/ran longer than 0.4 s and was stopped \(canceling statement due to statement timeout\)/);
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it('refuses a private host unless private addresses are allowed', async () => {
    const error = await failureOf(pullAll(postgresql, contextFor(settings(itemsQuery), { allowPrivate: false })));
    expect(error.message).toBe('Refused: 127.0.0.1 is a private or local address');
  });

  /**
   * A stand-in that asks for a password (cleartext, or SCRAM as PostgreSQL's default) and refuses
   * whatever comes: the local server trusts 127.0.0.1, so it never asks. `received` is the
   * cleartext password the client sent.
   */
  async function passwordStandIn(method: 'cleartext' | 'scram' = 'cleartext') {
    const state = { received: null as string | null };
    const standIn = await startTcpServer((socket) => {
      let pending = Buffer.alloc(0);
      let started = false;
      socket.on('data', (data: Buffer) => {
        pending = Buffer.concat([pending, data]);
        // The startup message has no type byte; every later message does.
        const offset = started ? 1 : 0;
        if (pending.length < offset + 4 || pending.length < offset + pending.readInt32BE(offset)) return;
        const message = pending.subarray(0, offset + pending.readInt32BE(offset));
        pending = pending.subarray(message.length);
        if (!started) {
          started = true;
          if (method === 'cleartext') socket.write(Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 3])); // AuthenticationCleartextPassword
          else socket.write(authentication(10, 'SCRAM-SHA-256\0\0')); // AuthenticationSASL
          return;
        }
        // Only the password message ('p') is answered; the client's goodbye ('X') is not.
        if (message[0] !== 0x70) return;
        if (method === 'scram') {
          // AuthenticationSASLContinue: the client needs its password from here on.
          socket.write(authentication(11, 'r=client-nonce-server-nonce,s=c2FsdA==,i=4096'));
          return;
        }
        state.received = message.subarray(5, message.length - 1).toString();
        const fields = Buffer.from('SFATAL\0VFATAL\0C28P01\0Mpassword authentication failed for user "alice"\0\0');
        const head = Buffer.alloc(5);
        head.write('E');
        head.writeInt32BE(fields.length + 4, 1);
        socket.end(Buffer.concat([head, fields]));
      });
    });
    return { port: String(standIn.port), state, close: standIn.close };
  }

  function authentication(code: number, data: string): Buffer {
    const body = Buffer.from(data);
    const head = Buffer.alloc(9);
    head.write('R');
    head.writeInt32BE(body.length + 8, 1);
    head.writeInt32BE(code, 5);
    return Buffer.concat([head, body]);
  }

  it('names a refused login without the password (a server asking for one)', async () => {
    const standIn = await passwordStandIn();
    try {
      const password = 'hunter2-very-secret';
      const error = await failureOf(postgresql.test(contextFor({ ...settings('select 1'), port: standIn.port, user: 'alice' }, { password })));
      expect(standIn.state.received).toBe(password);
      expect(error.message).toBe('PostgreSQL refused the login: password authentication failed for user "alice"');
      expect(error.message).not.toContain(password);
    } finally {
      await standIn.close();
    }
  });

  it("sends an empty password for a source without one (never the server's own PGPASSWORD), and says when the server wants one", async () => {
    const standIn = await passwordStandIn();
    const own = process.env.PGPASSWORD;
    process.env.PGPASSWORD = 'the-servers-own-database-password';
    try {
      const error = await failureOf(postgresql.test(contextFor({ ...settings('select 1'), port: standIn.port, user: 'alice' })));
      expect(standIn.state.received).toBe('');
      expect(error.message).toBe('PostgreSQL refused the login: password authentication failed for user "alice"');
    } finally {
      if (own === undefined) delete process.env.PGPASSWORD;
      else process.env.PGPASSWORD = own;
      await standIn.close();
    }
    const scram = await passwordStandIn('scram');
    try {
      const error = await failureOf(postgresql.test(contextFor({ ...settings('select 1'), port: scram.port, user: 'alice' })));
      expect(error.message).toBe('PostgreSQL asks for a password for user alice: enter it in the source settings.');
    } finally {
      await scram.close();
    }
  });

  it('says when nothing listens at the address (retryable)', async () => {
    const port = String(await unusedPort());
    const error = await failureOf(postgresql.test(contextFor({ ...settings('select 1'), port })));
    expect(error.message).toBe(`Could not reach PostgreSQL at 127.0.0.1:${port} (ECONNREFUSED).`);
    expect(error.retryable).toBe(true);
  });
});

describe.runIf(mysqlUp)('MySQL / MariaDB', () => {
  let admin: mysql.Connection;
  const table = `${unique}_items`;
  const settings = (query: string, extra: Record<string, string | boolean> = {}) => ({
    host: '127.0.0.1',
    port: '3306',
    database: 'test',
    user: 'root',
    tls: false,
    query,
    ...extra,
  });
  const itemsQuery = `select id, name, updated_at from ${table}`;

  beforeAll(async () => {
    admin = await mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root', database: 'test', dateStrings: true });
    await admin.query(`create table ${table} (id int primary key, name varchar(50) not null, updated_at datetime not null)`);
    // Three rows share each timestamp, so pages of 10 end inside a run of equal values.
    const values = Array.from({ length: 25 }, (_, index) => [index + 1, `item ${index + 1}`, `2026-01-01 00:${String(Math.floor(index / 3)).padStart(2, '0')}:00`]);
    await admin.query(`insert into ${table} (id, name, updated_at) values ?`, [values]);
    await admin.query(`create function ${unique}_sneaky() returns int modifies sql data begin insert into ${table} values (999, 'sneaky', now()); return 1; end`);
  });

  afterAll(async () => {
    await admin.query(`drop function if exists ${unique}_sneaky`);
    await admin.query(`drop table if exists ${table}`);
    await admin.end();
  });

  it('reads every row once in keyset pages (ties kept together), then only newer rows', async () => {
    const batches = await pullAll(mysqlConnector, contextFor(settings(itemsQuery, { cursorColumn: 'updated_at' })));
    const ids = batches.flatMap((batch) => batch.records.map((record) => record.id)).sort((a, b) => Number(a) - Number(b));
    expect(ids).toEqual(Array.from({ length: 25 }, (_, index) => index + 1));
    expect(batches.length).toBeGreaterThan(1);
    const cursor = batches.at(-1)!.cursor!;
    expect(cursor).toBe('2026-01-01 00:08:00');

    await admin.query(`insert into ${table} values (26, 'item 26', '2026-02-01 00:00:00')`);
    await admin.query(`update ${table} set name = 'renamed', updated_at = '2026-02-02 00:00:00' where id = 4`);
    const second = await pullAll(mysqlConnector, contextFor(settings(itemsQuery, { cursorColumn: 'updated_at' }), { cursor }));
    expect(second.flatMap((batch) => batch.records.map((record) => [record.id, record.name]))).toEqual([
      [26, 'item 26'],
      [4, 'renamed'],
    ]);
    expect(second.at(-1)!.cursor).toBe('2026-02-02 00:00:00');

    // A '?' of the query's own is not taken for the cursor's placeholder.
    const marked = await pullAll(mysqlConnector, contextFor(settings(`select id, '?' as mark, updated_at from ${table}`, { cursorColumn: 'updated_at' }), { cursor }));
    expect(marked.flatMap((batch) => batch.records.map((record) => [record.id, record.mark]))).toEqual([
      [26, '?'],
      [4, '?'],
    ]);
  });

  it('streams a query without cursor column in batches', async () => {
    const batches = await pullAll(mysqlConnector, contextFor(settings(`select id from ${table} order by id`)));
    expect(batches.map((batch) => batch.records.length)).toEqual([10, 10, 6]);
  });

  it('closes cleanly when the reader stops after the first streamed batch', async () => {
    let batches = 0;
    for await (const batch of mysqlConnector.pull(contextFor(settings(`select id from ${table} order by id`)))) {
      batches += 1;
      expect(batch.records).toHaveLength(10);
      break;
    }
    expect(batches).toBe(1);
    // The connection was let go: a new run works at once.
    expect((await pullAll(mysqlConnector, contextFor(settings(`select id from ${table} where id = 1`)))).flatMap((batch) => batch.records)).toEqual([{ id: 1 }]);
  });

  it('refuses writes by the check and by the read-only transaction', async () => {
    expect((await failureOf(pullAll(mysqlConnector, contextFor(settings(`update ${table} set name = 'x'`))))).message).toMatch(/must start with SELECT or WITH/);
    const hidden = await failureOf(pullAll(mysqlConnector, contextFor(settings(`select ${unique}_sneaky() as n`))));
    expect(hidden.message).toMatch(/read-only transaction refused it: Cannot execute statement in a READ ONLY transaction/);
    const [[{ total }]] = (await admin.query(`select count(*) as total from ${table} where id = 999`)) as unknown as [[{ total: number }]];
    expect(Number(total)).toBe(0);
  });

  it('stops a query past the statement timeout, and names a syntax error and an unknown database', async () => {
    const error = await failureOf(pullAll(mysqlConnector, contextFor(settings('select sleep(3) as slept from dual'))));
    // MariaDB fails the statement (max_statement_time); MySQL would end SLEEP() early instead.
    expect(error.message).toMatch(/ran longer than 0.4 s and was stopped/);
    expect((await failureOf(mysqlConnector.test(contextFor(settings('select from from'))))).message).toMatch(/^The query has a syntax error: You have an error in your SQL syntax/);
    expect((await failureOf(mysqlConnector.test(contextFor({ ...settings('select 1'), database: `${unique}_missing` })))).message).toMatch(
      /^MySQL has no such database: Unknown database/,
    );
  });

  it('test() passes with good credentials and names a refused login without the password', async () => {
    await expect(mysqlConnector.test(contextFor(settings(itemsQuery, { cursorColumn: 'updated_at' })))).resolves.toBeUndefined();
    const password = 'wrong-secret-pw';
    const error = await failureOf(mysqlConnector.test(contextFor(settings('select 1'), { password })));
    expect(error.message).toMatch(/^MySQL refused the login: Access denied for user 'root'@'[^']+' \(using password: YES\)$/);
    expect(error.message).not.toContain(password);
  });
});

describe.runIf(postgresUp)('a PostgreSQL source through the API and the sync worker', () => {
  const world = useWorld({ env: { CONNECTOR_ALLOW_PRIVATE: 'true' } });
  const as = (who: Parameters<World['bearer']>[0]) => world().bearer(who);
  const admin = new pgDriver.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'test' });
  const schema = `${unique}_api`;
  // The local server trusts 127.0.0.1: the source is connected without a password.
  const settings = (extra: Record<string, string | boolean> = {}) => ({
    host: '127.0.0.1',
    port: '5432',
    database: 'test',
    user: 'postgres',
    tls: false,
    query: `select id, email, plan from ${schema}.customers`,
    ...extra,
  });

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.query(`create table ${schema}.customers (id int primary key, email text not null, plan text not null)`);
    await admin.query(`insert into ${schema}.customers select n, 'c' || n || '@example.com', 'free' from generate_series(1, 12) n`);
  });

  afterAll(async () => {
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  });

  async function connect(extra: Record<string, string | boolean> = {}) {
    const w = world();
    for (const source of await w.em().find(DataSource, { catalogueId: 'postgresql' })) await w.http.delete(`/api/data-sources/${source.id}`).set(as('admin'));
    const response = await w.http.post('/api/data-sources').set(as('alice')).send({ catalogueId: 'postgresql', settings: settings(extra) });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body as { id: string; keyField: string | null; hasCredentials: boolean };
  }

  async function syncNow(sourceId: string) {
    const w = world();
    expect((await w.http.post(`/api/data-sources/${sourceId}/sync`).set(as('alice'))).status).toBe(202);
    const worker = createSyncWorker({ orm: w.orm, fork: () => w.em(), config: w.config, logger: pino({ level: 'silent' }), connectors: (id) => (id === 'postgresql' ? postgresql : undefined) });
    expect(await worker.runDue()).toBe(1);
    return w.em().findOneOrFail(SyncRun, { sourceId }, { orderBy: { createdAt: 'desc', id: 'desc' } });
  }

  it('connects, tests and syncs a database that takes no password', async () => {
    const w = world();
    const source = await connect();
    expect(source.hasCredentials).toBe(false);
    expect((await w.em().findOneOrFail(DataSource, { id: source.id })).credentials).toBeNull();
    const tested = await w.http.post('/api/data-sources/test-connection').set(as('alice')).send({ catalogueId: 'postgresql', settings: settings() });
    expect(tested.status, JSON.stringify(tested.body)).toBe(200);
    expect(await syncNow(source.id)).toMatchObject({ status: 'succeeded', added: 12, processed: 12 });
    expect(await w.em().count(DataRecord, { sourceId: source.id })).toBe(12);
  });

  it('updates the records in place on a re-sync when the key column is set', async () => {
    const w = world();
    const source = await connect({ keyField: 'id' });
    expect(source.keyField).toBe('id');
    expect(await syncNow(source.id)).toMatchObject({ status: 'succeeded', added: 12, updated: 0 });

    await admin.query(`update ${schema}.customers set plan = 'pro' where id = 3`);
    await admin.query(`insert into ${schema}.customers values (13, 'c13@example.com', 'free')`);
    expect(await syncNow(source.id)).toMatchObject({ status: 'succeeded', added: 1, updated: 12 });
    expect(await w.em().count(DataRecord, { sourceId: source.id })).toBe(13);
    expect((await w.em().findOneOrFail(DataSource, { id: source.id })).records).toBe(13);
    const third = await w.em().find(DataRecord, { sourceId: source.id, recordKey: '3' });
    expect(third.map((record) => record.data.plan)).toEqual(['pro']);
  });
});

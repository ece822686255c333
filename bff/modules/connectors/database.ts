/**
 * The database connectors: rows of one read-only SELECT on the customer's PostgreSQL or MySQL
 * (MariaDB) database, streamed in batches.
 *
 * Reading only is enforced twice: the query is checked to be a single SELECT (or WITH … SELECT),
 * and it runs in a read-only transaction with a statement timeout, so the database itself refuses
 * a write the check missed (a function that inserts, a data-modifying CTE).
 *
 * - PostgreSQL: a server-side cursor (DECLARE … CURSOR, FETCH n) inside BEGIN READ ONLY: one
 *   consistent snapshot, each FETCH bounded by statement_timeout.
 * - MySQL/MariaDB: START TRANSACTION READ ONLY with MAX_EXECUTION_TIME (MySQL) or
 *   max_statement_time (MariaDB). With a cursor column, keyset pages (`col > last … LIMIT n`, the
 *   rows tying with a page's last value read whole so none is skipped), each its own bounded
 *   statement; without one, the query streams as one statement (its timeout covers the whole read).
 *
 * Incremental sync: with a cursor column the query is wrapped as
 * `select * from (<query>) q where <col> > <cursor> order by <col>`; the cursor is the largest
 * value read, in the database's own text form (dates are read as text, never shifted by a time zone).
 *
 * The host goes through the same SSRF guard as HTTP connectors, and the connection is made to the
 * checked address itself (TLS still verifies the host name).
 */
import { createRequire } from 'node:module';
import { connect as netConnect, isIP } from 'node:net';
import mysql from 'mysql2';
import { exactNumber } from '@domain/data/values';
import { AddressRefusedError, bareHost, resolveAllowedAddress } from '../../platform/addressGuard';
import { ConnectorError, type Connector, type ConnectorBatch, type ConnectorContext } from './types';

export type Dialect = 'postgresql' | 'mysql';

/** The part of node-postgres used here (the project has no @types/pg). */
export interface PgClient {
  connect(): Promise<void>;
  query<R = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: R[] }>;
  end(): Promise<void>;
  on(event: 'error', listener: (error: Error) => void): unknown;
}
type TypeParser = (oid: number, format?: 'text' | 'binary') => (value: string) => unknown;
export interface PgDriver {
  Client: new (config: Record<string, unknown>) => PgClient;
  types: { getTypeParser: TypeParser };
}
export const pgDriver = createRequire(import.meta.url)('pg') as PgDriver;

/** Each statement's limit (each FETCH or page; a streamed MySQL read without cursor column as a whole). */
export const DATABASE_STATEMENT_TIMEOUT_MS = 60_000;
export const DATABASE_CONNECT_TIMEOUT_MS = 15_000;
export const DATABASE_BATCH_ROWS = 1_000;
/** How long a PostgreSQL read may wait between batches (while the run stores one). */
const IDLE_IN_TRANSACTION_MS = 600_000;
const QUERY_MAX_CHARS = 20_000;
const IDENTIFIER_MAX = 128;

const LABEL: Record<Dialect, string> = { postgresql: 'PostgreSQL', mysql: 'MySQL' };
const DEFAULT_PORT: Record<Dialect, number> = { postgresql: 5432, mysql: 3306 };

// --- the query check ----------------------------------------------------------------------------

/**
 * The query's code with string literals, quoted identifiers and comments blanked out, so keywords
 * and semicolons are only looked for where they mean something.
 */
function codeOf(sql: string, dialect: Dialect): string {
  let code = '';
  let at = 0;
  const length = sql.length;
  const unclosed = (what: string) => new ConnectorError(`The query has an unclosed ${what}.`);
  while (at < length) {
    const char = sql[at]!;
    const next = sql[at + 1];
    if (char === '-' && next === '-') {
      const end = sql.indexOf('\n', at);
      at = end === -1 ? length : end;
      code += ' ';
    } else if (char === '#' && dialect === 'mysql') {
      const end = sql.indexOf('\n', at);
      at = end === -1 ? length : end;
      code += ' ';
    } else if (char === '/' && next === '*') {
      // MySQL runs the text of /*! … */ comments: it would hide what the check looks for.
      if (dialect === 'mysql' && sql[at + 2] === '!') throw new ConnectorError('The query may not contain /*! … */ comments: MySQL runs their content.');
      let depth = 1;
      at += 2;
      while (at < length && depth > 0) {
        if (sql[at] === '*' && sql[at + 1] === '/') {
          depth -= 1;
          at += 2;
        } else if (dialect === 'postgresql' && sql[at] === '/' && sql[at + 1] === '*') {
          // PostgreSQL nests block comments.
          depth += 1;
          at += 2;
        } else at += 1;
      }
      if (depth > 0) throw unclosed('comment (/* without */)');
      code += ' ';
    } else if (char === "'" || char === '"' || (char === '`' && dialect === 'mysql')) {
      // MySQL strings take backslash escapes; PostgreSQL's standard strings do not (E'' strings do).
      const backslashes = dialect === 'mysql' || (char === "'" && /[eE]$/.test(sql.slice(Math.max(0, at - 1), at)));
      at += 1;
      let closed = false;
      while (at < length) {
        if (backslashes && sql[at] === '\\') at += 2;
        else if (sql[at] === char && sql[at + 1] === char) at += 2;
        else if (sql[at] === char) {
          at += 1;
          closed = true;
          break;
        } else at += 1;
      }
      if (!closed) throw unclosed(`quote (${char})`);
      code += char === "'" ? " '' " : ' x ';
    } else if (char === '$' && dialect === 'postgresql' && /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.test(sql.slice(at)) && !/[A-Za-z0-9_]$/.test(code)) {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(at))![0];
      const end = sql.indexOf(tag, at + tag.length);
      if (end === -1) throw unclosed(`dollar quote (${tag})`);
      at = end + tag.length;
      code += " '' ";
    } else {
      code += char;
      at += 1;
    }
  }
  return code;
}

/**
 * The query as it will run (a trailing semicolon dropped), or a ConnectorError saying why it is
 * refused: empty, several statements, not a SELECT or WITH, or writing through SELECT … INTO.
 */
export function checkReadOnlyQuery(raw: string, dialect: Dialect): string {
  const sql = raw.trim();
  if (!sql) throw new ConnectorError('The query is required: a SELECT that returns the rows to import.');
  if (sql.length > QUERY_MAX_CHARS) throw new ConnectorError(`The query is longer than ${QUERY_MAX_CHARS.toLocaleString('en-US')} characters.`);
  const code = codeOf(sql, dialect);
  const semicolon = code.indexOf(';');
  let query = sql;
  if (semicolon !== -1) {
    if (code.slice(semicolon + 1).trim() !== '') throw new ConnectorError('The query must be a single statement: remove the semicolons between statements.');
    // Only a trailing semicolon (and comments or spaces after it): the code and the text end alike.
    query = sql.slice(0, sql.lastIndexOf(';')).trim();
  }
  const first = /^[\s(]*([A-Za-z]+)/.exec(code)?.[1]?.toLowerCase();
  if (first !== 'select' && first !== 'with') {
    throw new ConnectorError(`Only a reading query is allowed: it must start with SELECT or WITH${first ? `, not ${first.toUpperCase()}` : ''}.`);
  }
  // SELECT … INTO creates a table (PostgreSQL) or writes a file on the server (MySQL).
  if (/\binto\b/i.test(code)) throw new ConnectorError('The query may not use INTO: only reading queries are allowed.');
  return query;
}

// --- settings -----------------------------------------------------------------------------------

interface DatabaseSettings {
  host: string;
  port: number;
  database: string;
  user: string;
  password: string;
  tls: boolean;
  query: string;
  cursorColumn: string | null;
}

const settingText = (context: ConnectorContext, name: string): string => {
  const value = context.settings[name];
  return typeof value === 'string' ? value.trim() : '';
};

function readSettings(context: ConnectorContext, dialect: Dialect): DatabaseSettings {
  const host = bareHost(settingText(context, 'host'));
  if (!host) throw new ConnectorError('The host is required.');
  if (host.length > 253 || /[\s/?#@]/.test(host)) throw new ConnectorError('The host must be a host name or an IP address, without a scheme or path.');
  const portText = settingText(context, 'port');
  const port = portText ? Number(portText) : DEFAULT_PORT[dialect];
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new ConnectorError('The port must be a number from 1 to 65535.');
  const database = settingText(context, 'database');
  if (!database) throw new ConnectorError('The database name is required.');
  const user = settingText(context, 'user');
  if (!user) throw new ConnectorError('The user is required.');
  const tlsValue = context.settings.tls;
  const tls = tlsValue === true || tlsValue === 'true';
  const query = checkReadOnlyQuery(settingText(context, 'query'), dialect);
  const cursorColumn = settingText(context, 'cursorColumn') || null;
  if (cursorColumn && (cursorColumn.length > IDENTIFIER_MAX || [...cursorColumn].some((char) => char.charCodeAt(0) < 0x20))) {
    throw new ConnectorError(`The cursor column must be a column name of at most ${IDENTIFIER_MAX} characters.`);
  }
  return { host, port, database, user, password: context.secrets.password ?? '', tls, query, cursorColumn };
}

async function allowedAddress(context: ConnectorContext, host: string): Promise<string> {
  try {
    return (await resolveAllowedAddress(host, { allowPrivate: context.allowPrivate })).address;
  } catch (failure) {
    if (failure instanceof AddressRefusedError) throw new ConnectorError(`Refused: ${failure.message}`);
    throw failure;
  }
}

// --- errors -------------------------------------------------------------------------------------

interface DriverError {
  code?: string;
  errno?: number;
  message?: string;
  sqlMessage?: string;
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', 'PROTOCOL_CONNECTION_LOST']);

/** The server's own words, with the password taken out should a driver ever echo it. */
function scrub(message: string, settings: DatabaseSettings): string {
  let text = message.replace(/\s+/g, ' ').trim();
  if (settings.password) text = text.split(settings.password).join('***');
  return text.slice(0, 500);
}

function databaseError(failure: unknown, dialect: Dialect, settings: DatabaseSettings, timeoutMs: number): ConnectorError {
  if (failure instanceof ConnectorError) return failure;
  const error = (failure ?? {}) as DriverError;
  const name = LABEL[dialect];
  const message = scrub(error.sqlMessage ?? error.message ?? String(failure), settings);
  const code = error.code ?? '';
  const where = `${settings.host}:${settings.port}`;
  if (NETWORK_CODES.has(code)) return new ConnectorError(`Could not reach ${name} at ${where} (${code}).`, true);
  if (/timeout expired|connection terminated|ETIMEDOUT|connect timeout/i.test(message) && !/statement/i.test(message)) {
    return new ConnectorError(`Could not connect to ${name} at ${where}: ${message}`, true);
  }
  const timedOut =
    code === '57014' || code === 'ER_QUERY_TIMEOUT' || error.errno === 3024 || error.errno === 1969 || /max_statement_time|maximum statement execution time/i.test(message);
  if (timedOut) return new ConnectorError(`The query ran longer than ${Math.round(timeoutMs / 100) / 10} s and was stopped (${message}).`);
  if (!settings.password && /client password must be/.test(message)) {
    return new ConnectorError(`${name} asks for a password for user ${settings.user}: enter it in the source settings.`);
  }
  if (code === '28P01' || code === '28000' || code === 'ER_ACCESS_DENIED_ERROR' || code === 'ER_DBACCESS_DENIED_ERROR') {
    return new ConnectorError(`${name} refused the login: ${message}`);
  }
  if (code === '3D000' || code === 'ER_BAD_DB_ERROR') return new ConnectorError(`${name} has no such database: ${message}`);
  if (code === '25006' || code === 'ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION' || error.errno === 1792) {
    return new ConnectorError(`The query tried to write, and the read-only transaction refused it: ${message}`);
  }
  if (code === '42601' || code === 'ER_PARSE_ERROR') return new ConnectorError(`The query has a syntax error: ${message}`);
  if (code === '42P01' || code === '42703' || code === 'ER_NO_SUCH_TABLE' || code === 'ER_BAD_FIELD_ERROR') {
    return new ConnectorError(`The query refers to something that does not exist: ${message}`);
  }
  if (/self[- ]signed|certificate|SSL|TLS/i.test(message)) return new ConnectorError(`The TLS connection to ${name} failed: ${message}`);
  return new ConnectorError(`${name}: ${message}`);
}

// --- values -------------------------------------------------------------------------------------

/** A database value as a record value: text for bytes and big numbers, ISO text for a date object. */
function plainValue(value: unknown): unknown {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (Buffer.isBuffer(value)) return value.toString('base64');
  if (typeof value === 'bigint') return value.toString();
  return value;
}

function plainRow(row: Record<string, unknown>): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(row)) record[name] = plainValue(value);
  return record;
}

const cursorText = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  const plain = plainValue(value);
  return typeof plain === 'object' ? JSON.stringify(plain) : String(plain);
};

/** The largest cursor value of an ascending batch: its last row with one. */
function lastCursor(rows: ReadonlyArray<Record<string, unknown>>, column: string): string | null {
  for (let index = rows.length - 1; index >= 0; index -= 1) {
    const text = cursorText(rows[index]![column]);
    if (text !== null) return text;
  }
  return null;
}

const stopped = () => new ConnectorError('The sync was stopped', true);

export interface DatabaseConnectorOptions {
  statementTimeoutMs?: number;
  connectTimeoutMs?: number;
  batchRows?: number;
}

// --- PostgreSQL ---------------------------------------------------------------------------------

/** date, timestamp, timestamptz: read as the server's text, so a cursor compares exactly and no time zone shifts them. */
const PG_TEXT_TYPES = new Set([1082, 1114, 1184]);
/**
 * bigint and numeric (and their arrays), which node-postgres leaves as text so no digit is lost:
 * a JSON number when it is exactly the value (exactNumber), else the text. json, jsonb, booleans,
 * the other numbers and arrays already arrive as their JSON types.
 */
const PG_DECIMAL_TYPES = new Set([20, 1700]);
const PG_DECIMAL_ARRAY_TYPES = new Set([1016, 1231]);
const decimalValue = (text: string): number | string => exactNumber(text) ?? text;
const decimalItems = (value: unknown): unknown => (Array.isArray(value) ? value.map(decimalItems) : typeof value === 'string' ? decimalValue(value) : value);
const pgTypes: { getTypeParser: TypeParser } = {
  getTypeParser: (oid, format) => {
    if (PG_TEXT_TYPES.has(oid)) return (value: string) => value;
    if ((format ?? 'text') === 'text' && PG_DECIMAL_TYPES.has(oid)) return decimalValue;
    const parse = pgDriver.types.getTypeParser(oid, format ?? 'text');
    return (format ?? 'text') === 'text' && PG_DECIMAL_ARRAY_TYPES.has(oid) ? (value: string) => decimalItems(parse(value)) : parse;
  },
};

const pgIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function pgClient(context: ConnectorContext, settings: DatabaseSettings, options: Required<DatabaseConnectorOptions>): Promise<PgClient> {
  const address = await allowedAddress(context, settings.host);
  const client = new pgDriver.Client({
    host: address,
    port: settings.port,
    database: settings.database,
    user: settings.user,
    // Given as a function: node-postgres replaces an empty password with PGPASSWORD or ~/.pgpass,
    // which would send this server's own credentials to the customer's database.
    password: async () => settings.password,
    // Verified TLS; the certificate is checked against the name typed, not the resolved address.
    ssl: settings.tls ? { rejectUnauthorized: true, ...(isIP(settings.host) ? {} : { servername: settings.host }) } : false,
    connectionTimeoutMillis: options.connectTimeoutMs,
    // A client-side stop too, should the server never answer.
    query_timeout: options.statementTimeoutMs + 5_000,
    application_name: 'navout-connector',
    types: pgTypes,
  });
  // A dropped connection after the run ended must not crash the process.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (failure) {
    await client.end().catch(() => undefined);
    throw databaseError(failure, 'postgresql', settings, options.statementTimeoutMs);
  }
  return client;
}

async function pgReadOnly(client: PgClient, timeoutMs: number): Promise<void> {
  await client.query('BEGIN READ ONLY');
  await client.query(`SET LOCAL statement_timeout = ${Math.max(1, Math.floor(timeoutMs))}`);
  // A run that dies between batches must not hold its snapshot (and the vacuum horizon) for long.
  await client.query(`SET LOCAL idle_in_transaction_session_timeout = ${IDLE_IN_TRANSACTION_MS}`);
}

function pgStatement(settings: DatabaseSettings, cursor: string | null): { text: string; values: string[] } {
  if (!settings.cursorColumn) return { text: settings.query, values: [] };
  const column = `q.${pgIdentifier(settings.cursorColumn)}`;
  const filter = cursor !== null ? ` where ${column} > $1` : '';
  return { text: `select * from (${settings.query}) q${filter} order by ${column} nulls first`, values: cursor !== null ? [cursor] : [] };
}

async function* pgPull(context: ConnectorContext, options: Required<DatabaseConnectorOptions>): AsyncIterable<ConnectorBatch> {
  const settings = readSettings(context, 'postgresql');
  const client = await pgClient(context, settings, options);
  const fail = (failure: unknown) => databaseError(failure, 'postgresql', settings, options.statementTimeoutMs);
  try {
    try {
      await pgReadOnly(client, options.statementTimeoutMs);
      const statement = pgStatement(settings, context.cursor);
      await client.query(`DECLARE navout_rows NO SCROLL CURSOR FOR ${statement.text}`, statement.values);
    } catch (failure) {
      throw fail(failure);
    }
    for (;;) {
      if (context.signal.aborted) throw stopped();
      let rows: Array<Record<string, unknown>>;
      try {
        rows = (await client.query<Record<string, unknown>>(`FETCH ${options.batchRows} FROM navout_rows`)).rows;
      } catch (failure) {
        throw fail(failure);
      }
      if (!rows.length) break;
      const cursor = settings.cursorColumn ? lastCursor(rows, settings.cursorColumn) : null;
      yield { records: rows.map(plainRow), ...(cursor !== null ? { cursor } : {}) };
      if (rows.length < options.batchRows) break;
    }
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

async function pgTest(context: ConnectorContext, options: Required<DatabaseConnectorOptions>): Promise<void> {
  const settings = readSettings(context, 'postgresql');
  const client = await pgClient(context, settings, options);
  try {
    await pgReadOnly(client, options.statementTimeoutMs);
    // Plans and checks the query (syntax, tables, the cursor column) without reading its rows.
    const column = settings.cursorColumn ? `, q.${pgIdentifier(settings.cursorColumn)}` : '';
    await client.query(`select 1${column} from (${settings.query}) q limit 0`);
  } catch (failure) {
    throw databaseError(failure, 'postgresql', settings, options.statementTimeoutMs);
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

// --- MySQL / MariaDB ----------------------------------------------------------------------------

/**
 * Values in their JSON types: a TINYINT(1) (MySQL's BOOLEAN) as true or false, a DECIMAL or
 * BIGINT as a number when it is exactly the value (exactNumber), else its text; JSON columns are
 * parsed by the driver, dates stay the server's text (dateStrings).
 */
const myTypeCast: mysql.TypeCast = (field, next) => {
  // The driver's own reading first: the text and binary protocols encode values differently.
  const value: unknown = next();
  if (value === null || value === undefined) return value;
  if (field.type === 'TINY' && field.length === 1) return Number(value) !== 0;
  if ((field.type === 'NEWDECIMAL' || field.type === 'DECIMAL' || field.type === 'LONGLONG') && typeof value === 'string') return decimalValue(value);
  return value;
};

const myIdentifier = (name: string) => `\`${name.replace(/`/g, '``')}\``;

interface MySqlSession {
  connection: mysql.Connection;
  /** A streamed statement has not been read to its end (the consumer stopped early, or it failed). */
  streaming: boolean;
  run<T = Array<Record<string, unknown>>>(sql: string, values?: string[]): Promise<T>;
}

async function mySession(context: ConnectorContext, settings: DatabaseSettings, options: Required<DatabaseConnectorOptions>): Promise<MySqlSession> {
  const address = await allowedAddress(context, settings.host);
  const connection = mysql.createConnection({
    // The name stays the TLS server name; the socket goes to the checked address itself.
    host: settings.host,
    port: settings.port,
    stream: () => netConnect(settings.port, address),
    user: settings.user,
    password: settings.password,
    database: settings.database,
    ssl: settings.tls ? { rejectUnauthorized: true, verifyIdentity: true } : undefined,
    connectTimeout: options.connectTimeoutMs,
    multipleStatements: false,
    dateStrings: true,
    supportBigNumbers: true,
    bigNumberStrings: true,
    typeCast: myTypeCast,
  });
  // Values go through a server-side prepared statement: a '?' inside the customer's query (in a
  // string, say) is then never mistaken for a placeholder, and nothing is escaped by hand.
  const run = <T>(sql: string, values: string[] = []) =>
    new Promise<T>((resolve, reject) => {
      const done = (error: Error | null, rows: unknown) => (error ? reject(error) : resolve(rows as T));
      if (values.length) connection.execute(sql, values, done);
      else connection.query(sql, done);
    });
  // A dropped connection after the run ended must not crash the process.
  connection.on('error', () => undefined);
  try {
    await new Promise<void>((resolve, reject) => connection.connect((error) => (error ? reject(error) : resolve())));
    const [{ version }] = await run<Array<{ version: string }>>('select version() as version');
    const timeout = Math.max(1, Math.floor(options.statementTimeoutMs));
    // MySQL limits SELECTs in milliseconds; MariaDB every statement in seconds.
    if (/mariadb/i.test(version)) await run(`SET SESSION max_statement_time = ${timeout / 1000}`);
    else await run(`SET SESSION MAX_EXECUTION_TIME = ${timeout}`);
    await run('START TRANSACTION READ ONLY');
  } catch (failure) {
    connection.destroy();
    throw databaseError(failure, 'mysql', settings, options.statementTimeoutMs);
  }
  return { connection, run, streaming: false };
}

async function closeMySession(session: MySqlSession): Promise<void> {
  // Rows still arriving would queue a ROLLBACK behind them: drop the connection (the server rolls back).
  if (session.streaming) {
    session.connection.destroy();
    return;
  }
  await session.run('ROLLBACK').catch(() => undefined);
  await new Promise<void>((resolve) => session.connection.end(() => resolve()));
}

/** Rows of one statement, streamed with backpressure, in batches. */
async function* myStream(session: MySqlSession, sql: string, values: unknown[], batchRows: number): AsyncGenerator<Array<Record<string, unknown>>> {
  const stream = session.connection.query(sql, values).stream({ highWaterMark: batchRows });
  session.streaming = true;
  let batch: Array<Record<string, unknown>> = [];
  for await (const row of stream) {
    batch.push(row as Record<string, unknown>);
    if (batch.length >= batchRows) {
      yield batch;
      batch = [];
    }
  }
  session.streaming = false;
  if (batch.length) yield batch;
}

async function* myPull(context: ConnectorContext, options: Required<DatabaseConnectorOptions>): AsyncIterable<ConnectorBatch> {
  const settings = readSettings(context, 'mysql');
  const session = await mySession(context, settings, options);
  const fail = (failure: unknown) => databaseError(failure, 'mysql', settings, options.statementTimeoutMs);
  try {
    if (!settings.cursorColumn) {
      try {
        for await (const rows of myStream(session, settings.query, [], options.batchRows)) {
          if (context.signal.aborted) throw stopped();
          yield { records: rows.map(plainRow) };
        }
      } catch (failure) {
        throw fail(failure);
      }
      return;
    }
    const column = settings.cursorColumn;
    const quoted = `q.${myIdentifier(column)}`;
    const base = `select * from (${settings.query}) q`;
    let cursor = context.cursor;
    if (cursor === null) {
      // Rows without a cursor value are read on the first run only (no later value is greater).
      try {
        for await (const rows of myStream(session, `${base} where ${quoted} is null`, [], options.batchRows)) {
          if (context.signal.aborted) throw stopped();
          yield { records: rows.map(plainRow) };
        }
      } catch (failure) {
        throw fail(failure);
      }
    }
    for (;;) {
      if (context.signal.aborted) throw stopped();
      let page: Array<Record<string, unknown>>;
      let ties: Array<Record<string, unknown>> = [];
      try {
        page =
          cursor === null
            ? await session.run(`${base} where ${quoted} is not null order by ${quoted} limit ${options.batchRows}`)
            : await session.run(`${base} where ${quoted} > ? order by ${quoted} limit ${options.batchRows}`, [cursor]);
        if (page.length === options.batchRows) {
          // The page may end inside a run of equal values: read all rows with the last value, so
          // the next page (strictly greater) skips none of them.
          const last = lastCursor(page, column)!;
          page = page.filter((row) => cursorText(row[column]) !== last);
          ties = await session.run(`${base} where ${quoted} = ?`, [last]);
        }
      } catch (failure) {
        throw fail(failure);
      }
      const rows = [...page, ...ties];
      if (!rows.length) break;
      cursor = lastCursor(rows, column) ?? cursor;
      yield { records: rows.map(plainRow), ...(cursor !== null ? { cursor } : {}) };
      if (page.length + ties.length < options.batchRows && !ties.length) break;
    }
  } finally {
    await closeMySession(session);
  }
}

async function myTest(context: ConnectorContext, options: Required<DatabaseConnectorOptions>): Promise<void> {
  const settings = readSettings(context, 'mysql');
  const session = await mySession(context, settings, options);
  try {
    const column = settings.cursorColumn ? `, q.${myIdentifier(settings.cursorColumn)}` : '';
    await session.run(`select 1${column} from (${settings.query}) q limit 0`);
  } catch (failure) {
    throw databaseError(failure, 'mysql', settings, options.statementTimeoutMs);
  } finally {
    await closeMySession(session);
  }
}

// --- the connectors -----------------------------------------------------------------------------

/** Both connectors with their limits (tests shorten the statement timeout and the batch size). */
export function createDatabaseConnectors(overrides: DatabaseConnectorOptions = {}): { postgresql: Connector; mysql: Connector } {
  const options: Required<DatabaseConnectorOptions> = {
    statementTimeoutMs: overrides.statementTimeoutMs ?? DATABASE_STATEMENT_TIMEOUT_MS,
    connectTimeoutMs: overrides.connectTimeoutMs ?? DATABASE_CONNECT_TIMEOUT_MS,
    batchRows: overrides.batchRows ?? DATABASE_BATCH_ROWS,
  };
  // No key by default: a table has no known id column. The Key column setting gives the source one.
  return {
    postgresql: { catalogueId: 'postgresql', keyField: null, test: (context) => pgTest(context, options), pull: (context) => pgPull(context, options) },
    mysql: { catalogueId: 'mysql', keyField: null, test: (context) => myTest(context, options), pull: (context) => myPull(context, options) },
  };
}

const defaults = createDatabaseConnectors();
export const postgresqlConnector: Connector = defaults.postgresql;
export const mysqlConnector: Connector = defaults.mysql;

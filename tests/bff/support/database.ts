/**
 * A fresh database per test file: a SQLite file in a temporary folder, or, when
 * TEST_DATABASE_URL is set, a new PostgreSQL database created beside it and dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseConfig } from '@bff/config';
import { initOrm } from '@bff/db';

export interface TestDatabase {
  database: DatabaseConfig;
  dataDir: string;
  drop(): Promise<void>;
}

export const usingPostgres = () => Boolean(process.env.TEST_DATABASE_URL);

async function withServerConnection<T>(url: string, work: (execute: (sql: string) => Promise<unknown>) => Promise<T>): Promise<T> {
  let orm;
  try {
    orm = await initOrm({ database: { kind: 'postgresql', url } });
  } catch (failure) {
    throw new Error(
      `TEST_DATABASE_URL is set but PostgreSQL at ${url} is unreachable: ${(failure as Error).message}. ` +
        'Start PostgreSQL or unset TEST_DATABASE_URL to run on SQLite.',
      { cause: failure },
    );
  }
  try {
    return await work((sql) => orm.em.getConnection().execute(sql));
  } finally {
    await orm.close(true);
  }
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'navout-bff-test-'));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    return { database: { kind: 'sqlite', file: join(dataDir, 'test.sqlite') }, dataDir, drop: async () => removeDataDir() };
  }

  const name = `navout_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  try {
    await withServerConnection(serverUrl, (execute) => execute(`create database "${name}"`));
  } catch (failure) {
    removeDataDir();
    throw failure;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    database: { kind: 'postgresql', url: url.toString() },
    dataDir,
    async drop() {
      await withServerConnection(serverUrl, (execute) => execute(`drop database if exists "${name}" with (force)`));
      removeDataDir();
    },
  };
}

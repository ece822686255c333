/**
 * The health checks on a database that refuses every write, as after a failover onto a replica or
 * with a file the server may only read: SQLite opened read-only (SQLITE_READONLY), PostgreSQL
 * through a role whose transactions are read-only (SQLSTATE 25006). The app's own routes answer:
 * /api/health 503 degraded with the reason, /api/health/ready 503 with the failing check,
 * /api/health/live still 200 (the process is fine: a restart would not help).
 */
import { randomBytes } from 'node:crypto';
import { MikroORM, type Options } from '@mikro-orm/core';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '@bff/app';
import { buildOrmOptions } from '@bff/mikro-orm.config';
import { createHealthService } from '@bff/modules/health';
import type { Orm } from '@bff/types';
import { useWorld, type World } from './support/world';

/**
 * A second connection to the world's database on which every write fails, and how to let it go.
 * Its entity manager has a context name of its own: a request's context (the app's, on the
 * world's connection) is never taken for its.
 */
async function readOnlyDatabase(w: World): Promise<{ orm: Orm; release: () => Promise<void> }> {
  const database = w.config.database;
  if (database.kind === 'sqlite') {
    const options = buildOrmOptions(database);
    const driverOptions = { ...(options.driverOptions as object), connection: { options: { readonly: true } } };
    const orm = (await MikroORM.init({ ...options, driverOptions, contextName: 'read-only' } as Options)) as unknown as Orm;
    return { orm, release: () => orm.close(true) };
  }
  const role = `navout_read_only_${randomBytes(4).toString('hex')}`;
  const connection = w.em().getConnection();
  await connection.execute(`create role ${role} login`);
  await connection.execute(`alter role ${role} set default_transaction_read_only = on`);
  await connection.execute(`grant usage on schema public to ${role}`);
  await connection.execute(`grant select, insert, update, delete on all tables in schema public to ${role}`);
  const url = new URL(database.url);
  url.username = role;
  url.password = '';
  const orm = (await MikroORM.init({ ...buildOrmOptions({ kind: 'postgresql', url: url.toString() }), contextName: 'read-only' } as Options)) as unknown as Orm;
  return {
    orm,
    async release() {
      await orm.close(true);
      await connection.execute(`drop owned by ${role}`);
      await connection.execute(`drop role ${role}`);
    },
  };
}

describe('health: a database that refuses every write', () => {
  const world = useWorld();

  it('answers degraded and not ready, and still live', async () => {
    const w = world();
    const { orm, release } = await readOnlyDatabase(w);
    try {
      // The app as the server builds it, its health checks reading and writing through that connection.
      const health = createHealthService(orm, () => orm.em.fork(), w.runtime.services.counters, w.runtime.logger);
      const app = createApp(w.config, { ...w.runtime, services: { ...w.runtime.services, health } });
      const http = supertest(app.callback());

      const ready = await http.get('/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({
        status: 'not_ready',
        checks: { database: 'up', writes: 'failing', migrations: 'applied' },
        reasons: ['The database answers but refuses writes (a full disk, a read-only database or replica)'],
      });
      const degraded = await http.get('/api/health');
      expect(degraded.status).toBe(503);
      expect(degraded.body).toEqual({ status: 'degraded', database: 'up', reason: expect.stringMatching(/refuses writes/) });
      expect((await http.get('/api/health/live')).status).toBe(200);

      // The engine's own refusal is what the log says.
      const refusal = w.config.database.kind === 'sqlite' ? /readonly/i : /read-only transaction/;
      const warning = w.logLines.find((line) => line.msg === 'The health check could not write to the database');
      expect(String((warning?.err as { message?: string } | undefined)?.message)).toMatch(refusal);
    } finally {
      await release();
    }
    // The world's own connection writes, so its checks pass.
    expect((await w.http.get('/api/health/ready')).status).toBe(200);
  });
});

/**
 * On SQLite the web server shares the database with its jobs process, which writes a sync's pages:
 * while another process holds the write lock, a write of the server's outside a transaction (the
 * health check's probe) waits for it off the event loop, which keeps serving, instead of in
 * SQLite's busy handler, which would stop the whole process until the lock is free.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, describe, expect, it } from 'vitest';
import { HealthCheck } from '@bff/entities';
import { useWorld } from './support/world';

/** A process holding SQLite's write lock on `file` until it reads a line, then committing. */
function holdWriteLock(file: string): { child: ChildProcess; held: Promise<void> } {
  const script = `
    const db = require('better-sqlite3')(${JSON.stringify(file)});
    db.exec('BEGIN IMMEDIATE');
    process.stdout.write('held\\n');
    process.stdin.once('data', () => { db.exec('COMMIT'); process.exit(0); });`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'inherit'], cwd: process.cwd() });
  const held = new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`The lock holder ended (${code})`)));
  });
  return { child, held };
}

describe('a write while another process holds the SQLite write lock', () => {
  const world = useWorld();
  let holder: ChildProcess | null = null;
  afterAll(() => {
    holder?.kill('SIGKILL');
  });

  it('waits off the event loop, which goes on turning until the lock is free', async () => {
    const w = world();
    const database = w.config.database;
    if (database.kind !== 'sqlite') throw new Error('This file runs on SQLite');
    const lock = holdWriteLock(database.file);
    holder = lock.child;
    await lock.held;

    const write = w.orm.em.fork().upsert(HealthCheck, { id: 'write-probe', checkedAt: new Date() });
    // The lock is let go only after the event loop has turned this many times during the write:
    // a process standing still in SQLite's busy handler never gets there, and its write fails busy.
    let turns = 0;
    while (turns < 50) {
      await new Promise((resolve) => setImmediate(resolve));
      turns += 1;
    }
    lock.child.stdin!.write('release\n');
    await write;
    const [code] = await once(lock.child, 'exit');
    expect(code).toBe(0);
    expect(await w.em().findOne(HealthCheck, 'write-probe')).not.toBeNull();
  });
});

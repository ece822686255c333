import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initOrm } from '@bff/db';
import type { Orm } from '@bff/types';
import { startCheckpointThread, walCheckpoints, type CheckpointReport, type CheckpointWorkerData } from '@bff/platform/walCheckpoints';

type Checkpoint = Extract<CheckpointReport, { kind: 'checkpoint' }>;

/**
 * The connection's hand-overs as the job reports them: a test waits for the event (the thread
 * ready and the connection's checkpoints left to it, or taken back), then reads the pragma itself.
 */
function handOvers() {
  const seen: number[] = [];
  let changed: () => void = () => undefined;
  return {
    onAutocheckpoint(pages: number) {
      seen.push(pages);
      changed();
    },
    async reached(pages: number): Promise<void> {
      while (seen.at(-1) !== pages) await new Promise<void>((resolve) => (changed = resolve));
    },
  };
}

/** Comfortably past the 1,000 pages at which a connection that checkpoints itself would have. */
const PAGES_WRITTEN = 2_400;
const PAGE_BYTES = 4_096;

describe('SQLite checkpoints off the event loop', () => {
  let directory: string;
  let file: string;
  let orm: Orm;
  const logger = { error: vi.fn(), warn: vi.fn() };

  const execute = (sql: string) => orm.em.getConnection().execute(sql);
  const autocheckpoint = async () => ((await execute('pragma wal_autocheckpoint')) as Array<{ wal_autocheckpoint: number }>)[0]!.wal_autocheckpoint;
  /** Page-sized rows, in commits of `perCommit` pages (the call log commits about 40 at a time). */
  async function writePages(pages: number, perCommit = 40): Promise<void> {
    for (let written = 0; written < pages; written += perCommit) {
      await orm.em.getConnection().transactional(async (trx) => {
        await orm.em.getConnection().execute(
          'with recursive pages(n) as (select 1 union all select n + 1 from pages where n < ?) insert into notes (body) select randomblob(3900) from pages',
          [Math.min(perCommit, pages - written)],
          'run',
          trx,
        );
      });
    }
  }
  const walBytes = () => statSync(`${file}-wal`).size;

  beforeEach(async () => {
    directory = mkdtempSync(join(tmpdir(), 'navout-checkpoints-'));
    file = join(directory, 'checkpoints.sqlite');
    orm = await initOrm({ database: { kind: 'sqlite', file } });
    await execute('create table notes (id integer primary key, body blob)');
    logger.error.mockClear();
    logger.warn.mockClear();
  });

  afterEach(async () => {
    await orm.close(true);
    rmSync(directory, { recursive: true, force: true });
  });

  it("leaves the checkpoints to the thread while it runs, and takes them back when it stops", async () => {
    // The thread checkpoints only after the writes: whatever the log holds then, the commits left there.
    const connection = handOvers();
    const job = walCheckpoints({ orm, database: { kind: 'sqlite', file }, logger, everyMs: 60_000, onAutocheckpoint: connection.onAutocheckpoint });
    expect(await autocheckpoint()).toBe(1_000);
    job.start();
    await connection.reached(0);
    expect(await autocheckpoint()).toBe(0);

    await writePages(PAGES_WRITTEN);
    // A connection that checkpoints itself starts the log again past 1,000 pages: it never holds 2,400.
    expect(walBytes()).toBeGreaterThan(PAGES_WRITTEN * PAGE_BYTES);

    await job.stop();
    expect(await autocheckpoint()).toBe(1_000);
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('copies the log into the file, so the next commit starts it again, and starts it again itself past its limit', async () => {
    const reports: Checkpoint[] = [];
    let reported: () => void = () => undefined;
    /** The first checkpoint begun after `moment` (its report may arrive after older ones). */
    const checkpointAfter = async (moment: number): Promise<Checkpoint> => {
      for (;;) {
        const report = reports.find((candidate) => candidate.startedAt > moment);
        if (report) return report;
        await new Promise<void>((resolve) => (reported = resolve));
      }
    };
    /** Writes, then the first checkpoint that saw the writes. */
    const writeThenCheckpoint = async (pages: number) => {
      await writePages(pages, pages);
      return checkpointAfter(Date.now());
    };
    const connection = handOvers();
    const job = walCheckpoints({
      orm,
      database: { kind: 'sqlite', file },
      logger,
      everyMs: 10,
      logLimitPages: 500,
      onCheckpoint: (report) => {
        reports.push(report);
        reported();
      },
      onAutocheckpoint: connection.onAutocheckpoint,
    });
    job.start();
    await connection.reached(0);
    expect(await autocheckpoint()).toBe(0);

    const copied = await writeThenCheckpoint(200);
    expect(copied).toMatchObject({ busy: false, restarted: false, checkpointedFrames: copied.logFrames });
    expect(copied.logFrames).toBeGreaterThanOrEqual(200);
    const fullLogBytes = walBytes();

    // The next commit finds the log all copied and writes from its beginning.
    expect((await writeThenCheckpoint(40)).logFrames).toBeLessThan(100);
    expect(walBytes()).toBe(fullLogBytes);

    // Past the limit (here one commit of 2,400 pages), the log is copied and every reader waited
    // for, so the next commit, whoever makes it, writes from its beginning even if commits follow
    // one another with no pause for a copy alone to find it all copied.
    const restarted = await writeThenCheckpoint(PAGES_WRITTEN);
    expect(restarted).toMatchObject({ busy: false, restarted: true, checkpointedFrames: restarted.logFrames });
    expect((await writeThenCheckpoint(40)).logFrames).toBeLessThan(100);
    await job.stop();
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('has the connection checkpoint again when the thread ends on its own', async () => {
    let thread: Worker | undefined;
    const connection = handOvers();
    const job = walCheckpoints({
      orm,
      database: { kind: 'sqlite', file },
      logger,
      startThread: (data: CheckpointWorkerData) => (thread = startCheckpointThread(data)),
      onAutocheckpoint: connection.onAutocheckpoint,
    });
    job.start();
    await connection.reached(0);
    expect(await autocheckpoint()).toBe(0);

    await thread!.terminate();
    await connection.reached(1_000);
    expect(await autocheckpoint()).toBe(1_000);
    expect(logger.warn).toHaveBeenCalledWith(expect.anything(), expect.stringMatching(/thread ended/));
    await job.stop();
    expect(await autocheckpoint()).toBe(1_000);
  });

  it('starts no thread where there is no log to checkpoint', async () => {
    const startThread = vi.fn(startCheckpointThread);
    for (const database of [{ kind: 'sqlite', file: ':memory:' }, { kind: 'postgresql', url: 'postgres://127.0.0.1:1/none' }] as const) {
      const job = walCheckpoints({ orm, database, logger, startThread });
      job.start();
      await job.stop();
    }
    expect(startThread).not.toHaveBeenCalled();
    expect(await autocheckpoint()).toBe(1_000);
  });
});

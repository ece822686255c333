/**
 * npm run seed:demo (bff/seed-demo.ts) on the test's engine: it seeds once, and says so the second
 * time. On PostgreSQL the web process never seeds by itself, so this is how a production demo starts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initOrm } from '@bff/db';
import { createTestDatabase, type TestDatabase } from './support/database';
import { run, SEED_MS } from './support/processes';

describe('bff/seed-demo.ts', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('seeds the demo with npm run seed:demo once, and says so the second time', async () => {
    const settings: Record<string, string> = { DATA_DIR: `${database.dataDir}/seed` };
    if (database.database.kind === 'postgresql') settings.DATABASE_URL = database.database.url;
    const first = run('bff/seed-demo.ts', settings);
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('Demo data created');
    expect(first.output()).toContain('admin@navout.example');
    if (database.database.kind === 'postgresql') {
      // Planner statistics exist for the tables the seed filled, though autovacuum may be off.
      const orm = await initOrm({ database: database.database });
      try {
        const rows = await orm.em
          .getConnection()
          .execute("select relname from pg_stat_user_tables where last_analyze is not null and relname in ('data_records', 'survey_responses', 'audience_profiles')");
        expect(rows.map((row: { relname: string }) => row.relname).sort()).toEqual(['audience_profiles', 'data_records', 'survey_responses']);
      } finally {
        await orm.close(true);
      }
    }

    const second = run('bff/seed-demo.ts', settings);
    expect(await second.exited).toBe(0);
    expect(second.output()).toContain('The demo data already exists');
    expect(second.output()).not.toContain('Demo data created');
  }, SEED_MS + 60_000);
});

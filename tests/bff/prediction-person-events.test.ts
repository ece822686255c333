/**
 * The prediction API reads a known person's latest events on every call. The embedded database
 * runs queries on the event loop, so that read must come from one index whatever else the company
 * holds: with no planner statistics while many records wait for the next snapshot, and after a
 * large people import with the statistics refreshed, it seeks the person's events by (company,
 * user, kind) in event_time order, never a scan or range of the company's records. (PostgreSQL
 * plans with statistics; this checks the engine where a scan stalls everyone.)
 */
import { randomUUID } from 'node:crypto';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/knex';
import { describe, expect, it } from 'vitest';
import { DataSource } from '@bff/entities';
import { recentEventsStatements } from '@bff/modules/prediction/predict';
import { useWorld } from './support/world';

const PERSON_INDEX = 'data_records_company_id_user_id_kind_event_time_index';
const { all: PERSON_EVENTS, sinceWatermark: PERSON_EVENTS_SINCE } = recentEventsStatements('sqlite');

describe("a person's events for the prediction API", () => {
  const world = useWorld();

  it('are read from the person index, not the records changed since the snapshot, with no planner statistics', async () => {
    const w = world();
    const knex = (w.orm.em as SqlEntityManager).getKnex();
    const companyId = w.companies.acme.id;
    // Thousands of items restocked after the snapshot: (company_id, updated_at) looks selective.
    await knex('data_records').where({ company_id: companyId }).update({ updated_at: new Date() });
    const statistics = (await knex.raw(`select count(*) as tables from sqlite_master where name = 'sqlite_stat1'`)) as Array<{ tables: number }>;
    expect(statistics[0].tables).toBe(0);

    for (const [statement, parameters] of [[PERSON_EVENTS_SINCE, [companyId, 'U-7', new Date(0)]], [PERSON_EVENTS, [companyId, 'U-7']]] as const) {
      const plan = (await knex.raw(`explain query plan ${statement}`, [...parameters])) as Array<{ detail: string }>;
      const details = plan.map((step) => step.detail).join(' | ');
      expect(details).toContain(`${PERSON_INDEX} (company_id=? AND user_id=? AND kind=?)`);
      expect(details).not.toMatch(/updated_at|SCAN data_records/);
    }
  });

  it("are checked against the snapshot's watermark in the index, before the table is read", async () => {
    const w = world();
    const knex = (w.orm.em as SqlEntityManager).getKnex();
    // The statement's program: SQLite defers the table's seek until a column outside the index is
    // wanted, so a comparison made before any table column is read skips an old event for free.
    const program = (await knex.raw(`explain ${PERSON_EVENTS_SINCE}`, [w.companies.acme.id, 'U-7', new Date(0)])) as Array<{ opcode: string; p1: number; p4: unknown }>;
    const tableCursors = new Set(program.filter((step) => step.opcode === 'OpenRead' && !String(step.p4).startsWith('k(')).map((step) => step.p1));
    const seek = program.findIndex((step) => step.opcode === 'DeferredSeek');
    const watermarkCheck = program.findIndex((step, at) => at > seek && ['Le', 'Lt', 'Ge', 'Gt'].includes(step.opcode));
    expect(seek).toBeGreaterThan(-1);
    expect(watermarkCheck).toBeGreaterThan(seek);
    expect(program.slice(seek, watermarkCheck).filter((step) => step.opcode === 'Column' && tableCursors.has(step.p1))).toEqual([]);
  });

  it('are read from the person index after a large import, with fresh planner statistics', async () => {
    const w = world();
    const knex = (w.orm.em as SqlEntityManager).getKnex();
    const companyId = w.companies.acme.id;
    const em = w.em();
    const source = em.create(DataSource, {
      companyId, name: `People ${randomUUID().slice(0, 8)}`, description: null, type: 'file', catalogueId: 'csv', status: 'active',
      config: {}, credentials: null, recordKind: 'people', fields: [], mapping: {}, createdById: null,
    });
    await em.flush();
    const now = Date.now();
    const rows = Array.from({ length: 3_000 }, (_, index) => ({
      id: randomUUID(), company_id: companyId, source_id: source.id, source_type: 'file', imported_at: new Date(now), kind: index % 3 ? 'people' : 'events',
      record_index: index, data: '{}', unified: '{}', user_id: `U-${index % 500}`, event_type: index % 3 ? null : 'view',
      event_time: index % 3 ? null : new Date(now - index * 1000), created_at: new Date(now), updated_at: new Date(now),
    }));
    for (let start = 0; start < rows.length; start += 200) await knex('data_records').insert(rows.slice(start, start + 200));
    await knex.raw('analyze');

    const plan = (await knex.raw(`explain query plan ${PERSON_EVENTS_SINCE}`, [companyId, 'U-7', new Date(0)])) as Array<{ detail: string }>;
    const details = plan.map((step) => step.detail).join(' | ');
    expect(details).toContain(PERSON_INDEX);
    expect(details).not.toMatch(/TEMP B-TREE FOR ORDER BY|SCAN data_records/);
  });
});

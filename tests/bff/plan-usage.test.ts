/**
 * The Plans page's usage line: this calendar month's (UTC) predict calls of the viewed company
 * against its plan's allowance, with the overage paid plans count.
 */
import type { EntityManager as SqlEntityManager } from '@mikro-orm/knex';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MONTHLY_CALL_ALLOWANCE, type PlanId } from '@domain/plans/plans';
import { Company } from '@bff/entities';
import { calendarMonthOf, overageOf } from '@bff/modules/plans/service';
import { useWorld, type World } from './support/world';

interface CallRow {
  endpoint?: 'predict' | 'events' | 'items';
  status?: number;
  at?: Date;
}

/** Inserts call-log rows directly, in batches: a plan's worth of calls through HTTP would take minutes. */
async function addCalls(world: World, companyId: string, count: number, row: CallRow = {}): Promise<void> {
  const knex = (world.orm.em as SqlEntityManager).getKnex();
  const at = row.at ?? new Date();
  const stamp = world.config.database.kind === 'sqlite' ? at.getTime() : at;
  const rows = Array.from({ length: count }, () => ({
    id: randomUUID(), company_id: companyId, api_key_id: null, endpoint: row.endpoint ?? 'predict', status: row.status ?? 200,
    error_code: null, latency_ms: 3, items_served: 5, zero_results: false, holdout: false, settings_version: 0, snapshot_version: 1,
    user_id: null, request: null, items: '[]', created_at: stamp, updated_at: stamp,
  }));
  await knex.batchInsert('prediction_calls', rows, 500);
}

describe('plan usage', () => {
  const world = useWorld();
  const usage = (companyId: string) => world().http.get('/api/plans/usage').query({ companyFilter: companyId }).set(world().bearer('admin'));
  const setPlan = (companyId: string, plan: PlanId) => world().em().nativeUpdate(Company, { id: companyId }, { plan });

  it("counts this month's served predict calls, as the quota does", async () => {
    const w = world();
    const company = await w.addCompany();
    const other = await w.addCompany();
    const month = calendarMonthOf(new Date());
    await addCalls(w, company.id, 3);
    await addCalls(w, company.id, 1, { status: 400 });
    await addCalls(w, company.id, 2, { status: 500 });
    await addCalls(w, company.id, 2, { status: 429 });
    await addCalls(w, company.id, 4, { endpoint: 'events' });
    await addCalls(w, company.id, 5, { at: new Date(month.start.getTime() - 1000) });
    await addCalls(w, other.id, 6);

    const response = await usage(company.id);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ planId: 'free', month: month.month, calls: 3, allowance: 1000, overage: 0 });
  });

  it('shows the allowance of each plan and the overage of paid plans', async () => {
    const w = world();
    const company = await w.addCompany();
    await addCalls(w, company.id, 20_003);
    await setPlan(company.id, 'entry');
    expect((await usage(company.id)).body).toMatchObject({ planId: 'entry', calls: 20_003, allowance: 20_000, overage: 3 });
    await setPlan(company.id, 'mid-market');
    expect((await usage(company.id)).body).toMatchObject({ allowance: 80_000, overage: 0 });
    await setPlan(company.id, 'enterprise');
    expect((await usage(company.id)).body).toMatchObject({ allowance: null, overage: 0 });
    // Free stops at its allowance rather than counting overage.
    await setPlan(company.id, 'free');
    expect((await usage(company.id)).body).toMatchObject({ allowance: 1000, overage: 0, calls: 20_003 });
  });

  it('shares the allowances with the plans and computes months in UTC', () => {
    expect(MONTHLY_CALL_ALLOWANCE).toEqual({ free: 1000, entry: 20000, 'mid-market': 80000, enterprise: null });
    expect(overageOf('mid-market', 80_250)).toBe(250);
    expect(overageOf('free', 5_000)).toBe(0);
    expect(calendarMonthOf(new Date('2026-12-31T23:59:59Z'))).toEqual({
      start: new Date('2026-12-01T00:00:00Z'), end: new Date('2027-01-01T00:00:00Z'), month: '2026-12',
    });
  });

  it('needs plans:read and a chosen company', async () => {
    const w = world();
    expect((await w.http.get('/api/plans/usage').set(w.bearer('alice'))).status).toBe(403);
    expect((await w.http.get('/api/plans/usage').set(w.bearer('admin'))).body.code).toBe('company_required');
  });
});

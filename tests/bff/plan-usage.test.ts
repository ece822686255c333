/**
 * The Plans page's usage line: this calendar month's (UTC) predict calls of the viewed company
 * against its plan's allowance, with the overage paid plans count.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MONTHLY_CALL_ALLOWANCE, type PlanId } from '@domain/plans/plans';
import { Company, PredictionCallMonth } from '@bff/entities';
import { COUNTED_FROM_CALLS, servedMonthsFromCalls } from '@bff/migrations/Migration20270110000000_prediction_call_months';
import { overageOf } from '@bff/modules/plans/service';
import { monthOf } from '@bff/modules/prediction';
import { useWorld, type World } from './support/world';

interface CallRow {
  endpoint?: 'predict' | 'events' | 'items';
  status?: number;
  at?: Date;
}

/** Calls answered by this server, written by its call log as a served call is. */
async function addCalls(world: World, companyId: string, count: number, row: CallRow = {}): Promise<void> {
  for (let call = 0; call < count; call++) {
    world.prediction.callLog.record({
      companyId, apiKeyId: null, endpoint: row.endpoint ?? 'predict', status: row.status ?? 200, errorCode: null, latencyMs: 3, itemsServed: 5,
      zeroResults: false, holdout: false, settingsVersion: 0, snapshotVersion: 1, userId: null, request: null, items: [], at: row.at ?? new Date(),
    });
  }
  await world.prediction.callLog.flush();
}

/** A month's total as another replica wrote it: a plan's worth of calls through the log would take long. */
async function addReplicaTotal(world: World, companyId: string, served: number): Promise<void> {
  await world.em().insertMany(PredictionCallMonth, [{ id: randomUUID(), companyId, replicaId: randomUUID(), month: monthOf(new Date()), served }]);
}

/** The last second of the month before this one (UTC). */
function lastMonthsEnd(): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - 1000);
}

describe('plan usage', () => {
  const world = useWorld();
  const usage = (companyId: string) => world().http.get('/api/plans/usage').query({ companyFilter: companyId }).set(world().bearer('admin'));
  const setPlan = (companyId: string, plan: PlanId) => world().em().nativeUpdate(Company, { id: companyId }, { plan });

  it("counts this month's served predict calls, as the quota does", async () => {
    const w = world();
    const company = await w.addCompany();
    const other = await w.addCompany();
    const month = monthOf(new Date());
    await addCalls(w, company.id, 3);
    await addCalls(w, company.id, 1, { status: 400 });
    await addCalls(w, company.id, 2, { status: 500 });
    await addCalls(w, company.id, 2, { status: 429 });
    await addCalls(w, company.id, 4, { endpoint: 'events' });
    await addCalls(w, company.id, 5, { at: lastMonthsEnd() });
    await addCalls(w, other.id, 6);

    const response = await usage(company.id);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ planId: 'free', month, calls: 3, allowance: 1000, overage: 0 });
  });

  it('shows the allowance of each plan and the overage of paid plans', async () => {
    const w = world();
    const company = await w.addCompany();
    // Two replicas' totals add up.
    await addReplicaTotal(w, company.id, 20_000);
    await addCalls(w, company.id, 3);
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

  it("counts the calls logged before month totals were kept into their months, as the migration does", async () => {
    const w = world();
    const company = await w.addCompany();
    const other = await w.addCompany();
    const month = monthOf(new Date());
    const lastMonth = monthOf(lastMonthsEnd());
    await addCalls(w, company.id, 3);
    await addCalls(w, company.id, 2, { status: 429 });
    await addCalls(w, company.id, 4, { endpoint: 'events' });
    await addCalls(w, company.id, 5, { at: lastMonthsEnd() });
    await addCalls(w, other.id, 6);
    // As before the table: the calls alone, counted again by the migration's statement.
    await w.em().nativeDelete(PredictionCallMonth, { companyId: company.id });
    await w.em().getConnection().execute(servedMonthsFromCalls(w.config.database.kind, true), [company.id], 'run');
    const months = await w.em().find(PredictionCallMonth, { companyId: company.id });
    expect(Object.fromEntries(months.map((row) => [row.month, row.served]))).toEqual({ [month]: 3, [lastMonth]: 5 });
    expect(months.every((row) => row.replicaId === COUNTED_FROM_CALLS)).toBe(true);
    expect((await usage(company.id)).body).toMatchObject({ month, calls: 3 });
  });

  it('shares the allowances with the plans and computes months in UTC', () => {
    expect(MONTHLY_CALL_ALLOWANCE).toEqual({ free: 1000, entry: 20000, 'mid-market': 80000, enterprise: null });
    expect(overageOf('mid-market', 80_250)).toBe(250);
    expect(overageOf('free', 5_000)).toBe(0);
    expect(monthOf(new Date('2026-12-31T23:59:59.999Z'))).toBe('2026-12');
    expect(monthOf(new Date('2027-01-01T00:00:00Z'))).toBe('2027-01');
  });

  it('needs plans:read and a chosen company', async () => {
    const w = world();
    expect((await w.http.get('/api/plans/usage').set(w.bearer('alice'))).status).toBe(403);
    expect((await w.http.get('/api/plans/usage').set(w.bearer('admin'))).body.code).toBe('company_required');
  });
});

/**
 * One flush of the call log: the buffered calls a slice at a time, then the touched minutes, the
 * months' served calls and the keys' last use; on failure what was not written is put back for
 * the next flush.
 */
import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { ForeignKeyConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import { ApiKey, Company, PredictionCall, PredictionCallMinute, PredictionCallMonth } from '../../entities';
import { preparedInserter } from '../../platform/preparedRows';
import { timeOrderedId } from '../../platform/timeOrderedId';
import type { Orm } from '../../types';
import type { CallEntry, CallLogOptions } from './callEntry';
import { forgetWrittenMinutes, forgetWrittenMonths, type CallMinutes, type CallMonths, type MinuteTotals, type MonthTotals } from './callMinutes';

const LAST_USED_INTERVAL_MS = 60_000;
/** Calls held while the database refuses them; beyond this the oldest are dropped (and logged). */
const BUFFER_MAX = 200_000;
/**
 * Calls written per transaction and statement, the event loop let go between them. SQLite's driver
 * is synchronous and the server has one connection: a second's calls (750 per web process at 1,500
 * calls a second) written at once held every request for 40-55 ms, a slice holds them about one.
 */
const CALLS_PER_TRANSACTION = 50;

/** What the log holds between flushes. */
export interface CallLogState {
  buffer: CallEntry[];
  minutes: CallMinutes;
  months: CallMonths;
  /** Keys used since their last_used_at was written, with their latest use; and when that was written. */
  lastUsed: Map<string, Date>;
  lastUsedWritten: Map<string, number>;
}

/** What one flush writes. */
interface Pending {
  calls: CallEntry[];
  touched: MinuteTotals[];
  /** Months whose served calls changed, with the total this flush writes. */
  months: Array<{ totals: MonthTotals; served: number }>;
  keysToMark: Array<[string, Date]>;
}

/** Takes the buffered calls and the dirty minutes, and the keys whose last use is due to be written. */
function takePending(state: CallLogState, now: number): Pending {
  const calls = state.buffer;
  state.buffer = [];
  const touched = [...state.minutes.values()].filter((totals) => totals.dirty);
  for (const totals of touched) totals.dirty = false;
  const keysToMark = [...state.lastUsed.entries()].filter(([apiKeyId]) => now - (state.lastUsedWritten.get(apiKeyId) ?? 0) >= LAST_USED_INTERVAL_MS);
  const months = [...state.months.values()].filter((totals) => totals.served > totals.written).map((totals) => ({ totals, served: totals.served }));
  return { calls, touched, months, keysToMark };
}

/** A company deleted since its calls were buffered takes them with it; kept, they would fail every flush. */
async function dropDeletedCompanies(tx: EntityManager, state: CallLogState, pending: Pending): Promise<void> {
  const companyIds = [...new Set([...pending.calls.map((call) => call.companyId), ...pending.touched.map((totals) => totals.companyId)])];
  const existing = new Set((await tx.find(Company, { id: { $in: companyIds } }, { fields: ['id'] })).map((company) => company.id));
  if (existing.size < companyIds.length) {
    pending.calls = pending.calls.filter((call) => existing.has(call.companyId));
    pending.touched = pending.touched.filter((totals) => existing.has(totals.companyId));
    pending.months = pending.months.filter(({ totals }) => existing.has(totals.companyId));
    for (const [key, totals] of state.minutes) if (!existing.has(totals.companyId)) state.minutes.delete(key);
    for (const [key, totals] of state.months) if (!existing.has(totals.companyId)) state.months.delete(key);
  }
}

/** A row refused for a foreign key: PostgreSQL's 23503 or SQLite's extended code, from the driver or as MikroORM wraps it. */
function isForeignKeyViolation(failure: unknown): boolean {
  if (failure instanceof ForeignKeyConstraintViolationException) return true;
  const code = (failure as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/** prediction_calls' columns in the order callsWriter binds them. */
const CALL_PROPERTIES = [
  'id', 'createdAt', 'updatedAt', 'companyId', 'apiKeyId', 'endpoint', 'status', 'errorCode', 'latencyMs', 'itemsServed',
  'zeroResults', 'holdout', 'settingsVersion', 'snapshotVersion', 'userId', 'request', 'items',
] as const;

/**
 * Writes a slice of calls to prediction_calls in one transaction, off the unit of work (which cost
 * several times the insert). Each id follows its call's instant (timeOrderedId), so the log's
 * inserts append to its primary key's index however many calls it holds.
 */
export function callsWriter(orm: Orm): (calls: CallEntry[]) => Promise<void> {
  const meta = orm.getMetadata().find(PredictionCall.meta.className)!;
  const insert = preparedInserter(orm, meta.tableName, CALL_PROPERTIES.map((property) => meta.properties[property].fieldNames[0]));
  return (calls) =>
    insert(
      calls.map((call) => [
        timeOrderedId(call.at.getTime()), call.at, call.at, call.companyId, call.apiKeyId, call.endpoint, call.status, call.errorCode, call.latencyMs, call.itemsServed,
        call.zeroResults, call.holdout, call.settingsVersion, call.snapshotVersion, call.userId,
        call.request === null ? null : JSON.stringify(call.request), JSON.stringify(call.items),
      ]),
    );
}

/** This replica's touched minutes and months (absolute totals) and the keys' last use. */
async function writeTotals(tx: EntityManager, replicaId: string, { touched, months, keysToMark }: Pending): Promise<void> {
  if (months.length) {
    await tx.upsertMany(
      PredictionCallMonth,
      months.map(({ totals, served }) => ({ id: randomUUID(), companyId: totals.companyId, replicaId, month: totals.month, served })),
      { onConflictFields: ['companyId', 'month', 'replicaId'], onConflictAction: 'merge', onConflictExcludeFields: ['id'] },
    );
  }
  if (touched.length) {
    await tx.upsertMany(
      PredictionCallMinute,
      touched.map((totals) => ({
        id: randomUUID(),
        companyId: totals.companyId,
        apiKeyId: totals.apiKeyId,
        replicaId,
        minute: new Date(totals.minute),
        calls: totals.calls,
        errors: totals.errors,
        zeroResults: totals.zeroResults,
        itemsServed: totals.itemsServed,
        latencyHistogram: [...totals.histogram],
        latencyTotalMs: totals.latencyTotal,
      })),
      { onConflictFields: ['companyId', 'apiKeyId', 'minute', 'replicaId'], onConflictAction: 'merge', onConflictExcludeFields: ['id'] },
    );
  }
  for (const [apiKeyId, use] of keysToMark) {
    await tx.nativeUpdate(ApiKey, { id: apiKeyId }, { lastUsedAt: use });
  }
}

/** Kept for the next flush: the log must not lose calls to a passing database failure. */
function putBack(state: CallLogState, { calls, touched }: Pending, logger: CallLogOptions['logger']): void {
  state.buffer = [...calls, ...state.buffer];
  if (state.buffer.length > BUFFER_MAX) {
    logger.error({ dropped: state.buffer.length - BUFFER_MAX }, 'Prediction call log buffer full; dropping the oldest calls');
    state.buffer = state.buffer.slice(state.buffer.length - BUFFER_MAX);
  }
  for (const totals of touched) totals.dirty = true;
}

function markKeysWritten(state: CallLogState, keysToMark: Pending['keysToMark'], now: number): void {
  const { lastUsed, lastUsedWritten } = state;
  for (const [apiKeyId, use] of keysToMark) {
    lastUsedWritten.set(apiKeyId, now);
    if (lastUsed.get(apiKeyId) === use) lastUsed.delete(apiKeyId);
  }
  for (const [apiKeyId, written] of lastUsedWritten) if (now - written >= LAST_USED_INTERVAL_MS && !lastUsed.has(apiKeyId)) lastUsedWritten.delete(apiKeyId);
}

/** The months' totals are written: tells the quota how many more served calls of each company the database now counts. */
function monthsWritten(months: Pending['months'], options: CallLogOptions): void {
  const served = new Map<string, number>();
  for (const { totals, served: total } of months) {
    served.set(totals.companyId, (served.get(totals.companyId) ?? 0) + total - totals.written);
    totals.written = total;
  }
  if (served.size) options.onFlushed?.(served);
}

export async function writeCallLog(state: CallLogState, options: CallLogOptions, writeCalls: (calls: CallEntry[]) => Promise<void>): Promise<void> {
  const now = Date.now();
  const pending = takePending(state, now);
  if (!pending.calls.length && !pending.touched.length && !pending.months.length && !pending.keysToMark.length) return;
  const em = options.fork();
  let written = 0;
  let rechecked = false;
  /**
   * A company deleted after the check below, while its calls were being written, refuses them
   * (or its minutes): it takes them with it, once, and the others are written. Any other failure
   * keeps them for the next flush.
   */
  const dropCompaniesDeletedMeanwhile = async (failure: unknown): Promise<void> => {
    if (rechecked || !isForeignKeyViolation(failure)) throw failure;
    rechecked = true;
    pending.calls = pending.calls.slice(written);
    written = 0;
    await dropDeletedCompanies(em, state, pending);
  };
  const writeAllTotals = () => em.transactional((tx) => writeTotals(tx, options.replicaId, pending));
  try {
    await dropDeletedCompanies(em, state, pending);
    while (written < pending.calls.length) {
      const slice = pending.calls.slice(written, written + CALLS_PER_TRANSACTION);
      try {
        await writeCalls(slice);
      } catch (failure) {
        await dropCompaniesDeletedMeanwhile(failure);
        continue;
      }
      written += slice.length;
      await nextTurn();
    }
    await writeAllTotals().catch(async (failure: unknown) => {
      await dropCompaniesDeletedMeanwhile(failure);
      await writeAllTotals();
    });
  } catch (failure) {
    putBack(state, { ...pending, calls: pending.calls.slice(written) }, options.logger);
    throw failure;
  }
  monthsWritten(pending.months, options);
  markKeysWritten(state, pending.keysToMark, now);
  forgetWrittenMinutes(state.minutes);
  forgetWrittenMonths(state.months, new Date(now));
}

import { describe, expect, it } from 'vitest';
import { isBusy, isConnectionLost } from './busyDatabase';
import { toHttpError } from './errors';

const failure = (code: string | undefined, message = 'failed', cause?: unknown) => Object.assign(new Error(message), code === undefined ? {} : { code }, cause ? { cause } : {});

describe('database failures to run again', () => {
  it('knows a lost connection by its code, or by the PostgreSQL driver’s own words when it has none', () => {
    for (const code of ['57P01', '57P02', '57P03', '08000', '08003', '08006', 'ECONNRESET', 'ECONNREFUSED']) expect(isConnectionLost(failure(code)), code).toBe(true);
    expect(isConnectionLost(failure(undefined, 'insert into survey_responses … - Connection terminated unexpectedly'))).toBe(true);
    // Wrapped by the ORM: the driver's error is its cause.
    expect(isConnectionLost(failure('ConnectionException', 'wrapped', failure('57P01')))).toBe(true);
    expect(isConnectionLost(failure('23505', 'Connection terminated'))).toBe(false);
    expect(isConnectionLost(failure('40001'))).toBe(false);
    expect(isBusy(failure('57P01'))).toBe(false);
    expect(isBusy(failure('SQLITE_BUSY_SNAPSHOT'))).toBe(true);
  });

  it('answers a lost connection 503 with Retry-After and a code, never 500', () => {
    const answer = toHttpError(failure('57P01', 'terminating connection due to administrator command'));
    expect(answer).toMatchObject({ status: 503, code: 'database_unavailable', headers: { 'Retry-After': expect.stringMatching(/^\d+$/) } });
    expect(toHttpError(failure('42P01'))).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { EXPORT_FIELD_IDS } from '@domain/audience/export';
import { exportRowOf, FIELD_COLUMNS, keysetPages, type ProfileRow } from './rows';

const FULL: ProfileRow = {
  id: 'profile-1',
  user_id: 'cust-9',
  email: 'ann@example.com',
  name: 'Ann Lee',
  age: '41',
  location: 'Berlin',
  first_seen_at: '2025-01-02T03:04:05.678Z',
  last_seen_at: '2026-03-09T15:00:00.000Z',
  last_login_at: '2026-03-01T00:00:00.000Z',
  subscription_status: 'active',
  ltv: 19.990000000000002,
  source_names: ['Shopify', 'Survey responses'],
};

describe('exportRowOf', () => {
  it('maps every field from its columns', () => {
    expect(exportRowOf(FULL, EXPORT_FIELD_IDS)).toEqual({
      user_id: 'cust-9',
      email: 'ann@example.com',
      name: 'Ann Lee',
      age: 41,
      location: 'Berlin',
      created_at: '2025-01-02T03:04:05.678Z',
      last_login: '2026-03-01T00:00:00.000Z',
      subscription_status: 'active',
      revenue: 19.99,
      source: 'Shopify; Survey responses',
    });
  });

  it('falls back to the profile id, to last seen, and to empty values', () => {
    const bare: ProfileRow = { id: 'profile-2', last_seen_at: '2026-03-09T15:00:00.000Z', ltv: null, source_names: null };
    expect(exportRowOf(bare, EXPORT_FIELD_IDS)).toEqual({
      user_id: 'profile-2',
      email: null,
      name: null,
      age: null,
      location: null,
      created_at: null,
      last_login: '2026-03-09T15:00:00.000Z',
      subscription_status: null,
      revenue: 0,
      source: '',
    });
  });

  it('gives only the chosen fields, and each field names the columns it reads', () => {
    expect(exportRowOf(FULL, ['email', 'revenue'])).toEqual({ email: 'ann@example.com', revenue: 19.99 });
    expect(Object.keys(FIELD_COLUMNS).sort()).toEqual([...EXPORT_FIELD_IDS].sort());
  });
});

/** Every row of the pages, in order. */
async function* rowsOf<Row>(pages: AsyncGenerator<Row[]>): AsyncGenerator<Row> {
  for await (const page of pages) yield* page;
}

describe('keysetPages', () => {
  /** An endless source of pages: each read is counted, each row is its index. */
  function endless(pageSize: number) {
    const reads: Array<number | null> = [];
    const readPage = async (after: number | null) => {
      reads.push(after);
      const start = after === null ? 0 : after + 1;
      return Array.from({ length: pageSize }, (_, index) => start + index);
    };
    return { reads, readPage };
  }

  it('continues after the last row of each page and stops at a short page', async () => {
    const pages = [[1, 2, 3], [4, 5, 6], [7]];
    const asked: Array<number | null> = [];
    const rows: number[] = [];
    for await (const page of keysetPages(async (after: number | null) => (asked.push(after), pages[asked.length - 1] ?? []), (last) => last, 3)) rows.push(...page);
    expect(rows).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(asked).toEqual([null, 3, 6]);
  });

  it('asks one page past a full last page, and finds it empty', async () => {
    const asked: Array<number | null> = [];
    const rows: number[] = [];
    const seen: number[][] = [];
    for await (const page of keysetPages(async (after: number | null) => (asked.push(after), after === null ? [1, 2] : []), (last) => last, 2)) seen.push(page);
    // The empty page is not yielded.
    expect(seen).toEqual([[1, 2]]);
    rows.push(...seen.flat());
    expect(rows).toEqual([1, 2]);
    expect(asked).toEqual([null, 2]);
  });

  it('asks for no further page once the reader stops', async () => {
    const source = endless(5);
    const rows = rowsOf(keysetPages(source.readPage, (last) => last, 5));
    const taken: number[] = [];
    for await (const row of rows) {
      taken.push(row);
      if (taken.length === 7) break;
    }
    // Let anything still pending settle: an endless loop would keep reading pages meanwhile.
    for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(taken).toEqual([0, 1, 2, 3, 4, 5, 6]);
    // The second page was being read; the third was asked for ahead while the second was consumed.
    expect(source.reads).toEqual([null, 4, 9]);
  });

  it('passes a failed read on to the reader', async () => {
    const rows = rowsOf(
      keysetPages(async (after: number | null) => {
        if (after !== null) throw new Error('connection lost');
        return [1, 2];
      }, (last) => last, 2),
    );
    const taken: number[] = [];
    await expect(async () => {
      for await (const row of rows) taken.push(row);
    }).rejects.toThrow('connection lost');
    expect(taken).toEqual([1, 2]);
  });
});

/**
 * Where a person's rows are, store by store, found by every identifier linked to the one asked
 * for: the records of every source (user_id, e-mail, anonymous_id; their other fields:
 * recordFields.ts), survey responses (visitor id and identifiers), survey displays (visitor id),
 * the prediction API's call log (user_id), the audience graph (identities, merges, profiles) and
 * Write Back's queued payloads. Read by the erasure (erasure.ts) and the person export (export.ts)
 * alike, so both find the same rows.
 */
import type { Knex } from '@mikro-orm/knex';
import { type DatabaseKind, resultsDialect, rowsOf } from '../../platform/sql';
import { personMatcher } from './matching';
import { recordsThroughSieve, recordVerdict } from './recordFields';
import { identifierValues, normalizeIdentifier, type Db } from '../suppression';

/** Identifiers one person may be linked to; beyond it the graph joins too many people to erase safely. */
export const LINKED_IDENTIFIERS_MAX = 100;
/** Rows read per statement while scanning a company's responses. */
const SCAN_ROWS = 1_000;

export const placeholders = (values: readonly unknown[]) => values.map(() => '?').join(', ');

/** data_records of the company about the person, as a condition with its bindings. */
export function recordCondition(companyId: string, values: readonly string[]): { sql: string; bindings: Knex.RawBinding[] } {
  const list = placeholders(values);
  return {
    sql: `company_id = ? and (user_id in (${list}) or lower(email) in (${list}) or anonymous_id in (${list}))`,
    bindings: [companyId, ...values, ...values.map((value) => value.toLowerCase()), ...values],
  };
}

/** Whether a response belongs to the person: its visitor id or one of its identifiers. */
function responseMatches(dialect: ReturnType<typeof resultsDialect>, row: { visitor_id: string | null; identifiers: unknown }, wanted: ReadonlySet<string>): boolean {
  if (row.visitor_id && wanted.has(normalizeIdentifier(row.visitor_id))) return true;
  const identifiers = dialect.parsedJson<Record<string, unknown> | null>(row.identifiers) ?? {};
  return identifierValues(Object.values(identifiers)).some((value) => wanted.has(value));
}

/** The ids of the company's responses about the person, with their identifiers (read a page at a time). */
export async function personResponses(db: Db, kind: DatabaseKind, companyId: string, values: readonly string[]): Promise<Array<{ id: string; identifiers: string[] }>> {
  const dialect = resultsDialect(kind);
  const wanted = new Set(values);
  const found: Array<{ id: string; identifiers: string[] }> = [];
  let after = '';
  for (;;) {
    const rows = rowsOf<{ id: string; visitor_id: string | null; identifiers: unknown }>(
      await db.raw('select id, visitor_id, identifiers from survey_responses where company_id = ? and id > ? order by id limit ?', [companyId, after, SCAN_ROWS]),
    );
    for (const row of rows) {
      if (!responseMatches(dialect, row, wanted)) continue;
      const identifiers = dialect.parsedJson<Record<string, unknown> | null>(row.identifiers) ?? {};
      found.push({ id: row.id, identifiers: identifierValues([row.visitor_id, ...Object.values(identifiers)]) });
    }
    if (rows.length < SCAN_ROWS) return found;
    after = rows[rows.length - 1]!.id;
  }
}

/** The profile ids of the person in the audience graph (every generation). */
export async function personProfiles(db: Db, companyId: string, values: readonly string[]): Promise<string[]> {
  const rows = rowsOf<{ profile_id: string }>(
    await db.raw(`select distinct profile_id from audience_identities where company_id = ? and value in (${placeholders(values)})`, [companyId, ...values]),
  );
  return rows.map((row) => row.profile_id);
}

/**
 * Every identifier linked to `start`: through records that carry several (an e-mail beside a
 * user id), events naming them in their user's traits (a Segment identify call's anonymous id
 * beside the traits' e-mail), responses' identifiers and the audience graph's profiles, until
 * nothing new is found. The events' fields are looked through for each identifier once.
 * Throws when the person links more than LINKED_IDENTIFIERS_MAX identifiers.
 */
export async function linkedIdentifiers(db: Db, kind: DatabaseKind, companyId: string, start: string): Promise<string[]> {
  const known = new Set(identifierValues([start]));
  let fresh = [...known];
  while (fresh.length) {
    const values = [...known];
    const found: unknown[] = [];
    // Events that name the new ones in their user's traits (recordFields.ts) are that user's: their ids link.
    const matcher = personMatcher(fresh);
    for await (const rows of recordsThroughSieve(db, kind, companyId, 'events', matcher)) {
      for (const row of rows) {
        const verdict = recordVerdict(row, known, matcher);
        if (verdict?.whose === 'theirs') found.push(...verdict.identifiers);
      }
    }
    const condition = recordCondition(companyId, values);
    for (const row of rowsOf<{ user_id: string | null; email: string | null; anonymous_id: string | null }>(
      await db.raw(`select distinct user_id, email, anonymous_id from data_records where ${condition.sql} limit 1000`, condition.bindings),
    )) {
      found.push(row.user_id, row.email, row.anonymous_id);
    }
    for (const response of await personResponses(db, kind, companyId, values)) found.push(...response.identifiers);
    const profiles = await personProfiles(db, companyId, values);
    if (profiles.length) {
      for (const row of rowsOf<{ value: string }>(
        await db.raw(`select distinct value from audience_identities where company_id = ? and profile_id in (${placeholders(profiles)})`, [companyId, ...profiles]),
      )) {
        found.push(row.value);
      }
    }
    fresh = identifierValues(found).filter((value) => !known.has(value));
    for (const value of fresh) known.add(value);
    if (known.size > LINKED_IDENTIFIERS_MAX) {
      throw new Error(`The identifier is linked to more than ${LINKED_IDENTIFIERS_MAX} others: the audience graph joins too many people to erase this one safely`);
    }
  }
  return [...known];
}

/** Whether a JSON value holds one of the values as a string or number anywhere in it. */
export function mentions(value: unknown, wanted: ReadonlySet<string>): boolean {
  if (typeof value === 'string' || typeof value === 'number') return wanted.has(normalizeIdentifier(String(value)));
  if (Array.isArray(value)) return value.some((item) => mentions(item, wanted));
  if (value && typeof value === 'object') return Object.values(value).some((item) => mentions(item, wanted));
  return false;
}

/** The value with every array element (an object) that mentions the person taken out; answers how many were. */
export function withoutPerson(value: unknown, wanted: ReadonlySet<string>): { value: unknown; removed: number } {
  if (Array.isArray(value)) {
    let removed = 0;
    const kept: unknown[] = [];
    for (const item of value) {
      if (item && typeof item === 'object' && mentions(item, wanted)) {
        removed++;
        continue;
      }
      const inner = withoutPerson(item, wanted);
      removed += inner.removed;
      kept.push(inner.value);
    }
    return { value: kept, removed };
  }
  if (value && typeof value === 'object') {
    let removed = 0;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const inner = withoutPerson(item, wanted);
      removed += inner.removed;
      out[key] = inner.value;
    }
    return { value: out, removed };
  }
  return { value, removed: 0 };
}

/**
 * A person in the fields of records that no column indexes: a source's fields not mapped to the
 * unified identifiers (an e-mail under a key of the source's own), nested values (a Segment event's
 * `traits`, `context.traits`), the unified values beside them. Records are read a window of ids at
 * a time, per kind (the index on company, kind and id), with a LIKE sieve on their JSON text, so no
 * statement reads more than a window and none holds a lock; the rows the sieve lets through are
 * checked field by field (matching.ts).
 *
 * What a record that names the person is to them:
 * - theirs, when its indexed identifiers (user id, e-mail, anonymous id) are theirs; when it names
 *   them in a Segment message's traits (`traits`, `context.traits`: Segment's spec makes those the
 *   message's user's, so its user id and anonymous id are theirs too); or when it is a person or an
 *   event that names no one by its indexed identifiers. The erasure deletes it, and the export
 *   gives it whole.
 * - someone else's that mentions them otherwise (an item, an event of another user): the erasure
 *   replaces their values in it with ERASED_VALUE and keeps the rest; the export gives only the
 *   fields that name them.
 */
import type { Knex } from '@mikro-orm/knex';
import type { RecordKind } from '@domain/data/unifiedModel';
import { type DatabaseKind, resultsDialect, rowsOf } from '../../platform/sql';
import { identifierValues } from '../suppression';
import { mentionsIn, type Mention, type PersonMatcher } from './matching';

type Db = Knex | Knex.Transaction;

/** Records read per statement while looking through a company's records. */
export const RECORD_SCAN_WINDOW = 2_000;

/** The kinds a record is one of: each is read through its own part of the index. */
export const SCANNED_KINDS: readonly RecordKind[] = ['people', 'events', 'items'];

export interface StoredRecord {
  id: string;
  source_id: string;
  kind: RecordKind;
  user_id: string | null;
  email: string | null;
  anonymous_id: string | null;
  data: Record<string, unknown>;
  unified: Record<string, unknown>;
}

export const RECORD_COLUMNS = 'id, source_id, kind, user_id, email, anonymous_id, data, unified';

const placeholders = (values: readonly unknown[]) => values.map(() => '?').join(', ');

/** A record as read back: its JSON columns parsed on either engine. */
export function storedRecord(kind: DatabaseKind, row: Record<string, unknown>): StoredRecord {
  const dialect = resultsDialect(kind);
  return {
    ...(row as unknown as StoredRecord),
    data: dialect.parsedJson<Record<string, unknown> | null>(row.data) ?? {},
    unified: dialect.parsedJson<Record<string, unknown> | null>(row.unified) ?? {},
  };
}

/**
 * The records of the company (of one kind) whose JSON may name the person, a window at a time, in
 * id order; only the rows through the sieve are read whole. `after`: the id to start after.
 */
export async function* recordsThroughSieve(db: Db, kind: DatabaseKind, companyId: string, recordKind: RecordKind, matcher: PersonMatcher): AsyncGenerator<StoredRecord[]> {
  const patterns = matcher.likePatterns();
  if (!patterns.length) return;
  const dialect = resultsDialect(kind);
  const sieve = patterns.flatMap(() => [`${dialect.jsonText('data')} ${dialect.like} ? escape '\\'`, `${dialect.jsonText('unified')} ${dialect.like} ? escape '\\'`]).join(' or ');
  const sieveBindings = patterns.flatMap((pattern) => [pattern, pattern]);
  let after = '';
  for (;;) {
    const window = rowsOf<{ id: string; hit: unknown }>(
      await db.raw(`select id, (case when ${sieve} then 1 else 0 end) as hit from data_records where company_id = ? and kind = ? and id > ? order by id limit ?`, [
        ...sieveBindings,
        companyId,
        recordKind,
        after,
        RECORD_SCAN_WINDOW,
      ]),
    );
    const hits = window.filter((row) => Number(row.hit) === 1).map((row) => row.id);
    if (hits.length) {
      const rows = rowsOf<Record<string, unknown>>(await db.raw(`select ${RECORD_COLUMNS} from data_records where id in (${placeholders(hits)}) order by id`, hits));
      yield rows.map((row) => storedRecord(kind, row));
    }
    if (window.length < RECORD_SCAN_WINDOW) return;
    after = window[window.length - 1]!.id;
  }
}

export interface RecordVerdict {
  /** The record is the person's (deleted by an erasure), or another's that mentions them (their values replaced). */
  whose: 'theirs' | 'mentions';
  /** Where the record names them, beyond its indexed identifiers. */
  mentions: Mention[];
  /** The record's indexed identifiers, which are the person's when `whose` is theirs. */
  identifiers: string[];
}

/** Segment's objects of the message's own user. */
const OWN_TRAITS = /^(?:traits|context\.traits)(?:\.|\[|$)/;

/** What a record is to the person (see the head of this file); null when it does not name them. */
export function recordVerdict(row: StoredRecord, wanted: ReadonlySet<string>, matcher: PersonMatcher): RecordVerdict | null {
  const identifiers = identifierValues([row.user_id, row.email, row.anonymous_id]);
  const mentions = [...mentionsIn(row.data, matcher), ...mentionsIn(row.unified, matcher).map((mention) => ({ ...mention, field: `unified.${mention.field}` }))];
  if (identifiers.some((value) => wanted.has(value))) return { whose: 'theirs', mentions, identifiers };
  if (!mentions.length) return null;
  const inOwnTraits = mentions.some((mention) => OWN_TRAITS.test(mention.field));
  const namesNoOne = identifiers.length === 0 && row.kind !== 'items';
  return { whose: inOwnTraits || namesNoOne ? 'theirs' : 'mentions', mentions, identifiers };
}

/**
 * Everything stored about one person (GDPR article 15), found as the erasure finds it (stores.ts,
 * recordFields.ts), written as one JSON document while it is read: store by store, a page of rows
 * at a time, so a person with a million events costs a page of memory, not the whole document.
 *
 * The document, in this order:
 * - identifiers: every identifier linked to the one asked for;
 * - records: per source, its records found by their indexed identifiers, whole;
 * - recordsByOtherFields: records that name the person in other fields: their own whole (with the
 *   fields that name them), someone else's as those fields alone;
 * - predictionEvents: the events among `records`, with their source's name;
 * - responses, identities, profiles, predictionCalls.
 * The people are found before the first byte is written (a failure then is an error answer); a
 * failure later cuts the document short, so it never parses as complete.
 */
import type { EntityManager } from '@mikro-orm/core';
import type { Knex } from '@mikro-orm/knex';
import { DataSource } from '../../entities';
import { type DatabaseKind, resultsDialect, rowsOf } from '../../platform/sql';
import { personMatcher } from './matching';
import { RECORD_COLUMNS, recordsThroughSieve, recordVerdict, SCANNED_KINDS, storedRecord, type StoredRecord } from './recordFields';
import { linkedIdentifiers, personProfiles, personResponses, placeholders, recordCondition } from './stores';
import type { Db } from '../suppression';

/** Rows read and written per page. */
export const EXPORT_PAGE_ROWS = 500;

type Row = Record<string, unknown>;

const text = (value: string) => Buffer.from(value, 'utf8');
const json = (value: unknown) => JSON.stringify(value);

/** A JSON array written page by page: `[`, the rows of each page, `]`. */
async function* jsonArray(pages: AsyncIterable<readonly unknown[]>): AsyncGenerator<Buffer> {
  yield text('[');
  let first = true;
  for await (const page of pages) {
    if (!page.length) continue;
    yield text(`${first ? '' : ','}${page.map(json).join(',')}`);
    first = false;
  }
  yield text(']');
}

/** Pages of `read(after)`, each after the last row's id, until a short one. */
async function* byId<T extends { id: unknown }>(read: (after: string) => Promise<T[]>): AsyncGenerator<T[]> {
  let after = '';
  for (;;) {
    const rows = await read(after);
    if (rows.length) yield rows;
    if (rows.length < EXPORT_PAGE_ROWS) return;
    after = String(rows[rows.length - 1]!.id);
  }
}

/** Pages of the rows `read` answers for the ids, EXPORT_PAGE_ROWS ids at a time. */
async function* byIds<T>(ids: readonly string[], read: (ids: string[]) => Promise<T[]>): AsyncGenerator<T[]> {
  for (let start = 0; start < ids.length; start += EXPORT_PAGE_ROWS) yield await read(ids.slice(start, start + EXPORT_PAGE_ROWS));
}

/**
 * The export of the person named by `value`: their identifiers and the sources' names are found at
 * once (the names in a fork of `em`, the request's), the document is written as it is read, with `db`.
 */
export async function personExport(em: EntityManager, db: Db, kind: DatabaseKind, companyId: string, value: string): Promise<AsyncIterable<Buffer>> {
  const identifiers = await linkedIdentifiers(db, kind, companyId, value);
  const sources = new Map((await em.fork().find(DataSource, { companyId }, { fields: ['id', 'name'] })).map((source) => [source.id, source.name]));
  return exportDocument({ db, kind, companyId, identifiers, sources });
}

interface ExportContext {
  db: Db;
  kind: DatabaseKind;
  companyId: string;
  identifiers: string[];
  sources: ReadonlyMap<string, string>;
}

async function* exportDocument(ctx: ExportContext): AsyncGenerator<Buffer> {
  yield text(`{"identifiers":${json(ctx.identifiers)},"records":`);
  yield* recordsBySource(ctx);
  yield text(',"recordsByOtherFields":');
  yield* jsonArray(recordsByOtherFields(ctx));
  yield text(',"predictionEvents":');
  yield* jsonArray(predictionEvents(ctx));
  yield text(',"responses":');
  yield* jsonArray(responses(ctx));
  const profiles = await personProfiles(ctx.db, ctx.companyId, ctx.identifiers);
  yield text(',"identities":');
  yield* jsonArray(identities(ctx, profiles));
  yield text(',"profiles":');
  yield* jsonArray(profileRows(ctx, profiles));
  yield text(',"predictionCalls":');
  yield* jsonArray(predictionCalls(ctx));
  yield text('}');
}

const recordOf = (row: StoredRecord) => ({ id: row.id, kind: row.kind, data: row.data, unified: row.unified });

/** `[{sourceId, source, records: [...]}, ...]`: the records by source, in source and id order. */
async function* recordsBySource(ctx: ExportContext): AsyncGenerator<Buffer> {
  const condition = recordCondition(ctx.companyId, ctx.identifiers);
  let after: { sourceId: string; id: string } | null = null;
  let open: string | null = null;
  yield text('[');
  for (;;) {
    const from: { sql: string; bindings: Knex.RawBinding[] } = after ? { sql: 'and (source_id > ? or (source_id = ? and id > ?))', bindings: [after.sourceId, after.sourceId, after.id] } : { sql: '', bindings: [] };
    const rows = rowsOf<Row>(
      await ctx.db.raw(`select ${RECORD_COLUMNS} from data_records where ${condition.sql} ${from.sql} order by source_id, id limit ?`, [...condition.bindings, ...from.bindings, EXPORT_PAGE_ROWS]),
    ).map((row) => storedRecord(ctx.kind, row));
    let chunk = '';
    for (const row of rows) {
      if (row.source_id !== open) {
        chunk += `${open === null ? '' : ']},'}{"sourceId":${json(row.source_id)},"source":${json(ctx.sources.get(row.source_id) ?? row.source_id)},"records":[`;
        open = row.source_id;
      } else {
        chunk += ',';
      }
      chunk += json(recordOf(row));
    }
    if (chunk) yield text(chunk);
    if (rows.length < EXPORT_PAGE_ROWS) break;
    const last = rows[rows.length - 1]!;
    after = { sourceId: last.source_id, id: last.id };
  }
  yield text(open === null ? ']' : ']}]');
}

async function* recordsByOtherFields(ctx: ExportContext): AsyncGenerator<unknown[]> {
  const matcher = personMatcher(ctx.identifiers);
  const wanted = new Set(ctx.identifiers);
  for (const recordKind of SCANNED_KINDS) {
    for await (const rows of recordsThroughSieve(ctx.db, ctx.kind, ctx.companyId, recordKind, matcher)) {
      const page: unknown[] = [];
      for (const row of rows) {
        const verdict = recordVerdict(row, wanted, matcher);
        // Those found by their indexed identifiers are under `records` already.
        if (!verdict || verdict.identifiers.some((identifier) => wanted.has(identifier))) continue;
        const source = { sourceId: row.source_id, source: ctx.sources.get(row.source_id) ?? row.source_id };
        page.push(
          verdict.whose === 'theirs'
            ? { ...source, whose: 'theirs', ...recordOf(row), namedIn: verdict.mentions.map((mention) => mention.field) }
            : { ...source, whose: 'another person', id: row.id, kind: row.kind, mentions: verdict.mentions },
        );
      }
      yield page;
    }
  }
}

function predictionEvents(ctx: ExportContext): AsyncGenerator<unknown[]> {
  const condition = recordCondition(ctx.companyId, ctx.identifiers);
  return byId(async (after) =>
    rowsOf<Row>(await ctx.db.raw(`select ${RECORD_COLUMNS} from data_records where ${condition.sql} and kind = 'events' and id > ? order by id limit ?`, [...condition.bindings, after, EXPORT_PAGE_ROWS]))
      .map((row) => storedRecord(ctx.kind, row))
      .map((row) => ({ source: ctx.sources.get(row.source_id) ?? row.source_id, ...recordOf(row) })),
  );
}

async function* responses(ctx: ExportContext): AsyncGenerator<unknown[]> {
  const dialect = resultsDialect(ctx.kind);
  const ids = (await personResponses(ctx.db, ctx.kind, ctx.companyId, ctx.identifiers)).map((response) => response.id);
  yield* byIds(ids, async (page) =>
    rowsOf<Row>(
      await ctx.db.raw(
        `select r.id, r.survey_id, s.name as survey_name, r.visitor_id, r.device_type, r.page_url, r.identifiers, r.answers, r.is_complete, r.started_at, r.completed_at
         from survey_responses r join published_surveys s on s.id = r.survey_id where r.company_id = ? and r.id in (${placeholders(page)}) order by r.id`,
        [ctx.companyId, ...page],
      ),
    ).map((row) => ({ ...row, identifiers: dialect.parsedJson(row.identifiers), answers: dialect.parsedJson(row.answers), is_complete: Boolean(row.is_complete) })),
  );
}

function identities(ctx: ExportContext, profiles: string[]): AsyncGenerator<unknown[]> {
  return byIds(profiles, async (page) =>
    rowsOf(await ctx.db.raw(`select profile_id, kind, value, source, generation from audience_identities where company_id = ? and profile_id in (${placeholders(page)}) order by profile_id, kind, value`, [ctx.companyId, ...page])),
  );
}

function profileRows(ctx: ExportContext, profiles: string[]): AsyncGenerator<unknown[]> {
  const dialect = resultsDialect(ctx.kind);
  return byIds(profiles, async (page) =>
    rowsOf<Row>(await ctx.db.raw(`select * from audience_profiles where company_id = ? and id in (${placeholders(page)}) order by id`, [ctx.companyId, ...page])).map((row) => ({
      ...row,
      source_names: dialect.parsedJson(row.source_names),
      attributes: dialect.parsedJson(row.attributes),
      segments: dialect.parsedJson(row.segments),
    })),
  );
}

function predictionCalls(ctx: ExportContext): AsyncGenerator<unknown[]> {
  const dialect = resultsDialect(ctx.kind);
  return byId(async (after) =>
    rowsOf<Row>(
      await ctx.db.raw(`select id, endpoint, status, user_id, request, items, created_at from prediction_calls where company_id = ? and user_id in (${placeholders(ctx.identifiers)}) and id > ? order by id limit ?`, [
        ctx.companyId,
        ...ctx.identifiers,
        after,
        EXPORT_PAGE_ROWS,
      ]),
    ).map((row) => ({ ...row, id: row.id, request: dialect.parsedJson(row.request), items: dialect.parsedJson(row.items) })),
  );
}

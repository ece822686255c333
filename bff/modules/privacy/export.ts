/**
 * Everything stored about one person (GDPR article 15), found as the erasure finds it (stores.ts):
 * their records per source, survey responses with their answers, audience identities and
 * profiles, and the prediction API's calls for them. The events sent through the prediction API
 * are records of its source. Built in memory: one person's rows.
 */
import { DataSource } from '../../entities';
import { rowsOf } from '../../platform/rawRows';
import { resultsDialect, type DatabaseKind } from '../../platform/sql';
import type { Orm } from '../../types';
import { linkedIdentifiers, personProfiles, personResponses, placeholders, recordCondition } from './stores';
import type { Db } from './suppression';

/** Rows of one kind exported at most (a person's, not a company's). */
const EXPORT_ROWS = 10_000;

export async function personExport(db: Db, orm: Orm, kind: DatabaseKind, companyId: string, value: string) {
  const dialect = resultsDialect(kind);
  const json = (column: unknown) => dialect.parsedJson<unknown>(column);
  const identifiers = await linkedIdentifiers(db, kind, companyId, value);
  const condition = recordCondition(companyId, identifiers);
  const records = rowsOf<Record<string, unknown>>(
    await db.raw(`select id, source_id, kind, data, unified, created_at, updated_at from data_records where ${condition.sql} order by id limit ?`, [...condition.bindings, EXPORT_ROWS]),
  );
  const sourceIds = [...new Set(records.map((row) => String(row.source_id)))];
  const names = new Map((await orm.em.fork().find(DataSource, { id: { $in: sourceIds }, companyId }, { fields: ['id', 'name'] })).map((source) => [source.id, source.name]));
  const bySource = new Map<string, { sourceId: string; source: string; records: unknown[] }>();
  for (const row of records) {
    const sourceId = String(row.source_id);
    let entry = bySource.get(sourceId);
    if (!entry) bySource.set(sourceId, (entry = { sourceId, source: names.get(sourceId) ?? sourceId, records: [] }));
    entry.records.push({ id: row.id, kind: row.kind, data: json(row.data), unified: json(row.unified) });
  }
  const responseIds = (await personResponses(db, kind, companyId, identifiers)).map((response) => response.id).slice(0, EXPORT_ROWS);
  const responses = responseIds.length
    ? rowsOf<Record<string, unknown>>(
        await db.raw(
          `select r.id, r.survey_id, s.name as survey_name, r.visitor_id, r.device_type, r.page_url, r.identifiers, r.answers, r.is_complete, r.started_at, r.completed_at
           from survey_responses r join published_surveys s on s.id = r.survey_id where r.company_id = ? and r.id in (${placeholders(responseIds)}) order by r.id`,
          [companyId, ...responseIds],
        ),
      ).map((row) => ({ ...row, identifiers: json(row.identifiers), answers: json(row.answers), is_complete: Boolean(row.is_complete) }))
    : [];
  const profiles = await personProfiles(db, companyId, identifiers);
  const identities = profiles.length
    ? rowsOf(await db.raw(`select profile_id, kind, value, source, generation from audience_identities where company_id = ? and profile_id in (${placeholders(profiles)})`, [companyId, ...profiles]))
    : [];
  const profileRows = profiles.length
    ? rowsOf<Record<string, unknown>>(await db.raw(`select * from audience_profiles where company_id = ? and id in (${placeholders(profiles)})`, [companyId, ...profiles])).map((row) => ({
        ...row,
        source_names: json(row.source_names),
        attributes: json(row.attributes),
        segments: json(row.segments),
      }))
    : [];
  const calls = rowsOf<Record<string, unknown>>(
    await db.raw(
      `select id, endpoint, status, user_id, request, items, created_at from prediction_calls where company_id = ? and user_id in (${placeholders(identifiers)}) order by created_at limit ?`,
      [companyId, ...identifiers, EXPORT_ROWS],
    ),
  ).map((row) => ({ ...row, request: json(row.request), items: json(row.items) }));
  const events = [...bySource.values()].flatMap((entry) => entry.records.filter((record) => (record as { kind: string }).kind === 'events').map((record) => ({ source: entry.source, ...(record as object) })));
  return {
    identifiers,
    records: [...bySource.values()],
    predictionEvents: events,
    responses,
    identities,
    profiles: profileRows,
    predictionCalls: calls,
  };
}

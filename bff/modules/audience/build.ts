/**
 * Builds a company's unified profiles from everything it knows about people: people records and
 * events of its connected sources and imports, survey responses, and events sent to the
 * prediction API. One pass over the records, in keyset pages (so a million events never sit in
 * memory at once): each record's identifiers go into the identity graph
 * (src/domain/audience/identity.ts) and what it gives its profile into a compact ledger
 * (totals.ts). Once every record is read, the graph is resolved and the ledger added up into each
 * profile's totals in the order the records were read: the totals of reading every record a
 * second time, without the second read (readRecords.ts). Profiles, identifiers and joins are then
 * written as a new generation in short batches and switched to in one transaction
 * (writeProfiles.ts, over generations.ts). Plain SQL with `?` placeholders, so both SQLite and
 * PostgreSQL run it: in the server's build worker (buildWorker.ts) over its own connection, or in
 * process (the demo seeder).
 */
import { withCompanyLock } from './generations';
import type { BuildInput, BuildResult } from './buildInput';
import { readRecords } from './readRecords';
import { writeProfiles } from './writeProfiles';

export { currentGeneration, currentGenerationOf } from './generations';
export { API_SOURCE_NAME } from './readRecords';
export type { BuildInput, BuildResult } from './buildInput';

/** Rebuilds the company's profiles as a new generation; answers how many and what changed. */
export function buildAudience(input: BuildInput): Promise<BuildResult> {
  return withCompanyLock(input.knex, input.kind, input.companyId, async () => writeProfiles(input, await readRecords(input)));
}

/**
 * Writes the profiles, identities and joins as a new generation beside the current one, in short
 * batches (generations.ts), then switches the company to it in one short transaction: readers see
 * the previous complete generation until then. The previous one is deleted in batches afterwards;
 * rows of a build that failed or stopped are deleted by the next one.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from '@mikro-orm/knex';
import { type AudienceJobSummary, type CountChange, CATEGORY_IDS, CATEGORY_NAMES, LIFECYCLE_STAGES, LIFECYCLE_LABELS, RISK_LEVELS, RISK_LABELS } from '@domain/audience/contract';
import { categoryBit } from '@domain/audience/categories';
import { outranksAsAnchor, refusalReason, type ResolvedIdentities } from '@domain/audience/identity';
import type { BuildInput, BuildResult } from './buildInput';
import { analyzeTables } from '../../platform/analyze';
import { pages, rawQuery, type RawQuery } from './buildRows';
import { columnValues, currentGeneration, deleteGenerations, writeInBatches, type ColumnValues, type GenerationWrite } from './generations';
import { bump, packed, profileRow, profileRows, profileTally, type ProfileTally } from './profileRows';
import type { ReadRecords } from './readRecords';

/** Each profile's anchor: its strongest identifier, whose previous profile id it keeps. */
function anchorsOf(resolved: ResolvedIdentities, profileCount: number): Int32Array {
  const anchorOf = new Int32Array(profileCount).fill(-1);
  const { profileOfNode } = resolved;
  for (let node = 0; node < resolved.nodeCount; node++) {
    const profile = profileOfNode[node]!;
    const anchor = anchorOf[profile]!;
    if (anchor === -1 || outranksAsAnchor({ kind: resolved.kindOf(node), value: resolved.valueOf(node) }, { kind: resolved.kindOf(anchor), value: resolved.valueOf(anchor) })) {
      anchorOf[profile] = node;
    }
  }
  return anchorOf;
}

/**
 * Profile ids stay the same across rebuilds where the profile's anchor identifier does; only the
 * anchors' previous owners are kept in memory, by profile index.
 */
async function previousAnchorIds(query: RawQuery, companyId: string, current: number, resolved: ResolvedIdentities, anchorOf: Int32Array): Promise<Array<string | undefined>> {
  const { profileOfNode } = resolved;
  const isAnchor = (node: number) => anchorOf[profileOfNode[node]!] === node;
  const previousIdOf: Array<string | undefined> = [];
  for await (const rows of pages(query, 'select id, profile_id, kind, value from audience_identities where company_id = ? and generation = ?', [companyId, current])) {
    for (const row of rows) {
      const node = resolved.nodeOf({ kind: String(row.kind), value: String(row.value) });
      if (node !== -1 && isAnchor(node)) previousIdOf[profileOfNode[node]!] = String(row.profile_id);
    }
  }
  return previousIdOf;
}

/** The previous generation's profiles: category mask, risk and lifecycle in one number each, and their counts. */
interface PreviousProfiles {
  before: Map<string, number>;
  categories: Map<string, number>;
  risk: Map<string, number>;
  lifecycle: Map<string, number>;
}

async function previousProfiles(query: RawQuery, companyId: string, current: number): Promise<PreviousProfiles> {
  const previous: PreviousProfiles = { before: new Map(), categories: new Map(), risk: new Map(), lifecycle: new Map() };
  for await (const rows of pages(query, 'select id, category_mask, risk, lifecycle from audience_profiles where company_id = ? and generation = ?', [companyId, current])) {
    for (const row of rows) {
      const categoryMask = Number(row.category_mask);
      previous.before.set(String(row.id), packed(categoryMask, String(row.risk), String(row.lifecycle)));
      for (const id of CATEGORY_IDS) if (categoryMask & categoryBit(id)) bump(previous.categories, id);
      bump(previous.risk, String(row.risk));
      bump(previous.lifecycle, String(row.lifecycle));
    }
  }
  return previous;
}

/** The profiles written (those with totals) and their ids: the previous id of their anchor where no other profile took it first, else a new one. */
function profileIds(present: Uint8Array, profileCount: number, previousIdOf: Array<string | undefined>, before: Map<string, number>) {
  const written: number[] = [];
  for (let index = 0; index < profileCount; index++) if (present[index]) written.push(index);
  const ids: string[] = [];
  const reused = new Set<string>();
  for (const index of written) {
    const previous = previousIdOf[index];
    if (previous && !reused.has(previous)) {
      reused.add(previous);
      ids[index] = previous;
    } else ids[index] = randomUUID();
  }
  let previousKept = 0;
  for (const id of reused) if (before.has(id)) previousKept++;
  return { present: written, ids, previousKept };
}

/** The profiles' rows, scored and classified from their totals: the only use of the totals, let go after it. */
async function writeProfileRows(write: GenerationWrite, base: Parameters<typeof profileRows>[0], present: number[], resolved: ResolvedIdentities): Promise<void> {
  const rows = profileRows(base, present, resolved);
  await writeInBatches(write, 'audience_profiles', present.length, (position) => profileRow(rows, present[position]!));
}

/** What the identity and join rows of a generation are made from. */
interface LinkRows {
  generation: number;
  companyId: string;
  maxProfilesPerMerge: number;
  resolved: ResolvedIdentities;
  ids: string[];
  values: ColumnValues;
  stampNow: number | string | null;
}

function identityRow({ generation, companyId, resolved, ids, values, stampNow }: LinkRows, node: number) {
  const { stamp } = values;
  return {
    id: randomUUID(), generation, company_id: companyId, profile_id: ids[resolved.profileOfNode[node]!]!, kind: resolved.kindOf(node).slice(0, 100), value: resolved.valueOf(node),
    source: resolved.firstSourceOf(node).slice(0, 255), first_seen: stamp(resolved.firstSeenOf(node)), created_at: stampNow, updated_at: stampNow,
  };
}

function mergeRow({ generation, companyId, resolved, ids, values, stampNow, maxProfilesPerMerge }: LinkRows, index: number) {
  const node = resolved.joinNode(index);
  const refused = resolved.joinRefused(index);
  const people = resolved.joinPeople(index);
  return {
    id: randomUUID(), generation, company_id: companyId, profile_id: ids[resolved.joinProfile(index)]!, at: values.stamp(resolved.joinAt(index)),
    identifier_kind: resolved.kindOf(node).slice(0, 100), identifier_value: resolved.valueOf(node), source: resolved.joinSource(index).slice(0, 255), profiles_joined: people,
    refused: values.flag(refused), reason: refused ? refusalReason(people, maxProfilesPerMerge) : null, created_at: stampNow, updated_at: stampNow,
  };
}

function refusals(resolved: ResolvedIdentities): BuildResult['refused'] {
  const refused: BuildResult['refused'] = [];
  for (let index = 0; index < resolved.joinCount; index++) {
    if (!resolved.joinRefused(index)) continue;
    const join = resolved.join(index);
    refused.push({ kind: join.identifier.kind, value: join.identifier.value, source: join.source, profilesJoined: join.profilesJoined });
  }
  return refused;
}

function countChanges<Id extends string>(ids: readonly Id[], name: (id: Id) => string, before: Map<string, number>, after: Map<string, number>): CountChange[] {
  return ids.map((id) => ({ id, name: name(id), before: before.get(id) ?? 0, after: after.get(id) ?? 0 }));
}

function changeSummary(profiles: number, previous: PreviousProfiles, previousKept: number, tally: ProfileTally): AudienceJobSummary {
  return {
    profiles,
    // Changed too: every previous profile whose id no profile kept.
    profilesChanged: tally.changed + previous.before.size - previousKept,
    categories: countChanges(CATEGORY_IDS, (id) => CATEGORY_NAMES[id], previous.categories, tally.categories),
    risk: countChanges(RISK_LEVELS, (id) => RISK_LABELS[id], previous.risk, tally.risk),
    lifecycle: countChanges(LIFECYCLE_STAGES, (id) => LIFECYCLE_LABELS[id], previous.lifecycle, tally.lifecycle),
  };
}

/** Makes the written generation the company's current one, with its summary, in one short transaction. */
async function switchGeneration(knex: Knex, companyId: string, build: Record<string, unknown>, stampNow: number | string | null): Promise<void> {
  await knex.transaction(async (trx) => {
    const updated = await trx('audience_builds').where({ company_id: companyId }).update(build);
    if (!updated) await trx('audience_builds').insert({ id: randomUUID(), company_id: companyId, created_at: stampNow, ...build });
  });
}

export async function writeProfiles(input: BuildInput, records: ReadRecords): Promise<BuildResult> {
  const { knex, kind, companyId } = input;
  const now = input.now.getTime();
  const { resolved, sourceNames, watermark } = records;
  const profileCount = records.totals!.count;
  const query = rawQuery(knex);
  const values = columnValues(kind);

  const current = await currentGeneration(knex, companyId);
  await deleteGenerations(knex, companyId, { except: current });
  const generation = current + 1;
  const write: GenerationWrite = { input, generation };

  const anchorOf = anchorsOf(resolved, profileCount);
  const previousIdOf = await previousAnchorIds(query, companyId, current, resolved, anchorOf);
  resolved.forgetIdentifiers();
  const previous = await previousProfiles(query, companyId, current);
  const { present, ids, previousKept } = profileIds(records.totals!.present, profileCount, previousIdOf, previous.before);
  previousIdOf.length = 0;

  const tally = profileTally();
  const stampNow = values.stamp(now);
  await writeProfileRows(write, { now, generation, companyId, values, stampNow, totals: records.totals!, sourceNames, ids, before: previous.before, tally }, present, resolved);
  records.totals = null;
  const links: LinkRows = { generation, companyId, maxProfilesPerMerge: input.maxProfilesPerMerge, resolved, ids, values, stampNow };
  await writeInBatches(write, 'audience_identities', resolved.nodeCount, (node) => (ids[resolved.profileOfNode[node]!] === undefined ? null : identityRow(links, node)));
  await writeInBatches(write, 'audience_merges', resolved.joinCount, (index) => (ids[resolved.joinProfile(index)] === undefined ? null : mergeRow(links, index)));

  const summary = tally.counter.summary();
  const build = { computed_at: stampNow, watermark: values.stamp(watermark), profiles: present.length, generation, summary: JSON.stringify(summary), updated_at: stampNow };
  await switchGeneration(knex, companyId, build, stampNow);

  const result: BuildResult = {
    profiles: present.length,
    generation,
    watermark,
    refused: refusals(resolved),
    summary: changeSummary(present.length, previous, previousKept, tally),
  };
  await input.onSwitched?.(result);
  // A reader that took the previous generation just before the switch finishes its statements first.
  if (input.previousGenerationGraceMs) await new Promise((resolve) => setTimeout(resolve, input.previousGenerationGraceMs));
  await deleteGenerations(knex, companyId, { only: current });
  // A first build, or one that changed the company's profile count by a fifth, leaves the planner's
  // statistics describing other tables than these: refresh them (PostgreSQL; autovacuum may be off).
  if (current === 0 || Math.abs(present.length - previous.before.size) > previous.before.size / 5) {
    await analyzeTables(knex, kind, ['audience_profiles', 'audience_identities', 'audience_merges']);
  }
  return result;
}

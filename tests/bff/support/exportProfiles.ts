/**
 * Unified profiles stored directly, for the Export Data tests: thousands of profiles through the
 * audience builder would take far longer than the export they feed.
 */
import { randomUUID } from 'node:crypto';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/knex';
import { currentGeneration } from '@bff/modules/audience/build';
import type { World } from './world';

export interface ProfileFixture {
  id?: string;
  userId?: string | null;
  email?: string | null;
  name?: string | null;
  age?: number | null;
  location?: string | null;
  firstSeen?: Date | null;
  lastSeen?: Date | null;
  lastLogin?: Date | null;
  subscriptionStatus?: string | null;
  ltv?: number;
  sourceNames?: string[];
}

/** Stores the profiles for the company in one transaction and answers their ids, in order. */
export async function addProfiles(world: World, companyId: string, profiles: readonly ProfileFixture[]): Promise<string[]> {
  const knex = (world.orm.em as SqlEntityManager).getKnex();
  // MikroORM keeps instants in SQLite as epoch milliseconds; PostgreSQL takes the Date.
  const stamp = (at: Date | null | undefined) => (at ? (world.config.database.kind === 'sqlite' ? at.getTime() : at) : null);
  const now = stamp(new Date());
  // Stored in the company's current generation, where every reader looks (a demo company has built ones).
  const generation = await currentGeneration(knex, companyId);
  const rows = profiles.map((profile) => ({
    id: profile.id ?? randomUUID(),
    company_id: companyId,
    generation,
    user_id: profile.userId ?? null,
    email: profile.email ?? null,
    name: profile.name ?? null,
    account: null,
    age: profile.age ?? null,
    location: profile.location ?? null,
    first_seen: stamp(profile.firstSeen),
    last_seen: stamp(profile.lastSeen),
    last_login: stamp(profile.lastLogin),
    subscription_status: profile.subscriptionStatus ?? null,
    ltv: profile.ltv ?? 0,
    device_type: null,
    ip_address: null,
    source_mask: 0,
    source_names: JSON.stringify(profile.sourceNames ?? []),
    category_mask: 0,
    lifecycle: 'active',
    risk: 'low',
    risk_score: 0,
    coverage: 0,
    survey_count: 0,
    completion_seconds: 0,
    event_count: 0,
    recent_events: 0,
    previous_events: 0,
    identifier_count: 1,
    is_unknown: false,
    is_unified: false,
    attributes: '{}',
    segments: '[]',
    search_text: '',
    created_at: now,
    updated_at: now,
  }));
  await knex.transaction((trx) => knex.batchInsert('audience_profiles', rows, 500).transacting(trx));
  return rows.map((row) => row.id);
}

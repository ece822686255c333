/**
 * A company whose records exercise every rule of the audience build, made the same way every run
 * (a seeded generator, fixed ids, times and clock): people of three sources with duplicates, ties
 * and placeholders, families sharing an address past `maxProfilesPerMerge`, visitors who sign in,
 * events of connected sources and of the prediction API (devices, purchases, items in categories,
 * no identifier at all), and survey responses keyed by the company's identifier fields, custom
 * identifiers and visitor ids, with answers bound to data types. And a digest of what a build
 * wrote, free of its random ids and of each engine's float storage, to compare two builds by.
 */
import { createHash } from 'node:crypto';
import type { Knex } from '@mikro-orm/knex';
import { defaultDisplayTriggers, defaultEmbedSettings, DEFAULT_GLOBAL_IDENTIFIERS } from '@domain/survey/defaults';
import type { Answer } from '@domain/survey/types';
import { CompanySurveySettings, DataRecord, DataSource, DataType, PublishedSurvey, SurveyResponse } from '@bff/entities';
import { hashSecret } from '@bff/platform/secrets';
import { rowsOf, timeOf } from '@bff/platform/sql';
import { currentGeneration, type BuildResult } from '@bff/modules/audience/build';
import { question, readySurvey } from './surveys';
import type { World } from './world';

const DAY = 86_400_000;
/** The build's clock for these records. */
export const VARIED_NOW = new Date(Date.UTC(2026, 5, 15, 12));
/** Small, so that the families sharing an address are refused. */
export const VARIED_MAX_MERGE = 3;
export const VARIED_PEOPLE = 400;
/** More than one page of the build's reads. */
export const VARIED_EVENTS = 6_500;

/** A seeded generator of numbers in [0, 1) (mulberry32). */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Ascending ids, so records are read in the order they are made here; `company` tells apart the companies of one database. */
const idOfCompany = (prefix: number, index: number, company: number) => `${prefix.toString(16).padStart(8, '0')}-${company.toString(16).padStart(4, '0')}-4000-8000-${index.toString(16).padStart(12, '0')}`;
let companies = 0;

export interface VariedCompany {
  companyId: string;
}

/** Adds the records to `companyId` (a company without any). */
export async function addVariedRecords(world: World, companyId: string, seed = 7): Promise<VariedCompany> {
  const random = seeded(seed);
  const company = ++companies;
  const idOf = (prefix: number, index: number) => idOfCompany(prefix, index, company);
  const pick = <Value>(values: readonly Value[]): Value => values[Math.floor(random() * values.length)]!;
  const chance = (share: number) => random() < share;
  const now = VARIED_NOW.getTime();
  const em = world.em();
  const importedAt = new Date(now - DAY);
  let sourceIndex = 0;
  const source = (name: string, catalogueId: string, type: string, recordKind: 'people' | 'events' | 'items') =>
    em.create(DataSource, { id: idOf(0xa0, sourceIndex++), companyId, name, type, catalogueId, recordKind, status: 'active', config: {}, mapping: {}, fields: [] });
  const csv = source('customers.csv', 'csv-upload', 'File Upload', 'people');
  const crm = source('Salesforce', 'salesforce', 'CRM Systems', 'people');
  const mail = source('Mailchimp', 'mailchimp', 'Email Marketing', 'people');
  const segment = source('Segment', 'segment', 'Analytics & Growth', 'events');
  const analytics = source('Google Analytics', 'google-analytics', 'Web Analytics', 'events');
  const api = source('Prediction API events', 'prediction-api', 'Prediction API', 'events');
  const catalogue = source('Catalogue', 'csv-upload', 'File Upload', 'items');

  let recordIndex = 0;
  const record = (prefix: number, index: number, fields: Partial<DataRecord> & Pick<DataRecord, 'sourceId' | 'kind' | 'unified' | 'sourceType'>, updatedAt: number) =>
    em.create(DataRecord, {
      id: idOf(prefix, index), companyId, data: fields.unified, importedAt, recordIndex: recordIndex++, recordKey: null, userId: null, email: null, anonymousId: null, eventType: null,
      eventTime: null, itemId: null, ...fields, createdAt: new Date(updatedAt), updatedAt: new Date(updatedAt),
    });

  const categories = ['Summer Sale', 'Shoes', 'Books', 'Outlet deals', 'Garden'];
  const items = Array.from({ length: 30 }, (_, index) => `item-${index}`);
  items.forEach((itemId, index) => record(0xb0, index, { sourceId: catalogue.id, kind: 'items', itemId, unified: { item_id: itemId, category: categories[index % categories.length]! }, sourceType: 'csv' }, now - 50 * DAY));

  // People: some in two or three sources, families of 4-6 sharing one address, placeholders, and
  // a few records with no identifier at all.
  const userIdOf = (person: number) => `u-${person}`;
  const familyOf = (person: number) => (person % 40 < 12 ? Math.floor(person / 40) * 2 + (person % 40 < 6 ? 0 : 1) : null);
  const statuses = ['active', 'premium', 'free', 'trialing', 'canceled', 'Gold', 'enterprise', ''];
  const devices = ['Mobile', 'desktop', 'tablet', ' TV ', 'phone'];
  let personRecords = 0;
  for (let person = 0; person < VARIED_PEOPLE; person++) {
    const family = familyOf(person);
    const copies = chance(0.3) ? (chance(0.3) ? 3 : 2) : 1;
    // Duplicates of one person share an update time now and then: the later record in id order wins its ties.
    const updated = now - Math.floor(random() * 200) * 3_600_000;
    for (let copy = 0; copy < copies; copy++) {
      const from = [csv, crm, mail][(person + copy) % 3]!;
      const userId = chance(0.04) ? 'unknown' : chance(0.08) ? null : chance(0.05) ? ` ${userIdOf(person)} ` : userIdOf(person);
      const email = family !== null && chance(0.9) ? `family${family}@example.com` : chance(0.05) ? 'test@test.com' : chance(0.1) ? null : `Person${person}@Example.com`;
      const unified: Record<string, string | number> = {
        ...(userId !== null ? { user_id: userId } : {}),
        ...(email !== null ? { email } : {}),
        name: `Person ${person}${copy ? ` (${from.name})` : ''}`,
        ...(chance(0.2) ? { account: chance(0.5) ? 'Acme Corp' : `Account ${person % 17}` } : {}),
        ...(chance(0.8) ? { age: chance(0.2) ? String(20 + (person % 50)) : 18 + random() * 60 } : {}),
        ...(chance(0.7) ? { location: pick(['Berlin', 'Lisbon', 'Austin', 'Osaka']) } : {}),
        ...(chance(0.8) ? { created_at: new Date(now - Math.floor(random() * 400) * DAY).toISOString() } : {}),
        ...(chance(0.6) ? { last_login: new Date(now - Math.floor(random() * 120 * DAY)).toISOString() } : {}),
        ...(chance(0.7) ? { subscription_status: pick(statuses) } : {}),
        ...(chance(0.7) ? { ltv: chance(0.3) ? `$${(random() * 900).toFixed(2)}` : Math.round(random() * 200_000) / 100 } : {}),
        ...(chance(0.1) ? { revenue: Math.round(random() * 50_000) / 100 } : {}),
        ...(chance(0.6) ? { device_type: pick(devices) } : {}),
      };
      const identified = chance(0.02) ? {} : { userId: userId, email };
      record(0xc0, personRecords++, { sourceId: from.id, kind: 'people', recordKey: userId, unified, sourceType: 'csv', ...identified }, copy && chance(0.5) ? updated : updated - copy * 3_600_000);
    }
  }

  // Events: skewed towards the first people; by user id, visitor id, both, or neither.
  const visitorOf = (person: number, device: number) => `anon-${person}-${device}`;
  const types = ['page_view', 'page_view', 'click', 'Add To Cart', 'purchase', 'Order Completed', 'checkout_started', 'signup'];
  for (let index = 0; index < VARIED_EVENTS; index++) {
    const person = Math.floor(Math.pow(random(), 1.6) * VARIED_PEOPLE);
    const identity = random();
    // A visitor id now and then shared by a neighbour's device: visitors join people across families.
    const visitor = chance(0.01) ? visitorOf(person + 1, 0) : visitorOf(person, Math.floor(random() * 2));
    const who =
      identity < 0.55 ? { userId: userIdOf(person) }
      : identity < 0.75 ? { userId: userIdOf(person), anonymousId: visitor }
      : identity < 0.93 ? { anonymousId: visitor }
      : identity < 0.95 ? { email: `person${person}@example.com` }
      : identity < 0.97 ? { userId: 'null' }
      : {};
    const type = pick(types);
    const at = chance(0.02) ? null : now - Math.floor(random() * 120 * DAY);
    const fromApi = chance(0.2);
    const itemId = chance(0.3) ? pick(items) : null;
    const revenue = /purchase|order/i.test(type) && chance(0.9) ? (chance(0.2) ? `${(random() * 300).toFixed(2)}` : Math.round(random() * 30_000) / 100) : null;
    const device = chance(0.1) ? null : pick(['mobile', 'desktop', 'Tablet', 'desktop', 'Phone']);
    const unified: Record<string, string | number> = {
      ...(who.userId ? { user_id: who.userId } : {}),
      ...(who.anonymousId ? { anonymous_id: who.anonymousId } : {}),
      event_type: type,
      ...(at !== null ? { event_time: new Date(at).toISOString() } : {}),
      ...(device ? { device_type: device } : {}),
      ...(revenue !== null ? { revenue } : {}),
      ...(itemId ? { item_id: itemId } : {}),
    };
    const from = fromApi ? api : chance(0.6) ? segment : analytics;
    record(
      0xd0,
      index,
      {
        sourceId: from.id, kind: 'events', recordKey: fromApi ? `event-${index}` : null, unified, sourceType: fromApi ? 'api' : 'json', userId: who.userId ?? null,
        email: who.email ?? null, anonymousId: who.anonymousId ?? null, eventType: type, eventTime: at === null ? null : new Date(at), itemId,
      },
      (at ?? now - 10 * DAY) + 60_000,
    );
  }

  // Survey responses: the company names its e-mail field contact_email and its uuid field member_no.
  em.create(CompanySurveySettings, {
    companyId,
    globalIdentifiers: { ...structuredClone(DEFAULT_GLOBAL_IDENTIFIERS), identifierFields: { email: 'contact_email', uuid: 'member_no', custom: 'loyalty_card' } },
  });
  const dataType = (index: number, name: string, field: string) => em.create(DataType, { id: idOf(0xe0, index), companyId, name, dataFieldName: field, type: 'static' });
  const colour = dataType(0, 'Favourite colour', 'favourite_colour');
  const score = dataType(1, 'Satisfaction', 'satisfaction');
  const interests = dataType(2, 'Interests', 'interests');
  const survey = readySurvey({
    questions: [
      question('text', 'q_colour', 'Your favourite colour?', { dataType: colour.id }),
      question('rating', 'q_score', 'How satisfied are you?', { dataType: score.id }),
      question('checkbox', 'q_interests', 'What interests you?', { dataType: interests.id }),
      question('text', 'q_free', 'Anything else?'),
    ],
  });
  const surveys = ['Store visit', 'Checkout'].map((name, index) =>
    em.create(PublishedSurvey, {
      id: idOf(0xe1, index), companyId, name, survey, embedSettings: defaultEmbedSettings(survey.settings), displayTriggers: defaultDisplayTriggers(), status: 'inactive',
      publishedAt: importedAt,
    }),
  );
  for (let index = 0; index < 90; index++) {
    const person = Math.floor(random() * VARIED_PEOPLE);
    const identifiers: Record<string, string> = {};
    if (chance(0.4)) identifiers.contact_email = ` PERSON${person}@example.com `;
    if (chance(0.3)) identifiers.member_no = userIdOf(person);
    if (chance(0.15)) identifiers.loyalty_card = `card-${person % 50}`;
    if (chance(0.1)) identifiers.work_email = `person${person}@work.example`;
    const visitorId = chance(0.5) ? visitorOf(person, 0) : null;
    const started = now - Math.floor(random() * 60 * DAY);
    const completed = chance(0.8) ? started + Math.floor(random() * 600_000) : null;
    const answers: Record<string, Answer> = {};
    if (chance(0.7)) answers.q_colour = pick(['green', 'blue', 'red']);
    if (chance(0.6)) answers.q_score = 1 + Math.floor(random() * 5);
    if (chance(0.4)) answers.q_interests = ['shoes', 'books'].slice(0, 1 + Math.floor(random() * 2));
    if (chance(0.3)) answers.q_free = 'More colours';
    em.create(SurveyResponse, {
      id: idOf(0xf0, index), companyId, surveyId: surveys[index % 2]!.id, visitorId, deviceType: pick(['mobile', 'desktop', 'tablet']), ipAddress: chance(0.7) ? `203.0.113.${index}` : null,
      identifiers, answers, startedAt: new Date(started), completedAt: completed === null ? null : new Date(completed), completionTimeSeconds: completed === null ? null : Math.round((completed - started) / 1000),
      isComplete: completed !== null, writeTokenHash: hashSecret(`token-${companyId}-${index}`), createdAt: new Date(started), updatedAt: new Date(completed ?? started),
    });
  }
  await em.flush();
  return { companyId };
}

const FLOAT_COLUMNS = new Set(['ltv', 'risk_score', 'coverage']);
const TIME_COLUMNS = new Set(['first_seen', 'last_seen', 'last_login', 'at']);
const JSON_COLUMNS = new Set(['source_names', 'attributes', 'segments']);
const LEFT_OUT = new Set(['id', 'company_id', 'generation', 'profile_id', 'created_at', 'updated_at']);

/** A stored row as compared: no ids or stamps, times in ms, JSON parsed, floats as single precision (PostgreSQL's real). */
function comparable(row: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row).sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (LEFT_OUT.has(column)) continue;
    if (value === null) kept[column] = null;
    else if (FLOAT_COLUMNS.has(column)) kept[column] = Math.fround(Number(value));
    else if (TIME_COLUMNS.has(column)) kept[column] = timeOf(value);
    else if (JSON_COLUMNS.has(column)) kept[column] = typeof value === 'string' ? JSON.parse(value) : value;
    else if (column.startsWith('is_') || column === 'refused') kept[column] = Boolean(value);
    else kept[column] = typeof value === 'string' && /^-?\d+$/.test(value) && column !== 'value' && column !== 'identifier_value' ? Number(value) : value;
  }
  return kept;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * What the company's current generation holds, as text: each profile with its identities and
 * joins, profiles in a fixed order; the same whichever ids the build drew and on either engine.
 */
export async function audienceContents(knex: Knex, companyId: string): Promise<string[]> {
  const generation = await currentGeneration(knex, companyId);
  const read = async (table: string) => rowsOf(await knex.raw(`select * from ${table} where company_id = ? and generation = ?`, [companyId, generation]));
  const byProfile = new Map<string, { identities: string[]; merges: string[] }>();
  const of = (profileId: unknown) => {
    let entry = byProfile.get(String(profileId));
    if (!entry) byProfile.set(String(profileId), (entry = { identities: [], merges: [] }));
    return entry;
  };
  for (const row of await read('audience_identities')) of(row.profile_id).identities.push(JSON.stringify(comparable(row)));
  for (const row of await read('audience_merges')) of(row.profile_id).merges.push(JSON.stringify(comparable(row)));
  return (await read('audience_profiles'))
    .map((row) => {
      const entry = of(row.id);
      return JSON.stringify({ profile: comparable(row), identities: entry.identities.sort(byText), merges: entry.merges.sort(byText) });
    })
    .sort(byText);
}

/** A digest of the current generation's contents and of the build's answer (its profiles, summary and refusals). */
export async function audienceDigest(knex: Knex, companyId: string, result: BuildResult): Promise<string> {
  const contents = await audienceContents(knex, companyId);
  const answer = { profiles: result.profiles, summary: result.summary, refused: result.refused, watermark: result.watermark };
  return createHash('sha256').update(JSON.stringify(answer)).update(contents.join('\n')).digest('hex');
}

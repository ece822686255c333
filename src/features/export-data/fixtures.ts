/**
 * Profiles of Acme Retail and an in-memory stand-in for the Export Data routes, for this
 * feature's stories and tests. The stand-in filters by range and field as the server does, and
 * streams the CSV in pieces with the announced total, so progress moves as it would.
 */
import { EXPORT_FIELDS, EXPORT_PREVIEW_ROWS, EXPORT_RANGE_DAYS, exportFileName, type ExportFieldId, type ExportPreview, type ExportRange, type ExportRow } from '@domain/audience/export';
import { exportFieldsOf, isExportRange } from '@domain/audience/exportRequest';
import { failure, type MockAnswer, type MockCall, type MockRoutes } from '@/lib/testing/mockFetch';
import { EXPORT_CSV_PATH, EXPORT_PREVIEW_PATH } from './api';

/** The moment the fixtures' "days ago" count from. */
export const FIXTURE_NOW = Date.parse('2026-06-15T12:00:00.000Z');
const DAY_MS = 86_400_000;

interface FixtureProfile {
  row: Required<ExportRow>;
  /** Days since the profile was last seen; null for never. */
  seenDaysAgo: number | null;
}

const FIRST_NAMES = ['Ava', 'Noah', 'Mia', 'Liam', 'Zoë', 'Mateo', 'Sofia', 'Kenji', 'Amara', 'Lucas', 'Ines', 'Omar', 'Hana', 'Felix', 'Priya', 'Jonas'];
const LAST_NAMES = ['Fischer', 'Okafor', 'García', 'Tanaka', 'Müller', 'Rossi', 'Dubois', 'Kowalski', 'Haddad', 'Nguyen', 'Smith', 'Larsen'];
const CITIES = ['Berlin', 'Lisbon, Portugal', 'Austin, TX', 'Lyon', 'Osaka', 'Toronto', 'Nairobi', 'Melbourne'];
const STATUSES = ['active', 'trialing', 'past_due', 'canceled'];
const SOURCES = [['Shopify'], ['Shopify', 'Survey responses'], ['HubSpot CRM', 'Website events'], ['Website events'], ['Survey responses']];

/** 48 of Acme's customers: seen across the last year, a few never; fixed, so stories assert exact rows. */
export const FIXTURE_PROFILES: FixtureProfile[] = Array.from({ length: 48 }, (_, index) => {
  const first = FIRST_NAMES[index % FIRST_NAMES.length]!;
  const last = LAST_NAMES[(index * 5) % LAST_NAMES.length]!;
  const seenDaysAgo = index % 12 === 11 ? null : Math.floor(index * index * 0.18);
  const seenAt = seenDaysAgo === null ? null : new Date(FIXTURE_NOW - seenDaysAgo * DAY_MS - index * 3_600_000).toISOString();
  return {
    seenDaysAgo,
    row: {
      user_id: index % 7 === 3 ? `5f0c2d1e-4b7a-4c8e-9d3f-${String(index).padStart(12, '0')}` : `cust-${String(1040 + index)}`,
      email: index % 9 === 8 ? null : `${first}.${last}`.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '') + '@example.com',
      name: `${first} ${last}`,
      age: index % 5 === 4 ? null : 22 + ((index * 7) % 41),
      location: CITIES[index % CITIES.length]!,
      created_at: new Date(FIXTURE_NOW - (400 + index * 9) * DAY_MS).toISOString(),
      last_login: seenAt,
      subscription_status: STATUSES[index % STATUSES.length]!,
      revenue: Math.round(((index * 137.35) % 2400) * 100) / 100,
      source: SOURCES[index % SOURCES.length]!.join('; '),
    },
  };
});

function profilesIn(profiles: readonly FixtureProfile[], range: ExportRange): FixtureProfile[] {
  const days = EXPORT_RANGE_DAYS[range];
  const seen = profiles.filter((profile) => profile.seenDaysAgo !== null && (days === null || profile.seenDaysAgo < days));
  const unseen = days === null ? profiles.filter((profile) => profile.seenDaysAgo === null) : [];
  return [...seen, ...unseen];
}

const pick = (row: ExportRow, fields: readonly ExportFieldId[]): ExportRow => Object.fromEntries(fields.map((field) => [field, row[field] ?? null]));

/** What the preview route answers for these profiles. */
export function previewOf(profiles: readonly FixtureProfile[], fields: readonly ExportFieldId[], range: ExportRange): ExportPreview {
  const covered = profilesIn(profiles, range);
  return { fields: [...fields], rows: covered.slice(0, EXPORT_PREVIEW_ROWS).map((profile) => pick(profile.row, fields)), total: covered.length };
}

const quoted = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
const cell = (value: ExportRow[ExportFieldId]) => (value === null || value === undefined ? '' : quoted(String(value)));

/** The CSV file the server would send, as its lines. */
export function csvLinesOf(profiles: readonly FixtureProfile[], fields: readonly ExportFieldId[], range: ExportRange): string[] {
  return [fields.join(','), ...profilesIn(profiles, range).map((profile) => fields.map((field) => cell(profile.row[field])).join(','))];
}

function requestOf(call: MockCall): { fields: ExportFieldId[]; range: ExportRange } | null {
  const fields = exportFieldsOf(call.query.fields ?? '');
  const range = call.query.range ?? '30d';
  return fields && fields.length && isExportRange(range) ? { fields, range } : null;
}

export interface ExportApiOptions {
  profiles?: readonly FixtureProfile[];
  /** Milliseconds before the CSV's first piece; Infinity holds it open (a download in progress). */
  csvDelayMs?: number;
}

/** The Export Data routes over the fixture profiles. */
export function exportApiRoutes({ profiles = FIXTURE_PROFILES, csvDelayMs }: ExportApiOptions = {}): MockRoutes {
  const invalid = failure('invalid_parameter', { error: 'Please select at least one field to export' });
  return {
    [`GET ${EXPORT_PREVIEW_PATH}`]: (call): MockAnswer => {
      const request = requestOf(call);
      return request ? { body: previewOf(profiles, request.fields, request.range) } : invalid;
    },
    [`GET ${EXPORT_CSV_PATH}`]: (call): MockAnswer => {
      const request = requestOf(call);
      if (!request) return invalid;
      const lines = csvLinesOf(profiles, request.fields, request.range);
      // Pieces of a few rows each, the line breaks between them as the server writes them.
      const pieces = lines.map((line, index) => (index === 0 ? line : `\r\n${line}`));
      return {
        text: pieces,
        delayMs: csvDelayMs,
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="${exportFileName(call.query.name ?? '', request.range)}"`,
          'X-Total-Count': String(lines.length - 1),
        },
      };
    },
  };
}

/** Every field, in order: what Select All chooses. */
export const ALL_FIELD_IDS = EXPORT_FIELDS.map((field) => field.id);

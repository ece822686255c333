/**
 * Google Analytics 4: a report of the property's events through the Data API's runReport, one
 * record per row (minute, event, page, device and session source/medium/campaign, with sessions,
 * page views, engagement time and purchase revenue), paged by offset up to `rowCount`.
 * Incremental by date: the cursor is the last full day synced (yesterday in the property's time
 * zone); the next run asks again from that day, whose late-processed rows GA may still change, and
 * updates them in place by row_key (a hash of the row's dimension values).
 * https://developers.google.com/analytics/devguides/reporting/data/v1/rest/v1beta/properties/runReport
 */
import { createHash } from 'node:crypto';
import { serviceAccountAccessToken } from '../declarative/serviceAccount';
import { ConnectorError, type Connector, type ConnectorContext } from '../types';
import { baseUrlOf, expectArray, isRecordObject, numberOf, pick, requiredSetting, settingText, textOr, vendorJson, type ErrorReader } from '../shared';

export const GOOGLE_ANALYTICS_BASE_URL = 'https://analyticsdata.googleapis.com';
const VENDOR = 'Google Analytics';
export const GA_PAGE_SIZE = 10_000;
export const GA_DEFAULT_START = '30daysAgo';
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const SCOPE = 'https://www.googleapis.com/auth/analytics.readonly';

/** The report's dimensions and metrics, and the field each becomes. */
const DIMENSIONS = {
  dateHourMinute: 'event_timestamp',
  eventName: 'event_name',
  pageLocation: 'page_location',
  deviceCategory: 'device_category',
  sessionSource: 'session_source',
  sessionMedium: 'session_medium',
  sessionCampaignName: 'session_campaign',
} as const;
const METRICS = {
  sessions: 'sessions',
  screenPageViews: 'page_views',
  userEngagementDuration: 'engagement_time',
  purchaseRevenue: 'purchase_revenue',
} as const;

/** {"error": {"code", "message", "status"}} (https://cloud.google.com/apis/design/errors). */
const readError: ErrorReader = (body) => {
  const message = textOr(pick(body, 'error.message'));
  const status = textOr(pick(body, 'error.status'));
  return [status, message].filter(Boolean).join(': ') || null;
};

interface Header {
  name?: string;
}
interface Report {
  dimensionHeaders?: Header[];
  metricHeaders?: Header[];
  rows?: unknown;
  rowCount?: number;
  metadata?: { timeZone?: string };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const RELATIVE_DATE = /^(\d{1,4}daysAgo|yesterday|today)$/;

function propertyOf(context: ConnectorContext): string {
  const raw = requiredSetting(context, ['propertyId', 'accountId'], 'The GA4 property id').replace(/^properties\//, '');
  if (!/^\d{1,20}$/.test(raw)) throw new ConnectorError('The GA4 property id is a number, such as 123456789 (Admin > Property details).');
  return raw;
}

/**
 * A service account's access token for the analytics.readonly scope: the declarative engine's
 * JwtServiceAccountAuthenticator does the same for definitions (declarative/serviceAccount.ts).
 */
export async function serviceAccountToken(context: ConnectorContext, keyText: string, now = Date.now()): Promise<string> {
  return serviceAccountAccessToken(context, VENDOR, keyText, [SCOPE], now);
}

/** The bearer token: from the service account key when given, else the pasted access token (or the older apiKey field). */
async function accessTokenOf(context: ConnectorContext): Promise<string> {
  const keyText = (context.secrets.serviceAccountKey ?? '').trim();
  const legacy = (context.secrets.apiKey ?? '').trim();
  if (keyText || legacy.startsWith('{')) return serviceAccountToken(context, keyText || legacy);
  const token = (context.secrets.accessToken ?? '').trim() || legacy;
  if (!token) throw new ConnectorError('A service account key or an access token is required.');
  return token;
}

const headersWith = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

const formatters = new Map<string, Intl.DateTimeFormat | null>();
function formatterFor(timeZone: string): Intl.DateTimeFormat | null {
  if (!formatters.has(timeZone)) {
    let formatter: Intl.DateTimeFormat | null;
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
    } catch {
      formatter = null;
    }
    formatters.set(timeZone, formatter);
  }
  return formatters.get(timeZone) ?? null;
}

/** The wall clock in `timeZone` at `time`, expressed as if it were UTC (milliseconds). */
function wallClock(time: number, timeZone: string): number {
  const formatter = formatterFor(timeZone);
  if (!formatter) return time;
  const parts = Object.fromEntries(formatter.formatToParts(new Date(time)).map((part) => [part.type, part.value]));
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
}

/** A wall-clock time of the property's zone (given as if UTC) → the real instant (DST-aware; UTC when the zone is unknown). */
export function zonedToUtc(wall: number, timeZone: string): number {
  const guess = wall - (wallClock(wall, timeZone) - wall);
  return wall - (wallClock(guess, timeZone) - guess);
}

/** "202401021530" (or "20240102") in the property's zone → ISO instant. */
export function gaTimestamp(value: string, timeZone: string): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})?(\d{2})?$/.exec(value);
  if (!match) return null;
  const [, year, month, day, hour = '00', minute = '00'] = match;
  const wall = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute));
  if (Number.isNaN(wall)) return null;
  return new Date(zonedToUtc(wall, timeZone)).toISOString();
}

/** Yesterday's date (YYYY-MM-DD) in the property's zone: the last day GA has fully counted. */
export function lastFullDay(now: number, timeZone: string): string {
  return new Date(wallClock(now, timeZone) - 86_400_000).toISOString().slice(0, 10);
}

function startDateOf(context: ConnectorContext): string {
  if (context.cursor && DATE.test(context.cursor)) return context.cursor;
  const start = settingText(context, 'startDate') || GA_DEFAULT_START;
  if (!DATE.test(start) && !RELATIVE_DATE.test(start)) throw new ConnectorError('The start date is a date (2024-01-31) or a relative one such as 90daysAgo.');
  return start;
}

/** The runReport request body for one page. */
export function reportRequest(startDate: string, offset: number, limit = GA_PAGE_SIZE) {
  return {
    dateRanges: [{ startDate, endDate: 'today' }],
    dimensions: Object.keys(DIMENSIONS).map((name) => ({ name })),
    metrics: Object.keys(METRICS).map((name) => ({ name })),
    orderBys: [{ dimension: { dimensionName: 'dateHourMinute' } }],
    offset,
    limit,
  };
}

/** One report row as the Google Analytics field set names it, plus its row_key. */
export function gaRecord(row: Record<string, unknown>, dimensionNames: string[], metricNames: string[], timeZone: string): Record<string, unknown> {
  const dimensionValues = Array.isArray(row.dimensionValues) ? row.dimensionValues : [];
  const metricValues = Array.isArray(row.metricValues) ? row.metricValues : [];
  const record: Record<string, unknown> = {};
  const keyParts: string[] = [];
  dimensionNames.forEach((name, index) => {
    const value = textOr(pick(dimensionValues[index], 'value'));
    keyParts.push(`${name}=${value ?? ''}`);
    const field = DIMENSIONS[name as keyof typeof DIMENSIONS];
    if (!field) return;
    record[field] = name === 'dateHourMinute' && value ? gaTimestamp(value, timeZone) : value;
  });
  metricNames.forEach((name, index) => {
    const field = METRICS[name as keyof typeof METRICS];
    if (field) record[field] = numberOf(pick(metricValues[index], 'value'));
  });
  record.row_key = createHash('sha256').update(keyParts.join('\u0000')).digest('hex').slice(0, 40);
  return record;
}

const names = (headers: Header[] | undefined, fallback: readonly string[]): string[] =>
  Array.isArray(headers) && headers.length ? headers.map((header) => (typeof header?.name === 'string' ? header.name : '')) : [...fallback];

export const googleAnalyticsConnector: Connector = {
  catalogueId: 'google-analytics',
  keyField: 'row_key',

  async test(context) {
    const base = baseUrlOf(context, 'baseUrl', GOOGLE_ANALYTICS_BASE_URL);
    const body = JSON.stringify({ dateRanges: [{ startDate: 'yesterday', endDate: 'today' }], metrics: [{ name: 'sessions' }], limit: 1 });
    const url = `${base}/v1beta/properties/${propertyOf(context)}:runReport`;
    await vendorJson<Report>(context, VENDOR, url, { method: 'POST', headers: headersWith(await accessTokenOf(context)), body }, readError);
  },

  async *pull(context) {
    const base = baseUrlOf(context, 'baseUrl', GOOGLE_ANALYTICS_BASE_URL);
    const url = `${base}/v1beta/properties/${propertyOf(context)}:runReport`;
    const startDate = startDateOf(context);
    const headers = headersWith(await accessTokenOf(context));
    const now = Date.now();
    let offset = 0;
    for (;;) {
      const body = JSON.stringify(reportRequest(startDate, offset));
      const report = await vendorJson<Report>(context, VENDOR, url, { method: 'POST', headers, body }, readError);
      // GA leaves `rows` out of an empty report.
      const rows = report.rows === undefined ? [] : expectArray(report.rows, VENDOR, 'report rows').filter(isRecordObject);
      const timeZone = typeof report.metadata?.timeZone === 'string' ? report.metadata.timeZone : 'UTC';
      const dimensionNames = names(report.dimensionHeaders, Object.keys(DIMENSIONS));
      const metricNames = names(report.metricHeaders, Object.keys(METRICS));
      yield { records: rows.map((row) => gaRecord(row, dimensionNames, metricNames, timeZone)), cursor: lastFullDay(now, timeZone) };
      offset += rows.length;
      const total = numberOf(report.rowCount) ?? 0;
      if (!rows.length || offset >= total) return;
    }
  },
};

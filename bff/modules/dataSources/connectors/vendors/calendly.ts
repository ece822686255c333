/**
 * Calendly: scheduled events of the user (or of the whole organization) and each event's invitees,
 * one record per invitee, paged with `pagination.next_page_token`. The scope's URI comes from
 * GET /users/me. Incremental by start time: a meeting booked after the previous run starts after
 * it, so a run asks for events starting from when the previous run began; those seen already
 * (future meetings, perhaps canceled since) are updated in place by invitee_id.
 * https://developer.calendly.com/api-docs/2d5ed9bbd2952-list-events
 */
import { ConnectorError, type Connector, type ConnectorContext } from '../types';
import { baseUrlOf, expectArray, isRecordObject, pick, query, secretOf, settingText, textOr, timeOf, vendorJson, type ErrorReader } from './paging';

export const CALENDLY_BASE_URL = 'https://api.calendly.com';
const VENDOR = 'Calendly';
const PAGE_SIZE = 100;

/** {"title", "message", "details"?} (https://developer.calendly.com/api-docs/ZG9jOjM2MzE2MDM4-errors). */
const readError: ErrorReader = (body) => {
  const title = textOr(pick(body, 'title'));
  const message = textOr(pick(body, 'message'));
  return [title, message].filter(Boolean).join(': ') || null;
};

interface Page {
  collection?: unknown;
  pagination?: { next_page_token?: string | null };
}

const headers = (context: ConnectorContext) => ({ authorization: `Bearer ${secretOf(context, 'accessToken', 'The Calendly personal access token')}` });

/** The last path segment of a Calendly resource URI (its uuid). */
const uuidOf = (uri: unknown): string | null => {
  const text = textOr(uri);
  const last = text?.split('/').filter(Boolean).pop();
  return last && /^[A-Za-z0-9_-]{1,100}$/.test(last) ? last : null;
};

/** One invitee of one scheduled event, as the Calendly field set names it (plus its id, the key). */
export function calendlyRecord(event: Record<string, unknown>, invitee: Record<string, unknown>): Record<string, unknown> {
  const start = timeOf(event.start_time);
  const end = timeOf(event.end_time);
  const eventStatus = textOr(event.status);
  const inviteeStatus = textOr(invitee.status);
  return {
    invitee_id: uuidOf(invitee.uri),
    invitee_email: textOr(invitee.email),
    invitee_name: textOr(invitee.name),
    event_type_name: textOr(event.name),
    start_time: textOr(event.start_time),
    status: eventStatus === 'canceled' || inviteeStatus === 'canceled' ? 'canceled' : (inviteeStatus ?? eventStatus),
    utm_source: textOr(pick(invitee, 'tracking.utm_source')),
    utm_campaign: textOr(pick(invitee, 'tracking.utm_campaign')),
    duration_minutes: start !== null && end !== null ? Math.round((end - start) / 60_000) : null,
  };
}

async function* pages(context: ConnectorContext, url: (token: string | undefined) => string): AsyncGenerator<Array<Record<string, unknown>>> {
  let token: string | undefined;
  for (;;) {
    const page = await vendorJson<Page>(context, VENDOR, url(token), { headers: headers(context) }, readError);
    yield expectArray(page.collection, VENDOR, 'a collection').filter(isRecordObject);
    const next = page.pagination?.next_page_token;
    if (typeof next !== 'string' || !next) return;
    if (next === token) throw new ConnectorError('Calendly kept answering the same page: stopping so the sync does not loop.');
    token = next;
  }
}

async function me(context: ConnectorContext, base: string): Promise<{ user: string; organization: string | null }> {
  const answer = await vendorJson<Record<string, unknown>>(context, VENDOR, `${base}/users/me`, { headers: headers(context) }, readError);
  const user = textOr(pick(answer, 'resource.uri'));
  if (!user) throw new ConnectorError('Calendly answered without the user: the base URL may point at something else.');
  return { user, organization: textOr(pick(answer, 'resource.current_organization')) };
}

export const calendlyConnector: Connector = {
  catalogueId: 'calendly',
  keyField: 'invitee_id',

  async test(context) {
    await me(context, baseUrlOf(context, 'baseUrl', CALENDLY_BASE_URL));
  },

  async *pull(context) {
    const base = baseUrlOf(context, 'baseUrl', CALENDLY_BASE_URL);
    const runStarted = new Date().toISOString();
    const since = timeOf(context.cursor);
    const { user, organization } = await me(context, base);
    const byOrganization = settingText(context, 'scope') === 'organization';
    if (byOrganization && !organization) throw new ConnectorError('Calendly did not name the organization of this user: choose the user scope.');
    const scope = byOrganization ? { organization: organization ?? undefined } : { user };
    const eventsUrl = (token: string | undefined) =>
      `${base}/scheduled_events${query({
        ...scope,
        count: PAGE_SIZE,
        sort: 'start_time:asc',
        min_start_time: since === null ? undefined : new Date(since).toISOString(),
        page_token: token,
      })}`;
    for await (const events of pages(context, eventsUrl)) {
      const records: Array<Record<string, unknown>> = [];
      for (const event of events) {
        const uuid = uuidOf(event.uri);
        if (!uuid) continue;
        const inviteesUrl = (token: string | undefined) => `${base}/scheduled_events/${uuid}/invitees${query({ count: PAGE_SIZE, page_token: token })}`;
        for await (const invitees of pages(context, inviteesUrl)) for (const invitee of invitees) records.push(calendlyRecord(event, invitee));
      }
      yield { records, cursor: runStarted };
    }
  },
};

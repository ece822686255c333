/**
 * Calendly: scheduled events of the user (or of the whole organization) and each event's invitees,
 * one record per invitee, paged with `pagination.next_page_token`. The scope's URI comes from
 * GET /users/me (the `calendly_scope` partition router); each event's invitees are read by the
 * `calendly_invitees` child records, paged the same way.
 *
 * Incremental by start time: a meeting booked after the previous run starts after it, so a run
 * asks for events starting from when the previous run began (the cursor is the run's start, not a
 * record's: meetings lie in the future); those seen already (future meetings, perhaps canceled
 * since) are updated in place by invitee_id.
 * https://developer.calendly.com/api-docs/2d5ed9bbd2952-list-events
 * https://developer.calendly.com/api-docs/eb8ee72701f99-list-event-invitees
 * https://developer.calendly.com/api-docs/ZG9jOjM2MzE2MDM4-errors ({"title", "message", "details"?})
 */
import type { ConnectorManifest } from '@domain/data/connectorManifest/types';
import { manifestConnector, type HookApi } from '../declarative/engine';
import { ConnectorError, type ConnectorContext } from '../types';
import { expectArray, isRecordObject, pick, settingText, textOr, timeOf } from '../shared';

export const CALENDLY_BASE_URL = 'https://api.calendly.com';
const PAGE_SIZE = 100;

export const CALENDLY_MANIFEST: ConnectorManifest = {
  version: 1,
  name: 'Calendly',
  catalogue_id: 'calendly',
  authenticator: { type: 'BearerAuthenticator', api_token: '{{ secrets.accessToken or secrets.apiKey }}', missing_message: 'The Calendly personal access token is required.' },
  error_handler: { type: 'DefaultErrorHandler', message_paths: ['title', 'message'], combine: 'join' },
  check: { type: 'CheckRequest', path: '/users/me', expect_path: 'resource.uri' },
  streams: [
    {
      type: 'DeclarativeStream',
      name: 'invitees',
      primary_key: 'invitee_id',
      retriever: {
        type: 'SimpleRetriever',
        requester: {
          type: 'HttpRequester',
          url_base: `{{ settings.baseUrl or '${CALENDLY_BASE_URL}' }}`,
          path: '/scheduled_events',
          request_parameters: { user: '{{ stream_partition.user }}', organization: '{{ stream_partition.organization }}', sort: 'start_time:asc' },
        },
        record_selector: { type: 'RecordSelector', extractor: { type: 'DpathExtractor', field_path: ['collection'] } },
        paginator: {
          type: 'DefaultPaginator',
          page_size_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'count' },
          page_token_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'page_token' },
          pagination_strategy: { type: 'CursorPagination', page_size: PAGE_SIZE, cursor_value: '{{ response.pagination.next_page_token }}' },
        },
        partition_router: { type: 'NamedPartitionRouter', name: 'calendly_scope' },
      },
      child_records: { type: 'NamedChildRecords', name: 'calendly_invitees' },
      incremental_sync: {
        type: 'DatetimeBasedCursor',
        cursor_source: 'run_start',
        datetime_format: 'iso8601',
        start_time_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'min_start_time' },
      },
      fields: {
        invitee_email: 'invitee.email',
        invitee_name: 'invitee.name',
        event_type_name: 'event.name',
        start_time: 'event.start_time',
        utm_source: 'invitee.tracking.utm_source',
        utm_campaign: 'invitee.tracking.utm_campaign',
      },
      transformations: [{ type: 'NamedTransformation', name: 'calendly_invitee' }],
    },
  ],
};

/** The last path segment of a Calendly resource URI (its uuid). */
const uuidOf = (uri: unknown): string | null => {
  const text = textOr(uri);
  const last = text?.split('/').filter(Boolean).pop();
  return last && /^[A-Za-z0-9_-]{1,100}$/.test(last) ? last : null;
};

/** Whose meetings: the user's (from /users/me), or with the organization scope the user's organization's. */
export async function calendlyScope(api: HookApi, context: ConnectorContext): Promise<Record<string, string>> {
  const me = await api.get('/users/me');
  const user = textOr(pick(me, 'resource.uri'));
  if (!user) throw new ConnectorError('Calendly answered without the user: the base URL may point at something else.');
  if (settingText(context, 'scope') !== 'organization') return { user };
  const organization = textOr(pick(me, 'resource.current_organization'));
  if (!organization) throw new ConnectorError('Calendly did not name the organization of this user: choose the user scope.');
  return { organization };
}

/** An event's invitees, every page of them, each with its event. */
export async function* calendlyInvitees(event: Record<string, unknown>, api: HookApi): AsyncGenerator<Record<string, unknown>> {
  const uuid = uuidOf(event.uri);
  if (!uuid) return;
  let token: string | undefined;
  for (;;) {
    const page = await api.get(`/scheduled_events/${uuid}/invitees`, { count: PAGE_SIZE, page_token: token });
    for (const invitee of expectArray(pick(page, 'collection'), 'Calendly', 'a collection')) if (isRecordObject(invitee)) yield { event, invitee };
    const next = textOr(pick(page, 'pagination.next_page_token'));
    if (!next) return;
    if (next === token) throw new ConnectorError('Calendly kept answering the same page: stopping so the sync does not loop.');
    token = next;
  }
}

/** The invitee's id (the key), the status (canceled when the event or the invitee is) and the meeting's length. */
export function calendlyInvitee(pair: Record<string, unknown>, mapped: Record<string, unknown>): Record<string, unknown> {
  const event = isRecordObject(pair.event) ? pair.event : {};
  const invitee = isRecordObject(pair.invitee) ? pair.invitee : {};
  const start = timeOf(event.start_time);
  const end = timeOf(event.end_time);
  const eventStatus = textOr(event.status);
  const inviteeStatus = textOr(invitee.status);
  return {
    invitee_id: uuidOf(invitee.uri),
    ...mapped,
    status: eventStatus === 'canceled' || inviteeStatus === 'canceled' ? 'canceled' : (inviteeStatus ?? eventStatus),
    duration_minutes: start !== null && end !== null ? Math.round((end - start) / 60_000) : null,
  };
}

export const calendlyConnector = manifestConnector(CALENDLY_MANIFEST, {
  partitionRouters: { calendly_scope: calendlyScope },
  childRecords: { calendly_invitees: calendlyInvitees },
  transformations: { calendly_invitee: calendlyInvitee },
});

/**
 * Mixpanel: the project's raw events through the Raw Event Export API
 * (GET https://data.mixpanel.com/api/2.0/export), with a service account's username and secret as
 * basic auth and the project id in the query, as service accounts require. The answer is JSON
 * lines, one event a line: {"event", "properties": {"time" (Unix seconds), "distinct_id",
 * "$insert_id", …}}.
 *
 * The export has no pages: it answers every event between from_date and to_date (whole UTC days,
 * both included). The read goes a day a request, from the cursor's day (or the first sync's start,
 * 30 days back by default) to today; the cursor moves to a day's end once it is read. Today is read
 * again by the next run (events still arrive), and events read again replace themselves by
 * $insert_id, Mixpanel's own deduplication key.
 *
 * The export allows 60 queries an hour and 3 a second: requests are paced at 3 a second, and a 429
 * is waited out (Retry-After when sent) by the guarded fetch; a long backfill that reaches the
 * hourly limit resumes from its last day when the sync queue tries again. A refusal is answered as
 * {"request", "error"}.
 * https://developer.mixpanel.com/reference/raw-event-export
 * https://developer.mixpanel.com/reference/service-accounts
 * https://docs.mixpanel.com/docs/export-methods (JSONL, UTC dates; data-eu and data-in hosts for EU and India residency)
 */
import type { ConnectorManifest } from '@domain/data/connectorManifest/types';
import { manifestConnector } from '../declarative/engine';
import { textOr } from '../shared';

export const MIXPANEL_BASE_URL = 'https://data.mixpanel.com';

export const MIXPANEL_MANIFEST: ConnectorManifest = {
  version: 1,
  name: 'Mixpanel',
  catalogue_id: 'mixpanel',
  requires: [
    { value: '{{ settings.serviceAccountUsername }}', message: 'The Mixpanel service account username is required.' },
    { value: '{{ secrets.serviceAccountSecret }}', message: 'The Mixpanel service account secret is required.' },
    {
      value: '{{ settings.projectId }}',
      message: 'The Mixpanel project id is required.',
      format: 'identifier',
      format_message: 'The Mixpanel project id is the number under Project settings > Overview.',
    },
  ],
  authenticator: { type: 'BasicHttpAuthenticator', username: '{{ settings.serviceAccountUsername }}', password: '{{ secrets.serviceAccountSecret }}' },
  error_handler: { type: 'DefaultErrorHandler', message_paths: ['error'], combine: 'first' },
  rate_limit: { requests_per_second: 3 },
  check: { type: 'CheckStream', stream_names: ['events'] },
  streams: [
    {
      type: 'DeclarativeStream',
      name: 'events',
      primary_key: 'event_id',
      retriever: {
        type: 'SimpleRetriever',
        requester: {
          type: 'HttpRequester',
          url_base: `{{ settings.baseUrl or '${MIXPANEL_BASE_URL}' }}`,
          path: '/api/2.0/export',
          request_parameters: { project_id: '{{ settings.projectId }}' },
          request_headers: { accept: 'text/plain' },
        },
        record_selector: { type: 'RecordSelector', extractor: { type: 'DpathExtractor', field_path: [] } },
        paginator: { type: 'NoPagination' },
        decoder: { type: 'JsonlDecoder' },
      },
      incremental_sync: {
        type: 'DatetimeBasedCursor',
        cursor_field: 'properties.time',
        datetime_format: 'iso8601',
        request_datetime_format: '%Y-%m-%d',
        step: 'P1D',
        cursor_granularity: 'P1D',
        start_datetime: "{{ settings.startDate or 'P30D' }}",
        start_time_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'from_date' },
        end_time_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'to_date' },
      },
      fields: {
        event_id: 'properties.$insert_id',
        event: 'event',
        time: { path: 'properties.time', type: 'epoch_seconds' },
        distinct_id: 'properties.distinct_id',
        device_id: 'properties.$device_id',
        current_url: 'properties.$current_url',
        referrer: 'properties.$referrer',
        utm_source: 'properties.utm_source',
        utm_medium: 'properties.utm_medium',
        utm_campaign: 'properties.utm_campaign',
        browser: 'properties.$browser',
        os: 'properties.$os',
        city: 'properties.$city',
        country: 'properties.mp_country_code',
        properties: { path: 'properties', type: 'raw' },
      },
      transformations: [{ type: 'NamedTransformation', name: 'mixpanel_event' }],
    },
  ],
};

/**
 * An event without $insert_id (sent before Mixpanel's SDKs set it) is keyed as Mixpanel itself
 * deduplicates: by its name, distinct_id and time, so a day read again does not store it twice.
 */
export function mixpanelEvent(event: Record<string, unknown>, mapped: Record<string, unknown>): Record<string, unknown> {
  if (mapped.event_id !== null) return mapped;
  const properties = event.properties as Record<string, unknown> | undefined;
  const parts = [textOr(event.event), textOr(properties?.distinct_id), textOr(properties?.time)];
  return { ...mapped, event_id: parts.every((part) => part !== null) ? parts.join(':') : null };
}

export const mixpanelConnector = manifestConnector(MIXPANEL_MANIFEST, { transformations: { mixpanel_event: mixpanelEvent } });

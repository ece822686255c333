/**
 * Amplitude: the project's raw events through the Export API
 * (GET https://amplitude.com/api/2/export?start=YYYYMMDDTHH&end=YYYYMMDDTHH), with the project's
 * API key and secret key as basic auth. Both hours are included, in UTC, by the time Amplitude
 * received the events. The answer is a zip archive of gzipped JSON-lines files (several an hour for
 * a busy project), read here by the `amplitude_export` decoder; 404 means no data in the range.
 *
 * The read goes an hour a request (Amplitude files its data by the hour, and a longer range can be
 * refused with a 400 as too large), from the cursor (or the first sync's start, 7 days back by
 * default) to now. Amplitude says data is available for export within 2 hours of receipt, so each
 * run starts 2 hours before the cursor; events read again replace themselves by their uuid.
 * https://amplitude.com/docs/apis/analytics/export
 */
import { gunzipSync } from 'node:zlib';
import type { ConnectorManifest } from '@domain/data/connectorManifest/types';
import { checkDeclaredSizes, inflateEntry, readCentralDirectory } from '../../../platform/readers/zip';
import { manifestConnector } from '../declarative/engine';
import { jsonLines } from '../declarative/requests';
import { ConnectorError, type ConnectorResponse } from '../types';
import { textOr } from '../shared';

export const AMPLITUDE_BASE_URL = 'https://amplitude.com';
/** The events of one archive, decompressed, at most this many bytes: an hour of a busy project fits well within it. */
export const AMPLITUDE_MAX_EVENT_BYTES = 128 * 1024 * 1024;

const GZIP_MAGIC = 0x1f8b;

export const AMPLITUDE_MANIFEST: ConnectorManifest = {
  version: 1,
  name: 'Amplitude',
  catalogue_id: 'amplitude',
  requires: [
    { value: '{{ settings.apiKey }}', message: 'The Amplitude API key is required.' },
    { value: '{{ secrets.secretKey }}', message: 'The Amplitude secret key is required.' },
  ],
  authenticator: { type: 'BasicHttpAuthenticator', username: '{{ settings.apiKey }}', password: '{{ secrets.secretKey }}' },
  error_handler: {
    type: 'DefaultErrorHandler',
    message_paths: ['error.message', 'error', 'message'],
    combine: 'first',
    // No data collected in the range: an hour without events, not a failure.
    response_filters: [{ type: 'HttpResponseFilter', action: 'IGNORE', http_codes: [404] }],
  },
  check: { type: 'CheckStream', stream_names: ['events'] },
  streams: [
    {
      type: 'DeclarativeStream',
      name: 'events',
      primary_key: 'event_id',
      retriever: {
        type: 'SimpleRetriever',
        requester: { type: 'HttpRequester', url_base: `{{ settings.baseUrl or '${AMPLITUDE_BASE_URL}' }}`, path: '/api/2/export', request_headers: { accept: 'application/zip' } },
        record_selector: { type: 'RecordSelector', extractor: { type: 'DpathExtractor', field_path: [] } },
        paginator: { type: 'NoPagination' },
        decoder: { type: 'NamedDecoder', name: 'amplitude_export' },
      },
      incremental_sync: {
        type: 'DatetimeBasedCursor',
        cursor_field: 'server_upload_time',
        datetime_format: 'iso8601',
        request_datetime_format: '%Y%m%dT%H',
        step: 'PT1H',
        cursor_granularity: 'PT1H',
        lookback_window: 'PT2H',
        start_datetime: "{{ settings.startDate or 'P7D' }}",
        start_time_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'start' },
        end_time_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'end' },
      },
      fields: {
        event_id: 'uuid',
        event_type: 'event_type',
        event_time: 'event_time',
        user_id: 'user_id',
        device_id: 'device_id',
        session_id: 'session_id',
        platform: 'platform',
        os_name: 'os_name',
        device_type: 'device_type',
        country: 'country',
        city: 'city',
        event_properties: { path: 'event_properties', type: 'raw' },
        user_properties: { path: 'user_properties', type: 'raw' },
        uploaded_at: 'server_upload_time',
      },
      transformations: [{ type: 'NamedTransformation', name: 'amplitude_event' }],
    },
  ],
};

/** Amplitude's UTC times ("2026-03-15 09:30:00.123456") as ISO 8601 with milliseconds; anything else is left as it came. */
export function amplitudeTime(value: unknown): string | null {
  const text = textOr(value);
  const match = text ? /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?Z?$/.exec(text) : null;
  if (!match) return text;
  return `${match[1]}T${match[2]}.${(match[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
}

export function amplitudeEvent(_event: Record<string, unknown>, mapped: Record<string, unknown>): Record<string, unknown> {
  return { ...mapped, event_time: amplitudeTime(mapped.event_time), uploaded_at: amplitudeTime(mapped.uploaded_at) };
}

/**
 * The events of an export archive: every file in the zip (gzipped JSON lines; a file that is not
 * gzipped is read as it is), in the archive's order. The archive passes the same checks as an
 * uploaded workbook (directory, declared sizes, ratios), and the events together are bounded.
 */
export function amplitudeExport(response: ConnectorResponse, vendor: string): Array<Record<string, unknown>> {
  const refuse = (why: string) => new ConnectorError(`${vendor} answered an export that cannot be read: ${why}.`);
  const bytes = response.bytes ?? Buffer.from(response.text, 'utf8');
  // An empty answer is an hour without events, as a 404 is.
  if (!bytes.length) return [];
  const entries = readCentralDirectory(bytes, refuse);
  checkDeclaredSizes(entries, refuse);
  const events: Array<Record<string, unknown>> = [];
  let budget = AMPLITUDE_MAX_EVENT_BYTES;
  for (const entry of entries) {
    if (entry.name.endsWith('/')) continue;
    const content = inflateEntry(bytes, entry, refuse);
    let text: Buffer;
    try {
      text = content.length >= 2 && content.readUInt16BE(0) === GZIP_MAGIC ? gunzipSync(content, { maxOutputLength: budget + 1 }) : content;
    } catch (failure) {
      throw refuse(failure instanceof RangeError ? `its events take more than ${AMPLITUDE_MAX_EVENT_BYTES / 1024 / 1024} MB` : `${entry.name} is not a readable gzip file`);
    }
    budget -= text.length;
    if (budget < 0) throw refuse(`its events take more than ${AMPLITUDE_MAX_EVENT_BYTES / 1024 / 1024} MB`);
    for (const event of jsonLines(text.toString('utf8'), `${vendor} (${entry.name})`)) events.push(event);
  }
  return events;
}

export const amplitudeConnector = manifestConnector(AMPLITUDE_MANIFEST, { decoders: { amplitude_export: amplitudeExport }, transformations: { amplitude_event: amplitudeEvent } });

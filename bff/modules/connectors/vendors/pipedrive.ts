/**
 * Pipedrive: the company's persons through API v2 (GET /api/v2/persons) with the user's API token
 * in the `x-api-token` header (kept out of addresses and logs), 500 a page, paged by
 * `additional_data.next_cursor` until it is null. Incremental on Pipedrive's side: `updated_since`
 * the newest `update_time` seen, sorted by update_time ascending, so a run that dies resumes where
 * it was; persons read again are updated in place by id.
 * A declarative definition; code only for the e-mail and phone, which v2 answers as lists.
 * https://developers.pipedrive.com/docs/api/v1/Persons#getPersons (v2: Persons, "Get all persons")
 * https://pipedrive.readme.io/docs/core-api-concepts-pagination (cursor pagination in v2)
 * https://pipedrive.readme.io/docs/core-api-concepts-authentication (x-api-token)
 * https://pipedrive.readme.io/docs/core-api-concepts-rate-limiting (429)
 */
import type { ConnectorManifest } from '@domain/data/connectorManifest/types';
import { manifestConnector } from '../declarative/engine';
import { isRecordObject, textOr } from '../shared';

export const PIPEDRIVE_BASE_URL = 'https://api.pipedrive.com';
const PAGE_SIZE = 500;

/** The primary entry of a v2 list of { value, primary, label }, else the first with a value. */
export function primaryValue(list: unknown): string | null {
  if (!Array.isArray(list)) return null;
  const entries = list.filter(isRecordObject).filter((entry) => textOr(entry.value)?.trim());
  const chosen = entries.find((entry) => entry.primary === true) ?? entries[0];
  return chosen ? textOr(chosen.value)!.trim() : null;
}

export function pipedrivePerson(person: Record<string, unknown>, mapped: Record<string, unknown>): Record<string, unknown> {
  return { ...mapped, email: primaryValue(person.emails), phone: primaryValue(person.phones) };
}

export const PIPEDRIVE_MANIFEST: ConnectorManifest = {
  version: 1,
  name: 'Pipedrive',
  catalogue_id: 'pipedrive',
  authenticator: {
    type: 'ApiKeyAuthenticator',
    api_token: '{{ secrets.apiToken }}',
    inject_into: { type: 'RequestOption', inject_into: 'header', field_name: 'x-api-token' },
    missing_message: 'The Pipedrive API token is required.',
  },
  // {"success": false, "error": "unauthorized access", "errorCode": 401, "error_info": "Please check developers.pipedrive.com"}
  error_handler: { type: 'DefaultErrorHandler', message_paths: ['error', 'error_info'], combine: 'first' },
  check: { type: 'CheckStream', stream_names: ['persons'], page_size: 1 },
  streams: [
    {
      type: 'DeclarativeStream',
      name: 'persons',
      primary_key: 'person_id',
      retriever: {
        type: 'SimpleRetriever',
        requester: {
          type: 'HttpRequester',
          url_base: `{{ settings.baseUrl or '${PIPEDRIVE_BASE_URL}' }}`,
          path: '/api/v2/persons',
          request_parameters: { sort_by: 'update_time', sort_direction: 'asc' },
        },
        record_selector: { type: 'RecordSelector', extractor: { type: 'DpathExtractor', field_path: ['data'] } },
        paginator: {
          type: 'DefaultPaginator',
          page_size_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'limit' },
          page_token_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'cursor' },
          pagination_strategy: { type: 'CursorPagination', page_size: PAGE_SIZE, cursor_value: '{{ response.additional_data.next_cursor }}' },
        },
      },
      incremental_sync: {
        type: 'DatetimeBasedCursor',
        cursor_field: 'update_time',
        // v2 answers and takes RFC 3339 without milliseconds: 2024-01-31T10:00:00Z.
        datetime_format: 'iso8601_seconds',
        start_time_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'updated_since' },
      },
      fields: {
        person_id: 'id',
        name: { path: ['name', 'first_name', 'last_name'] },
        organization_id: 'org_id',
        owner_id: 'owner_id',
        created_at: 'add_time',
        updated_at: 'update_time',
      },
      transformations: [{ type: 'NamedTransformation', name: 'pipedrive_person' }],
    },
  ],
};

export const pipedriveConnector = manifestConnector(PIPEDRIVE_MANIFEST, { transformations: { pipedrive_person: pipedrivePerson } });

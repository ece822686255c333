/**
 * Airtable: the records of one table, GET /v0/{baseId}/{tableIdOrName} with a personal access
 * token as Bearer (scope data.records:read), 100 a page, the next page asked for with the
 * answer's `offset` until an answer has none.
 *
 * Read in full every run, keyed by the record id so a record read again is updated in place:
 * a record carries only its `createdTime`, not when it last changed, so there is nothing to move
 * a cursor with. (A `filterByFormula` on LAST_MODIFIED_TIME() would filter, but its value is not in
 * the answer unless the table has a "Last modified time" field of its own.) Fields are kept as
 * Airtable answers them: their names are the customer's.
 * https://airtable.com/developers/web/api/list-records
 * https://airtable.com/developers/web/api/errors ({"error": {"type", "message"}}, or {"error": "NOT_FOUND"})
 * https://airtable.com/developers/web/api/rate-limits (5 requests a second per base)
 */
import type { ConnectorManifest } from '@domain/data/connectorManifest/types';
import { manifestConnector } from '../declarative/engine';

export const AIRTABLE_BASE_URL = 'https://api.airtable.com';
const BASE = '{{ settings.baseId }}';
const TABLE = '{{ settings.table }}';

export const AIRTABLE_MANIFEST: ConnectorManifest = {
  version: 1,
  name: 'Airtable',
  catalogue_id: 'airtable',
  requires: [
    { value: BASE, message: 'The Airtable base id is required.', format: 'identifier', format_message: 'The Airtable base id looks like appXXXXXXXXXXXXXX (in the base link).' },
    { value: TABLE, message: 'The Airtable table name or id is required.' },
  ],
  authenticator: { type: 'BearerAuthenticator', api_token: '{{ secrets.apiKey }}', missing_message: 'The Airtable personal access token is required.' },
  error_handler: { type: 'DefaultErrorHandler', message_paths: ['error.type', 'error.message', 'error'], combine: 'join' },
  rate_limit: { requests_per_second: 5 },
  check: { type: 'CheckStream', stream_names: ['records'], page_size: 1 },
  streams: [
    {
      type: 'DeclarativeStream',
      name: 'records',
      primary_key: 'id',
      retriever: {
        type: 'SimpleRetriever',
        requester: { type: 'HttpRequester', url_base: `{{ settings.baseUrl or '${AIRTABLE_BASE_URL}' }}`, path: `/v0/${BASE}/${TABLE}` },
        record_selector: { type: 'RecordSelector', extractor: { type: 'DpathExtractor', field_path: ['records'] } },
        paginator: {
          type: 'DefaultPaginator',
          page_size_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'pageSize' },
          page_token_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'offset' },
          pagination_strategy: { type: 'CursorPagination', page_size: 100, cursor_value: '{{ response.offset }}' },
        },
      },
      fields: {
        id: 'id',
        created_at: 'createdTime',
        fields: { path: 'fields', type: 'raw' },
      },
    },
  ],
};

export const airtableConnector = manifestConnector(AIRTABLE_MANIFEST);

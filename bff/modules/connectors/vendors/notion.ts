/**
 * Notion: the pages (rows) of one database, POST /v1/databases/{database_id}/query with an internal
 * integration's token as Bearer and `Notion-Version: 2022-06-28`. 100 a page, the next page asked
 * for with `start_cursor` (the answer's `next_cursor`) in the JSON body until `has_more` is false.
 *
 * Incremental by `last_edited_time`, on our side: the query is sorted by last_edited_time ascending,
 * so each page moves the cursor, and pages edited before the cursor are dropped. Notion's own
 * timestamp filter (`{"timestamp": "last_edited_time", "last_edited_time": {"on_or_after": …}}`)
 * is a nested object the definition format cannot yet fill only when a cursor exists; reading
 * in edit order keeps a run that dies resumable meanwhile. Notion's last_edited_time is rounded
 * to the minute, so the same-instant re-read (>= the cursor) matters here.
 * A property's value depends on its type, so every property is kept as Notion answers it.
 * https://developers.notion.com/reference/post-database-query
 * https://developers.notion.com/reference/pagination
 * https://developers.notion.com/reference/status-codes (errors: {object: "error", status, code, message})
 * https://developers.notion.com/reference/request-limits (3 requests a second, 429 rate_limited with Retry-After)
 */
import type { ConnectorManifest } from '@domain/data/connectorManifest/types';
import { manifestConnector } from '../declarative/engine';

export const NOTION_BASE_URL = 'https://api.notion.com';
export const NOTION_VERSION = '2022-06-28';
const DATABASE = '{{ settings.databaseId }}';

export const NOTION_MANIFEST: ConnectorManifest = {
  version: 1,
  name: 'Notion',
  catalogue_id: 'notion',
  requires: [
    {
      value: DATABASE,
      message: 'The Notion database id is required.',
      // The 32 hex digits of the database's link, with or without dashes.
      format: 'identifier',
      format_message: 'The Notion database id may hold only letters, digits and dashes (the 32 characters in the database link).',
    },
  ],
  authenticator: { type: 'BearerAuthenticator', api_token: '{{ secrets.apiKey }}', missing_message: 'The Notion internal integration token is required.' },
  error_handler: { type: 'DefaultErrorHandler', message_paths: ['code', 'message'], combine: 'join' },
  rate_limit: { requests_per_second: 3 },
  // The first page of the query: every Notion request needs the version header, which the stream sends.
  check: { type: 'CheckStream', stream_names: ['pages'], page_size: 1 },
  streams: [
    {
      type: 'DeclarativeStream',
      name: 'pages',
      primary_key: 'id',
      retriever: {
        type: 'SimpleRetriever',
        requester: {
          type: 'HttpRequester',
          url_base: `{{ settings.baseUrl or '${NOTION_BASE_URL}' }}`,
          path: `/v1/databases/${DATABASE}/query`,
          http_method: 'POST',
          request_headers: { 'notion-version': NOTION_VERSION },
          request_body_json: { sorts: [{ timestamp: 'last_edited_time', direction: 'ascending' }] },
        },
        record_selector: { type: 'RecordSelector', extractor: { type: 'DpathExtractor', field_path: ['results'] } },
        paginator: {
          type: 'DefaultPaginator',
          page_size_option: { type: 'RequestOption', inject_into: 'body_json', field_name: 'page_size' },
          page_token_option: { type: 'RequestOption', inject_into: 'body_json', field_name: 'start_cursor' },
          pagination_strategy: { type: 'CursorPagination', page_size: 100, cursor_value: '{{ response.next_cursor }}', stop_condition: '{{ not response.has_more }}' },
        },
      },
      incremental_sync: { type: 'DatetimeBasedCursor', cursor_field: 'last_edited_time', datetime_format: 'iso8601', is_client_side_incremental: true, checkpoint: 'each_page' },
      fields: {
        id: 'id',
        url: 'url',
        created_at: 'created_time',
        updated_at: 'last_edited_time',
        created_by: 'created_by.id',
        archived: { path: ['archived', 'in_trash'], type: 'boolean' },
        properties: { path: 'properties', type: 'raw' },
      },
    },
  ],
};

export const notionConnector = manifestConnector(NOTION_MANIFEST);

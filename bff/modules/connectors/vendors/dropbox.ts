/**
 * Dropbox: the files of one folder (POST /2/files/list_folder with the folder's path, up to 2000 a
 * page), then POST /2/files/list_folder/continue with the answer's `cursor` alone while
 * `has_more`. An access token as Bearer. The records are the entries' metadata (name, path, size,
 * times, content hash); reading a file's rows is not done here.
 *
 * Incremental on our side by `server_modified`: Dropbox cannot filter a listing by time (its own
 * change feed is a cursor, not a date), so every run lists the folder, stores only files changed
 * from the cursor on, and moves the cursor once the last page is read. Folders have no
 * modification time and are stored each run (replaced by their id).
 * https://www.dropbox.com/developers/documentation/http/documentation#files-list_folder
 * https://www.dropbox.com/developers/documentation/http/documentation#files-list_folder-continue
 * https://www.dropbox.com/developers/documentation/http/documentation#error-handling ({"error_summary", "error"}, 401 expired_access_token, 429 Retry-After)
 */
import type { ConnectorManifest } from '@domain/data/connectorManifest/types';
import { manifestConnector } from '../declarative/engine';
import { textOr } from '../shared';

export const DROPBOX_BASE_URL = 'https://api.dropboxapi.com';

export const DROPBOX_MANIFEST: ConnectorManifest = {
  version: 1,
  name: 'Dropbox',
  catalogue_id: 'dropbox',
  authenticator: { type: 'BearerAuthenticator', api_token: '{{ secrets.accessToken }}', missing_message: 'The Dropbox access token is required.' },
  // error_summary reads like "expired_access_token/..": the tag path Dropbox documents, with a trailing dot run.
  error_handler: { type: 'DefaultErrorHandler', message_paths: ['error_summary', 'error'], combine: 'first' },
  check: { type: 'CheckStream', stream_names: ['files'], page_size: 1 },
  streams: [
    {
      type: 'DeclarativeStream',
      name: 'files',
      primary_key: 'file_id',
      retriever: {
        type: 'SimpleRetriever',
        requester: {
          type: 'HttpRequester',
          url_base: `{{ settings.baseUrl or '${DROPBOX_BASE_URL}' }}`,
          path: '/2/files/list_folder',
          next_page_path: '/2/files/list_folder/continue',
          http_method: 'POST',
          // The root is "", any other folder "/Its/Path".
          request_body_json: { path: "{{ settings.folderPath or '' }}", recursive: false, include_deleted: false },
        },
        record_selector: { type: 'RecordSelector', extractor: { type: 'DpathExtractor', field_path: ['entries'] } },
        paginator: {
          type: 'DefaultPaginator',
          page_size_option: { type: 'RequestOption', inject_into: 'body_json', field_name: 'limit' },
          page_token_option: { type: 'RequestOption', inject_into: 'body_json', field_name: 'cursor' },
          pagination_strategy: { type: 'CursorPagination', page_size: 2000, cursor_value: '{{ response.cursor }}', stop_condition: '{{ not response.has_more }}' },
        },
      },
      incremental_sync: { type: 'DatetimeBasedCursor', cursor_field: 'server_modified', datetime_format: 'iso8601_seconds', is_client_side_incremental: true, checkpoint: 'end' },
      fields: {
        file_id: 'id',
        name: 'name',
        path: 'path_display',
        size: { path: 'size', type: 'number' },
        content_hash: 'content_hash',
        client_modified: 'client_modified',
        updated_at: 'server_modified',
      },
      transformations: [{ type: 'NamedTransformation', name: 'dropbox_entry' }],
    },
  ],
};

/** The entry's kind: '.tag' holds a dot, which a dotted path would split. */
export const dropboxEntry = (entry: Record<string, unknown>, mapped: Record<string, unknown>) => ({ ...mapped, kind: textOr(entry['.tag']) });

export const dropboxConnector = manifestConnector(DROPBOX_MANIFEST, { transformations: { dropbox_entry: dropboxEntry } });

/**
 * Google Drive: the files of one folder (GET /drive/v3/files, q = `'<folder>' in parents and
 * trashed = false`), 1000 a page, the next one asked for with `pageToken` = the answer's
 * `nextPageToken`. Shared drives are included. The records are the files' metadata (name, type,
 * size, owner, times and link); reading a spreadsheet's cells is not done here.
 *
 * Credentials: a service account's JSON key (the folder shared with its e-mail) signs a JWT
 * exchanged for a token with the drive.readonly scope; or, for a folder shared publicly, an API
 * key sent as `key`.
 *
 * Incremental on Google's side: `modifiedTime > '…'` joined to the folder filter, files oldest
 * change first (`orderBy=modifiedTime`), so the cursor moves with each page.
 * https://developers.google.com/drive/api/reference/rest/v3/files/list
 * https://developers.google.com/drive/api/guides/search-files (query terms, modifiedTime in RFC 3339)
 * https://developers.google.com/drive/api/guides/handle-errors ({"error": {code, message, errors, status}}, 429 and 403 rate limits)
 * https://developers.google.com/identity/protocols/oauth2/service-account#httprest
 */
import type { ConnectorManifest } from '@domain/data/connectorManifest/types';
import { manifestConnector } from '../declarative/engine';

export const GOOGLE_DRIVE_BASE_URL = 'https://www.googleapis.com';
export const GOOGLE_DRIVE_SCOPE = 'https://www.googleapis.com/auth/drive.readonly';
export const GOOGLE_DRIVE_FILE_FIELDS = 'id,name,mimeType,size,md5Checksum,createdTime,modifiedTime,webViewLink,owners(emailAddress),parents';

const FOLDER = '{{ settings.folderId }}';
const IN_FOLDER = `'${FOLDER}' in parents and trashed = false`;

export const GOOGLE_DRIVE_MANIFEST: ConnectorManifest = {
  version: 1,
  name: 'Google Drive',
  catalogue_id: 'google-drive',
  requires: [
    // Drive ids are letters, digits, - and _: checked, as the id is quoted inside the query.
    { value: FOLDER, message: 'The Google Drive folder id is required.', format: 'identifier', format_message: 'The folder id is the last part of the folder\'s address (letters, digits, - and _).' },
  ],
  authenticator: {
    type: 'JwtServiceAccountAuthenticator',
    service_account_key: '{{ secrets.serviceAccountKey }}',
    scopes: [GOOGLE_DRIVE_SCOPE],
    fallback: {
      type: 'ApiKeyAuthenticator',
      api_token: '{{ secrets.apiKey }}',
      inject_into: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'key' },
      missing_message: 'A service account key, or an API key for a public folder, is required.',
    },
  },
  error_handler: { type: 'DefaultErrorHandler', message_paths: ['error.status', 'error.message'], combine: 'join' },
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
          url_base: `{{ settings.baseUrl or '${GOOGLE_DRIVE_BASE_URL}' }}`,
          path: '/drive/v3/files',
          request_parameters: {
            q: IN_FOLDER,
            orderBy: 'modifiedTime',
            fields: `nextPageToken,files(${GOOGLE_DRIVE_FILE_FIELDS})`,
            supportsAllDrives: 'true',
            includeItemsFromAllDrives: 'true',
          },
        },
        record_selector: { type: 'RecordSelector', extractor: { type: 'DpathExtractor', field_path: ['files'] } },
        paginator: {
          type: 'DefaultPaginator',
          page_size_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'pageSize' },
          page_token_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'pageToken' },
          pagination_strategy: { type: 'CursorPagination', page_size: 1000, cursor_value: '{{ response.nextPageToken }}' },
        },
      },
      incremental_sync: {
        type: 'DatetimeBasedCursor',
        cursor_field: 'modifiedTime',
        datetime_format: 'iso8601',
        // Drive's filter is strict: a second earlier, so a file changed in the same second is read again, not lost.
        lookback_window: 'PT1S',
        start_time_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'q', value_format: `${IN_FOLDER} and modifiedTime > '%s'` },
        checkpoint: 'each_page',
      },
      fields: {
        file_id: 'id',
        name: 'name',
        mime_type: 'mimeType',
        size: { path: 'size', type: 'number' },
        md5_checksum: 'md5Checksum',
        web_view_link: 'webViewLink',
        created_at: 'createdTime',
        updated_at: 'modifiedTime',
      },
      transformations: [{ type: 'NamedTransformation', name: 'google_drive_owner' }],
    },
  ],
};

/** The first owner's address: a dotted path does not reach into the owners list. */
export function googleDriveOwner(file: Record<string, unknown>, mapped: Record<string, unknown>): Record<string, unknown> {
  const owners = Array.isArray(file.owners) ? file.owners : [];
  const first = owners[0] as { emailAddress?: unknown } | undefined;
  return { ...mapped, owner_email: typeof first?.emailAddress === 'string' ? first.emailAddress : null };
}

export const googleDriveConnector = manifestConnector(GOOGLE_DRIVE_MANIFEST, { transformations: { google_drive_owner: googleDriveOwner } });

/**
 * YouTube: a channel's videos through its uploads playlist (GET /youtube/v3/playlistItems,
 * part=snippet,contentDetails, 50 a page, the next one asked for with `pageToken` =
 * `nextPageToken`). One quota unit a page, where search.list costs a hundred. The uploads
 * playlist's id is the channel's contentDetails.relatedPlaylists.uploads (channels.list), which is
 * the channel id with UC turned into UU; the settings ask for it as such.
 *
 * Credentials: an API key sent as `key` (public videos), or a service account's JSON key signing a
 * JWT for the youtube.readonly scope.
 *
 * Incremental on our side by `contentDetails.videoPublishedAt`: playlistItems has no time filter,
 * so every run reads the playlist and stores only videos published from the cursor on; the cursor
 * moves once the last page is read. A title edited later is not picked up by an incremental run.
 * https://developers.google.com/youtube/v3/docs/playlistItems/list
 * https://developers.google.com/youtube/v3/docs/channels#contentDetails.relatedPlaylists.uploads
 * https://developers.google.com/youtube/v3/docs/errors ({"error": {code, message, errors: [{reason}]}}; quotaExceeded is a 403)
 * https://developers.google.com/youtube/v3/determine_quota_cost
 */
import type { ConnectorManifest } from '@domain/data/connectorManifest/types';
import { manifestConnector } from '../declarative/engine';

export const YOUTUBE_BASE_URL = 'https://www.googleapis.com';
export const YOUTUBE_SCOPE = 'https://www.googleapis.com/auth/youtube.readonly';

const PLAYLIST = '{{ settings.playlistId }}';

export const YOUTUBE_MANIFEST: ConnectorManifest = {
  version: 1,
  name: 'YouTube',
  catalogue_id: 'youtube',
  requires: [{ value: PLAYLIST, message: "The channel's uploads playlist id is required.", format: 'identifier', format_message: 'The uploads playlist id holds only letters, digits, - and _ (UU…).' }],
  authenticator: {
    type: 'JwtServiceAccountAuthenticator',
    service_account_key: '{{ secrets.serviceAccountKey }}',
    scopes: [YOUTUBE_SCOPE],
    fallback: {
      type: 'ApiKeyAuthenticator',
      api_token: '{{ secrets.apiKey }}',
      inject_into: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'key' },
      missing_message: 'A YouTube Data API key, or a service account key, is required.',
    },
  },
  error_handler: { type: 'DefaultErrorHandler', message_paths: ['error.status', 'error.message'], combine: 'join' },
  check: { type: 'CheckStream', stream_names: ['videos'], page_size: 1 },
  streams: [
    {
      type: 'DeclarativeStream',
      name: 'videos',
      primary_key: 'video_id',
      retriever: {
        type: 'SimpleRetriever',
        requester: {
          type: 'HttpRequester',
          url_base: `{{ settings.baseUrl or '${YOUTUBE_BASE_URL}' }}`,
          path: '/youtube/v3/playlistItems',
          request_parameters: { part: 'snippet,contentDetails', playlistId: PLAYLIST },
        },
        record_selector: { type: 'RecordSelector', extractor: { type: 'DpathExtractor', field_path: ['items'] } },
        paginator: {
          type: 'DefaultPaginator',
          page_size_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'maxResults' },
          page_token_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'pageToken' },
          pagination_strategy: { type: 'CursorPagination', page_size: 50, cursor_value: '{{ response.nextPageToken }}' },
        },
      },
      incremental_sync: { type: 'DatetimeBasedCursor', cursor_field: 'contentDetails.videoPublishedAt', datetime_format: 'iso8601_seconds', is_client_side_incremental: true, checkpoint: 'end' },
      fields: {
        video_id: 'contentDetails.videoId',
        title: 'snippet.title',
        description: 'snippet.description',
        channel_title: 'snippet.channelTitle',
        thumbnail_url: { path: ['snippet.thumbnails.high.url', 'snippet.thumbnails.default.url'] },
        published_at: { path: ['contentDetails.videoPublishedAt', 'snippet.publishedAt'] },
      },
    },
  ],
};

export const youtubeConnector = manifestConnector(YOUTUBE_MANIFEST);

/**
 * Matomo: the visits of one site, with their actions, through the Live API
 * (module=API&method=Live.getLastVisitsDetails) of the customer's own instance (or Matomo Cloud).
 * The token_auth is sent in a POST form body, as Matomo asks (so it stays out of server logs);
 * the other parameters in the query. 100 visits a request, paged by filter_offset / filter_limit.
 *
 * Incremental by the visit's last action: `minTimestamp` (Unix seconds) asks only for visits whose
 * last action is after it, sent a second before the newest seen (so a visit of that same second is
 * not lost); a visit that went on since is read again and
 * updated in place by its idVisit. Live answers newest first and a visit can arrive while a read
 * pages, so the same visit may show on two pages: each is kept once, and the cursor moves only
 * once the last page is read.
 * Matomo answers a refused token or an unknown site with 200 and {"result": "error", "message"}.
 * https://developer.matomo.org/api-reference/reporting-api (Live.getLastVisitsDetails, standard parameters)
 * https://developer.matomo.org/api-reference/reporting-api#authenticate-to-the-api-via-token_auth-parameter
 * https://matomo.org/faq/how-to/faq_20278/ (token_auth in the POST body)
 */
import type { ConnectorManifest } from '@domain/data/connectorManifest/types';
import { manifestConnector } from '../declarative/engine';
import { pick, textOr } from '../shared';

const SITE = '{{ settings.siteId }}';

export const MATOMO_MANIFEST: ConnectorManifest = {
  version: 1,
  name: 'Matomo',
  catalogue_id: 'matomo',
  requires: [
    { value: '{{ secrets.apiKey }}', message: 'The Matomo token_auth is required.' },
    { value: SITE, message: 'The Matomo site id is required.', format: 'identifier', format_message: 'The Matomo site id is a number (idSite, under Websites > Manage).' },
  ],
  // The token travels in the form body (request_body_data), not as a header Matomo would ignore.
  authenticator: { type: 'NoAuth' },
  error_handler: { type: 'DefaultErrorHandler', message_paths: ['message'], combine: 'first' },
  check: { type: 'CheckStream', stream_names: ['visits'], page_size: 1 },
  streams: [
    {
      type: 'DeclarativeStream',
      name: 'visits',
      primary_key: 'visit_id',
      deduplicate: true,
      retriever: {
        type: 'SimpleRetriever',
        requester: {
          type: 'HttpRequester',
          url_base: '{{ settings.instanceUrl }}',
          path: '/index.php',
          http_method: 'POST',
          request_parameters: { module: 'API', method: 'Live.getLastVisitsDetails', idSite: SITE, format: 'JSON' },
          request_body_data: { token_auth: '{{ secrets.apiKey }}' },
        },
        record_selector: { type: 'RecordSelector', extractor: { type: 'DpathExtractor', field_path: [] } },
        paginator: {
          type: 'DefaultPaginator',
          page_size_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'filter_limit' },
          page_token_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'filter_offset' },
          pagination_strategy: { type: 'OffsetIncrement', page_size: 100, inject_on_first_request: true },
        },
      },
      incremental_sync: {
        type: 'DatetimeBasedCursor',
        cursor_field: 'lastActionTimestamp',
        datetime_format: 'epoch_seconds',
        lookback_window: 'PT1S',
        start_time_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'minTimestamp' },
        checkpoint: 'end',
      },
      fields: {
        visit_id: 'idVisit',
        visitor_id: 'visitorId',
        user_id: 'userId',
        first_action_at: { path: 'firstActionTimestamp', type: 'epoch_seconds' },
        last_action_at: { path: 'lastActionTimestamp', type: 'epoch_seconds' },
        visit_duration: { path: 'visitDuration', type: 'number' },
        actions: { path: 'actions', type: 'number' },
        referrer_type: 'referrerType',
        referrer_name: 'referrerName',
        campaign: 'campaignName',
        device_type: 'deviceType',
        country: 'country',
        city: 'city',
        goal_conversions: { path: 'goalConversions', type: 'number' },
        revenue: { path: 'totalEcommerceRevenue', type: 'number' },
      },
      transformations: [{ type: 'NamedTransformation', name: 'matomo_visit' }],
    },
  ],
};

/** Every record is a visit (an event needs its type), and its entry page is its first action's address. */
export function matomoVisit(visit: Record<string, unknown>, mapped: Record<string, unknown>): Record<string, unknown> {
  const first = Array.isArray(visit.actionDetails) ? visit.actionDetails[0] : undefined;
  return { ...mapped, event_type: 'visit', entry_page_url: textOr(pick(first, 'url')) };
}

export const matomoConnector = manifestConnector(MATOMO_MANIFEST, { transformations: { matomo_visit: matomoVisit } });

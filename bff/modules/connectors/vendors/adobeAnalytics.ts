/**
 * Adobe Analytics: page views, visits and unique visitors by day for one report suite, through
 * the Reports API 2.0 (POST https://analytics.adobe.io/api/{globalCompanyId}/reports), with a
 * token from an OAuth Server-to-Server credential (client_credentials at Adobe IMS,
 * https://ims-na1.adobelogin.com/ims/token/v3). Every call carries the bearer token, the client id
 * as `x-api-key`, the global company id as `x-proxy-global-company-id` and the organization as
 * `x-gw-ims-org-id`.
 *
 * The report is dimension variables/daterangeday over a date range, a row a day
 * ({itemId: "1260314", value: "Mar 14, 2026", data: [page views, visits, visitors]}), paged by
 * settings.page (from 0) up to totalPages. The read goes in 90-day ranges (whole days of the report
 * suite's time zone) from the cursor, or the first sync's start (90 days back by default), to
 * today; the last two days are asked again by the next run, as Adobe goes on processing hits
 * after a day ends, and a day read again replaces itself.
 * https://developer.adobe.com/analytics-apis/docs/2.0/guides/endpoints/reports/
 * https://developer.adobe.com/developer-console/docs/guides/authentication/ServerToServerAuthentication/implementation/
 */
import type { ConnectorManifest } from '@domain/data/connectorManifest/types';
import { manifestConnector } from '../declarative/engine';
import { numberOf, textOr } from '../shared';

export const ADOBE_ANALYTICS_BASE_URL = 'https://analytics.adobe.io';
export const ADOBE_IMS_URL = 'https://ims-na1.adobelogin.com';
/** The scopes of an Analytics OAuth Server-to-Server credential; Adobe IMS reads them comma-separated, as one value. */
export const ADOBE_ANALYTICS_SCOPES = 'openid,AdobeID,additional_info.projectedProductContext';
/** The report's metrics, in the order of each row's data. */
export const ADOBE_ANALYTICS_METRICS = ['metrics/pageviews', 'metrics/visits', 'metrics/visitors'] as const;

export const ADOBE_ANALYTICS_MANIFEST: ConnectorManifest = {
  version: 1,
  name: 'Adobe Analytics',
  catalogue_id: 'adobe-analytics',
  requires: [
    { value: '{{ settings.orgId }}', message: 'The Adobe organization id is required.' },
    {
      value: '{{ settings.companyId }}',
      message: 'The Adobe Analytics global company id is required.',
      format: 'identifier',
      format_message: 'The global company id is letters and digits (Analytics > Admin > Company settings > API access).',
    },
    {
      value: '{{ settings.reportSuiteId }}',
      message: 'The report suite id is required.',
      format: 'identifier',
      format_message: 'The report suite id is letters, digits, - and _ (Analytics > Admin > Report suites).',
    },
  ],
  authenticator: {
    type: 'OAuthAuthenticator',
    token_refresh_endpoint: `{{ settings.imsUrl or '${ADOBE_IMS_URL}' }}/ims/token/v3`,
    grant_type: 'client_credentials',
    client_id: '{{ settings.clientId }}',
    client_secret: '{{ secrets.clientSecret }}',
    scopes: [ADOBE_ANALYTICS_SCOPES],
    missing_message: 'The client id and client secret of the OAuth Server-to-Server credential are required.',
  },
  // Reports API: {"errorCode", "errorDescription", "errorId"}; the gateway: {"error_code", "message"}.
  error_handler: { type: 'DefaultErrorHandler', message_paths: ['errorCode', 'errorDescription', 'error_code', 'message'], combine: 'join' },
  // Adobe allows 12 requests every 6 seconds a user.
  rate_limit: { requests_per_second: 2 },
  check: { type: 'CheckStream', stream_names: ['days'] },
  streams: [
    {
      type: 'DeclarativeStream',
      name: 'days',
      primary_key: 'day',
      retriever: {
        type: 'SimpleRetriever',
        requester: {
          type: 'HttpRequester',
          url_base: `{{ settings.baseUrl or '${ADOBE_ANALYTICS_BASE_URL}' }}`,
          path: '/api/{{ settings.companyId }}/reports',
          http_method: 'POST',
          request_headers: {
            accept: 'application/json',
            'x-api-key': '{{ settings.clientId }}',
            'x-proxy-global-company-id': '{{ settings.companyId }}',
            'x-gw-ims-org-id': '{{ settings.orgId }}',
          },
          request_body_json: {
            rsid: '{{ settings.reportSuiteId }}',
            globalFilters: [{ type: 'dateRange', dateRange: '{{ stream_interval.start_time }}T00:00:00.000/{{ stream_interval.end_time }}T23:59:59.999' }],
            metricContainer: { metrics: ADOBE_ANALYTICS_METRICS.map((id, index) => ({ columnId: String(index), id })) },
            dimension: 'variables/daterangeday',
            settings: { dimensionSort: 'asc', countRepeatInstances: true },
          },
        },
        record_selector: { type: 'RecordSelector', extractor: { type: 'DpathExtractor', field_path: ['rows'] } },
        paginator: {
          type: 'DefaultPaginator',
          page_size_option: { type: 'RequestOption', inject_into: 'body_json', field_name: 'settings.limit', field_path: ['settings', 'limit'] },
          page_token_option: { type: 'RequestOption', inject_into: 'body_json', field_name: 'settings.page', field_path: ['settings', 'page'] },
          pagination_strategy: { type: 'PageIncrement', page_size: 50, start_from_page: 0, inject_on_first_request: true, total_pages_path: 'totalPages' },
        },
      },
      incremental_sync: {
        type: 'DatetimeBasedCursor',
        datetime_format: 'iso8601',
        request_datetime_format: '%Y-%m-%d',
        step: 'P90D',
        cursor_granularity: 'P1D',
        lookback_window: 'P2D',
        start_datetime: "{{ settings.startDate or 'P90D' }}",
      },
      fields: { day: 'itemId', label: 'value' },
      transformations: [{ type: 'NamedTransformation', name: 'adobe_day' }],
    },
  ],
};

/**
 * A daterangeday item id as a date: 1YYMMDD, the year counted from 1900 and the month from 0
 * ("1260214" is 2026-03-14); null when it is not one.
 */
export function adobeDay(itemId: unknown): string | null {
  const match = /^(1\d{2})(\d{2})(\d{2})$/.exec(textOr(itemId) ?? '');
  if (!match) return null;
  const date = new Date(Date.UTC(1900 + Number(match[1]), Number(match[2]), Number(match[3])));
  return Number.isNaN(date.getTime()) || date.getUTCDate() !== Number(match[3]) ? null : date.toISOString().slice(0, 10);
}

/** The row's day as a date, and its data in the metrics' order. */
export function adobeDayRow(row: Record<string, unknown>, mapped: Record<string, unknown>): Record<string, unknown> {
  const data = Array.isArray(row.data) ? row.data : [];
  return { ...mapped, day: adobeDay(row.itemId), page_views: numberOf(data[0]), visits: numberOf(data[1]), visitors: numberOf(data[2]) };
}

export const adobeAnalyticsConnector = manifestConnector(ADOBE_ANALYTICS_MANIFEST, { transformations: { adobe_day: adobeDayRow } });

/**
 * PayPal: the account's transactions through the Transaction Search API
 * (GET /v1/reporting/transactions) with a token from the OAuth 2 client credentials grant
 * (POST /v1/oauth2/token, the REST app's client id and secret as basic auth). PayPal answers at
 * most 31 days per request, so the read goes in 31-day windows from the cursor (or the first
 * sync's start, three years back by default: PayPal keeps no more) to now, each paged by
 * `page` up to `total_pages`, 500 a page with every field (`fields=all`, else no payer).
 * The cursor is the end of the last window read, less three hours on the next run: PayPal says a
 * transaction may take up to three hours to appear; transactions read again update by id.
 * https://developer.paypal.com/docs/api/transaction-search/v1/#search_get
 * https://developer.paypal.com/api/rest/authentication/ (client credentials, basic auth)
 * https://developer.paypal.com/api/rest/responses/ ({"name", "message", "debug_id", "details"})
 * https://developer.paypal.com/docs/reports/sftp-reports/transaction-event-codes/ (T codes)
 */
import type { ConnectorManifest } from '@domain/data/connectorManifest/types';
import { manifestConnector } from '../declarative/engine';
import { pick, textOr } from '../shared';

export const PAYPAL_BASE_URL = 'https://api-m.paypal.com';
const BASE = `{{ settings.baseUrl or '${PAYPAL_BASE_URL}' }}`;

/** The payer's name: PayPal's full name when it gives one, else the given name and surname. */
export function paypalTransaction(transaction: Record<string, unknown>, mapped: Record<string, unknown>): Record<string, unknown> {
  const name = pick(transaction, 'payer_info.payer_name');
  const full = textOr(pick(name, 'alternate_full_name'))?.trim();
  const parts = [textOr(pick(name, 'given_name'))?.trim(), textOr(pick(name, 'surname'))?.trim()].filter(Boolean);
  return { ...mapped, payer_name: full || parts.join(' ') || null };
}

export const PAYPAL_MANIFEST: ConnectorManifest = {
  version: 1,
  name: 'PayPal',
  catalogue_id: 'paypal',
  authenticator: {
    type: 'OAuthAuthenticator',
    token_refresh_endpoint: `${BASE}/v1/oauth2/token`,
    grant_type: 'client_credentials',
    client_auth_method: 'client_secret_basic',
    client_id: '{{ settings.clientId }}',
    client_secret: '{{ secrets.clientSecret }}',
    missing_message: 'The PayPal REST app client id and secret are required.',
  },
  // REST errors: {"name", "message", "debug_id", "details"}; a refused token: {"error", "error_description"}.
  error_handler: { type: 'DefaultErrorHandler', message_paths: ['name', 'message', 'error', 'error_description'], combine: 'join' },
  check: { type: 'CheckStream', stream_names: ['transactions'], page_size: 1 },
  streams: [
    {
      type: 'DeclarativeStream',
      name: 'transactions',
      primary_key: 'transaction_id',
      // Windows share their bounds: a transaction at a bound is answered twice.
      deduplicate: true,
      retriever: {
        type: 'SimpleRetriever',
        requester: { type: 'HttpRequester', url_base: BASE, path: '/v1/reporting/transactions', request_parameters: { fields: 'all' } },
        record_selector: { type: 'RecordSelector', extractor: { type: 'DpathExtractor', field_path: ['transaction_details'] } },
        paginator: {
          type: 'DefaultPaginator',
          page_size_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'page_size' },
          page_token_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'page' },
          pagination_strategy: { type: 'PageIncrement', page_size: 500, inject_on_first_request: true, total_pages_path: 'total_pages' },
        },
      },
      incremental_sync: {
        type: 'DatetimeBasedCursor',
        cursor_field: 'transaction_info.transaction_updated_date',
        datetime_format: 'iso8601_seconds',
        step: 'P31D',
        lookback_window: 'PT3H',
        start_datetime: "{{ settings.startDate or 'P1095D' }}",
        start_time_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'start_date' },
        end_time_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'end_date' },
      },
      fields: {
        transaction_id: 'transaction_info.transaction_id',
        payer_id: 'payer_info.account_id',
        payer_email: 'payer_info.email_address',
        event_code: 'transaction_info.transaction_event_code',
        status: 'transaction_info.transaction_status',
        initiated_at: 'transaction_info.transaction_initiation_date',
        updated_at: 'transaction_info.transaction_updated_date',
        // Amounts are text in the currency's major unit, negative for money sent ("-12.50").
        amount: { path: 'transaction_info.transaction_amount.value', type: 'number' },
        currency: 'transaction_info.transaction_amount.currency_code',
        fee: { path: 'transaction_info.fee_amount.value', type: 'number' },
        invoice_id: 'transaction_info.invoice_id',
      },
      transformations: [{ type: 'NamedTransformation', name: 'paypal_transaction' }],
    },
  ],
};

export const paypalConnector = manifestConnector(PAYPAL_MANIFEST, { transformations: { paypal_transaction: paypalTransaction } });

/**
 * Stripe: the account's charges (GET /v1/charges) as a declarative definition; code only for what
 * Stripe does differently, amounts in the currency's minor unit.
 * https://docs.stripe.com/api/charges/list
 */
import type { ConnectorManifest } from '@domain/data/connectorManifest/types';
import { manifestConnector } from '../declarative/engine';
import { numberOf, textOr } from '../shared';

export const STRIPE_BASE_URL = 'https://api.stripe.com';
const VENDOR = 'Stripe';
const PAGE_SIZE = 100;

/** Currencies Stripe counts in whole units, and the ones with three decimals (https://docs.stripe.com/currencies). */
const ZERO_DECIMAL = new Set(['bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga', 'pyg', 'rwf', 'ugx', 'vnd', 'vuv', 'xaf', 'xof', 'xpf']);
const THREE_DECIMAL = new Set(['bhd', 'jod', 'kwd', 'omr', 'tnd']);

/** An amount in the currency's minor unit → its major unit (1999 usd → 19.99). */
export function majorUnits(amount: number, currency: string): number {
  const code = currency.toLowerCase();
  if (ZERO_DECIMAL.has(code)) return amount;
  const divisor = THREE_DECIMAL.has(code) ? 1000 : 100;
  return Math.round(amount) / divisor;
}

/** The amounts and the kind of a charge: minor units to major by its currency, and its status as an event type. */
export function stripeChargeAmounts(charge: Record<string, unknown>, mapped: Record<string, unknown>): Record<string, unknown> {
  const currency = textOr(charge.currency, '') ?? '';
  const amount = numberOf(charge.amount);
  const refunded = numberOf(charge.amount_refunded);
  const status = textOr(charge.status, 'unknown');
  return {
    ...mapped,
    type: charge.refunded === true ? 'charge.refunded' : `charge.${status}`,
    amount: amount === null ? null : majorUnits(amount, currency),
    currency: currency ? currency.toUpperCase() : null,
    amount_refunded: refunded === null ? null : majorUnits(refunded, currency),
  };
}

/**
 * Newest first, paged with `starting_after` the last charge's id until `has_more` is false.
 * Incremental by creation second: `created[gte]` the newest second seen, so charges created in
 * that same second are not lost; the ones read again are dropped within the run and updated in
 * place by charge_id across runs.
 */
export const STRIPE_MANIFEST: ConnectorManifest = {
  version: 1,
  name: VENDOR,
  catalogue_id: 'stripe',
  authenticator: { type: 'BearerAuthenticator', api_token: '{{ secrets.apiKey }}', missing_message: 'The Stripe secret key is required.' },
  // {"error": {"type", "code", "message"}} (https://docs.stripe.com/api/errors).
  error_handler: { type: 'DefaultErrorHandler', message_paths: ['error.message', 'error.type'], combine: 'first' },
  check: { type: 'CheckStream', stream_names: ['charges'], page_size: 1 },
  streams: [
    {
      type: 'DeclarativeStream',
      name: 'charges',
      primary_key: 'charge_id',
      deduplicate: true,
      retriever: {
        type: 'SimpleRetriever',
        requester: {
          type: 'HttpRequester',
          url_base: `{{ settings.baseUrl or '${STRIPE_BASE_URL}' }}`,
          path: '/v1/charges',
          request_headers: { 'stripe-version': '2024-06-20' },
        },
        record_selector: { type: 'RecordSelector', extractor: { type: 'DpathExtractor', field_path: ['data'] } },
        paginator: {
          type: 'DefaultPaginator',
          page_size_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'limit' },
          page_token_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'starting_after' },
          pagination_strategy: { type: 'CursorPagination', page_size: PAGE_SIZE, cursor_value: '{{ last_record.id }}', stop_condition: '{{ not response.has_more }}' },
        },
      },
      incremental_sync: {
        type: 'DatetimeBasedCursor',
        cursor_field: 'created',
        datetime_format: 'epoch_seconds',
        start_time_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'created[gte]' },
      },
      fields: {
        // An expanded customer is an object with its id; otherwise the id itself.
        customer: { path: ['customer.id', 'customer'] },
        customer_email: { path: ['billing_details.email', 'receipt_email', 'customer.email'] },
        charge_id: 'id',
        created: { path: 'created', type: 'epoch_seconds' },
      },
      transformations: [{ type: 'NamedTransformation', name: 'stripe_charge_amounts' }],
    },
  ],
};

export const stripeConnector = manifestConnector(STRIPE_MANIFEST, { transformations: { stripe_charge_amounts: stripeChargeAmounts } });

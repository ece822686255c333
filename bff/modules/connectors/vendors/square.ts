/**
 * Square: the seller's payments (GET /v2/payments) with the access token as Bearer and the API
 * version pinned in `Square-Version`, 100 a page (Square's maximum), paged by `cursor` until an
 * answer has none. Incremental on Square's side: `updated_at_begin_time` (inclusive) the newest
 * `updated_at` seen, sorted by UPDATED_AT ascending, so refunds and completions of older payments
 * come back too and a run that dies resumes where it was; payments read again update by id.
 * A declarative definition; code for the amounts (minor units) and Square's error list.
 * https://developer.squareup.com/reference/square/payments/ListPayments
 * https://developer.squareup.com/docs/build-basics/common-api-patterns/pagination
 * https://developer.squareup.com/docs/build-basics/handling-errors ({"errors": [{category, code, detail}]})
 * https://developer.squareup.com/docs/build-basics/versioning-overview (Square-Version)
 * https://developer.squareup.com/docs/changelog/connect (versions)
 */
import type { ConnectorManifest } from '@domain/data/connectorManifest/types';
import { manifestConnector } from '../declarative/engine';
import { isRecordObject, numberOf, pick, textOr, type ErrorReader } from '../shared';
import { majorUnits } from './stripe';

export const SQUARE_BASE_URL = 'https://connect.squareup.com';
/** The newest version whose reference lists updated_at_begin_time and sort_field on ListPayments. */
export const SQUARE_VERSION = '2026-05-20';

/** {"errors": [{"category": "AUTHENTICATION_ERROR", "code": "UNAUTHORIZED", "detail": "…"}]}: each as "code: detail". */
export const squareErrors: ErrorReader = (body) => {
  const errors = pick(body, 'errors');
  if (!Array.isArray(errors)) return textOr(pick(body, 'message'));
  const parts = errors.filter(isRecordObject).map((each) => [textOr(each.code), textOr(each.detail)].filter(Boolean).join(': '));
  return parts.filter(Boolean).join('; ') || null;
};

/** A Money object ({ amount: 1999, currency: "USD" }) in the currency's major unit. */
function money(value: unknown): { amount: number | null; currency: string | null } {
  const amount = numberOf(pick(value, 'amount'));
  const currency = textOr(pick(value, 'currency'));
  return { amount: amount === null ? null : majorUnits(amount, currency ?? ''), currency };
}

export function squarePayment(payment: Record<string, unknown>, mapped: Record<string, unknown>): Record<string, unknown> {
  const total = money(payment.total_money ?? payment.amount_money);
  const refunded = money(payment.refunded_money);
  return { ...mapped, amount: total.amount, currency: total.currency, amount_refunded: refunded.amount ?? 0 };
}

export const SQUARE_MANIFEST: ConnectorManifest = {
  version: 1,
  name: 'Square',
  catalogue_id: 'square',
  authenticator: { type: 'BearerAuthenticator', api_token: '{{ secrets.accessToken }}', missing_message: 'The Square access token is required.' },
  error_handler: { type: 'DefaultErrorHandler', hook: 'square_errors' },
  check: { type: 'CheckStream', stream_names: ['payments'], page_size: 1 },
  streams: [
    {
      type: 'DeclarativeStream',
      name: 'payments',
      primary_key: 'payment_id',
      retriever: {
        type: 'SimpleRetriever',
        requester: {
          type: 'HttpRequester',
          url_base: `{{ settings.baseUrl or '${SQUARE_BASE_URL}' }}`,
          path: '/v2/payments',
          request_headers: { 'square-version': SQUARE_VERSION },
          request_parameters: { sort_field: 'UPDATED_AT', sort_order: 'ASC' },
        },
        record_selector: { type: 'RecordSelector', extractor: { type: 'DpathExtractor', field_path: ['payments'] } },
        paginator: {
          type: 'DefaultPaginator',
          page_size_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'limit' },
          page_token_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'cursor' },
          pagination_strategy: { type: 'CursorPagination', page_size: 100, cursor_value: '{{ response.cursor }}' },
        },
      },
      incremental_sync: {
        type: 'DatetimeBasedCursor',
        cursor_field: 'updated_at',
        datetime_format: 'iso8601',
        start_time_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'updated_at_begin_time' },
      },
      fields: {
        payment_id: 'id',
        customer_id: 'customer_id',
        email: 'buyer_email_address',
        order_id: 'order_id',
        status: 'status',
        source_type: 'source_type',
        location_id: 'location_id',
        created_at: 'created_at',
        updated_at: 'updated_at',
      },
      transformations: [{ type: 'NamedTransformation', name: 'square_payment' }],
    },
  ],
};

export const squareConnector = manifestConnector(SQUARE_MANIFEST, { errorReaders: { square_errors: squareErrors }, transformations: { square_payment: squarePayment } });

/**
 * Stripe: the account's charges (GET /v1/charges), newest first, paged with `starting_after` until
 * `has_more` is false. Incremental by creation time: a run asks for `created[gte]` the newest
 * creation second seen before, so charges created in that same second are not lost; the ones seen
 * already are updated in place by their charge_id.
 * https://docs.stripe.com/api/charges/list
 */
import { ConnectorError, type Connector, type ConnectorContext } from '../types';
import { baseUrlOf, expectArray, isRecordObject, numberOf, pick, query, secretOf, textOr, vendorJson, type ErrorReader } from './paging';

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

/** {"error": {"type", "code", "message"}} (https://docs.stripe.com/api/errors). */
const readError: ErrorReader = (body) => textOr(pick(body, 'error.message')) ?? textOr(pick(body, 'error.type'));

interface StripeList {
  object?: string;
  data?: unknown;
  has_more?: boolean;
}

function headers(context: ConnectorContext) {
  return { authorization: `Bearer ${secretOf(context, 'apiKey', 'The Stripe secret key')}`, 'stripe-version': '2024-06-20' };
}

/** One charge as the Stripe field set names it. */
export function stripeRecord(charge: Record<string, unknown>): Record<string, unknown> {
  const currency = textOr(charge.currency, '') ?? '';
  const amount = numberOf(charge.amount);
  const refunded = numberOf(charge.amount_refunded);
  const created = numberOf(charge.created);
  const customer = charge.customer;
  const status = textOr(charge.status, 'unknown');
  return {
    customer: isRecordObject(customer) ? textOr(customer.id) : textOr(customer),
    customer_email: textOr(pick(charge, 'billing_details.email')) ?? textOr(charge.receipt_email) ?? (isRecordObject(customer) ? textOr(customer.email) : null),
    charge_id: textOr(charge.id),
    type: charge.refunded === true ? 'charge.refunded' : `charge.${status}`,
    created: created === null ? null : new Date(created * 1000).toISOString(),
    amount: amount === null ? null : majorUnits(amount, currency),
    currency: currency ? currency.toUpperCase() : null,
    amount_refunded: refunded === null ? null : majorUnits(refunded, currency),
  };
}

const cursorSeconds = (cursor: string | null): number | null => {
  if (!cursor || !/^\d{1,12}$/.test(cursor)) return null;
  return Number(cursor);
};

export const stripeConnector: Connector = {
  catalogueId: 'stripe',
  keyField: 'charge_id',

  async test(context) {
    const base = baseUrlOf(context, 'baseUrl', STRIPE_BASE_URL);
    const list = await vendorJson<StripeList>(context, VENDOR, `${base}/v1/charges${query({ limit: 1 })}`, { headers: headers(context) }, readError);
    expectArray(list.data, VENDOR, 'a list of charges');
  },

  async *pull(context) {
    const base = baseUrlOf(context, 'baseUrl', STRIPE_BASE_URL);
    const since = cursorSeconds(context.cursor);
    let newest = since;
    let startingAfter: string | undefined;
    const seen = new Set<string>();
    for (;;) {
      const url = `${base}/v1/charges${query({ limit: PAGE_SIZE, 'created[gte]': since ?? undefined, starting_after: startingAfter })}`;
      const list = await vendorJson<StripeList>(context, VENDOR, url, { headers: headers(context) }, readError);
      const charges = expectArray(list.data, VENDOR, 'a list of charges').filter(isRecordObject);
      const records: Array<Record<string, unknown>> = [];
      for (const charge of charges) {
        const id = textOr(charge.id);
        if (!id || seen.has(id)) continue;
        seen.add(id);
        const created = numberOf(charge.created);
        if (created !== null && (newest === null || created > newest)) newest = created;
        records.push(stripeRecord(charge));
      }
      yield { records, cursor: newest === null ? null : String(newest) };
      const last = charges.length ? textOr(charges[charges.length - 1].id) : null;
      if (list.has_more !== true || !last) return;
      if (last === startingAfter) throw new ConnectorError('Stripe kept answering the same page: stopping so the sync does not loop.');
      startingAfter = last;
    }
  },
};

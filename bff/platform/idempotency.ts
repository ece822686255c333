/**
 * The Idempotency-Key request header (draft-ietf-httpapi-idempotency-key-header) for writes a
 * client may send again after losing the answer: the widget's response writes and POST
 * /api/v1/events. A key is scoped to its route and to what the route writes to (a survey, a
 * response, a company), and kept for a day with the answer it was given:
 *
 * - the same key with the same body is answered as the first time (status and body), with
 *   `Idempotent-Replayed: true`, and stores nothing again;
 * - the same key with another body is refused 422 (idempotency_key_reused);
 * - the same key while its first request is still being answered by this process is refused 409
 *   (idempotency_key_in_flight). In another process the second request waits on the first's
 *   uncommitted key and is then answered from it;
 * - an invalid key (empty, longer than 255 characters, not visible ASCII) is refused 400.
 *
 * The key is written by the write itself, in its transaction (the caller's `row` or `write`), so a
 * write is never stored without its key: a crash before the commit stores neither, and a retry
 * after it is answered from the key. A request without the header pays nothing here.
 */
import { createHash } from 'node:crypto';
import type { Knex } from '@mikro-orm/knex';
import { apiError, HttpError } from './errors';
import { bindTime, rowsOf, timeOf } from './sql';
import { decryptSecret, encryptSecret } from './secrets';
import type { DatabaseKind } from './sql';
import type { AppContext } from '../types';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Marks an answer given again from a stored key. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';
/** How long a key and its answer are kept: longer than any client retries. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** Expired keys are swept by every this many-th keyed write of a process. */
const SWEEP_EVERY = 100;

/** Visible ASCII without the quote and backslash a structured-field string escapes. */
const KEY_PATTERN = /^[\x20-\x21\x23-\x5b\x5d-\x7e]+$/;

/**
 * The key a request sends, undefined without the header. The draft sends it as a structured-field
 * string ("…", quoted); a bare value is taken as well.
 */
export function idempotencyKeyOf(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const quoted = /^"(.*)"$/.exec(header.trim());
  const key = quoted ? quoted[1]! : header.trim();
  if (!key || key.length > IDEMPOTENCY_KEY_MAX_LENGTH || !KEY_PATTERN.test(key)) {
    const message = `The Idempotency-Key header must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible ASCII characters, such as a UUID.`;
    throw apiError('idempotency_key_invalid', { message, fields: { [IDEMPOTENCY_KEY_HEADER]: message } });
  }
  return key;
}

/** The request's Idempotency-Key (400 for an invalid one, or the header sent twice), or undefined. */
export function requestIdempotencyKey(ctx: AppContext): string | undefined {
  const header = ctx.headers['idempotency-key'];
  return idempotencyKeyOf(Array.isArray(header) ? '' : header);
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** A keyed request: its stored id (route, scope and key hashed together) and its body's fingerprint. */
export interface IdempotentRequest {
  id: string;
  route: string;
  fingerprint: string;
}

/** The keyed request `key` makes of a request to `route` about `scope`, or undefined without a key. */
export function idempotentRequest(route: string, scope: string, key: string | undefined, body: unknown): IdempotentRequest | undefined {
  if (key === undefined) return undefined;
  return { id: sha256(`${route}\n${scope}\n${key}`), route, fingerprint: sha256(JSON.stringify(body ?? null)) };
}

/** An answer to a write: given now, or again from its stored key. */
export interface Answer<T> {
  status: number;
  body: T;
  replayed?: boolean;
}

/** Sends a write's answer, marked when it is given again from its Idempotency-Key. */
export function sendAnswer(ctx: AppContext, answer: Answer<unknown>): void {
  if (answer.replayed) ctx.set(REPLAYED_HEADER, 'true');
  ctx.body = answer.body;
  ctx.status = answer.status;
}

export interface IdempotencyStoreOptions {
  knex: () => Knex;
  kind: DatabaseKind;
  now: () => Date;
  /** Encrypts the stored answers (they may hold a secret handed out once, such as a write token). */
  sealKey?: Buffer;
}

export function createIdempotencyStore({ knex, kind, now, sealKey }: IdempotencyStoreOptions) {
  /** Keys being answered by this process. */
  const inFlight = new Set<string>();
  let keyedWrites = 0;
  const seal = (text: string) => (sealKey ? encryptSecret(text, sealKey) : text);
  const unseal = (text: string) => (sealKey ? decryptSecret(text, sealKey) : text);

  /** A delete of expired keys, in a transaction of its own (on SQLite, one that waits for the write lock off the event loop). */
  const sweep = (sql: string, bindings: Knex.RawBinding[]) => knex().transaction(async (trx) => void (await trx.raw(sql, bindings)));

  /** The stored answer to the request's key while it is kept; 422 when it was given to another body. */
  async function stored<T>(request: IdempotentRequest, clock: Date): Promise<Answer<T> | null> {
    const [row] = rowsOf<{ fingerprint: string; status: unknown; body: string; expires_at: unknown }>(
      await knex().raw('select fingerprint, status, body, expires_at from idempotency_keys where id = ?', [request.id]),
    );
    if (!row) return null;
    if ((timeOf(row.expires_at) ?? 0) <= clock.getTime()) {
      // Expired: the key may be used afresh.
      await sweep('delete from idempotency_keys where id = ? and expires_at <= ?', [request.id, bindTime(kind, clock)]);
      return null;
    }
    if (row.fingerprint !== request.fingerprint) throw apiError('idempotency_key_reused');
    return { status: Number(row.status), body: JSON.parse(unseal(row.body)) as T, replayed: true };
  }

  /** The key's row, its columns by name as stored, for a write to insert in its own transaction. */
  function row(request: IdempotentRequest, answer: Answer<unknown>, clock: Date): Record<string, unknown> {
    return {
      id: request.id,
      route: request.route,
      fingerprint: request.fingerprint,
      status: answer.status,
      body: seal(JSON.stringify(answer.body)),
      created_at: clock,
      expires_at: new Date(clock.getTime() + IDEMPOTENCY_KEY_TTL_MS),
    };
  }

  return {
    row,

    /** Inserts the key's row in the write's transaction `trx`. */
    async write(trx: Knex | Knex.Transaction, request: IdempotentRequest, answer: Answer<unknown>, clock: Date): Promise<void> {
      const columns = row(request, answer, clock);
      const bound = Object.values(columns).map((value) => (value instanceof Date ? bindTime(kind, value) : value)) as Knex.RawBinding[];
      await trx.raw(`insert into idempotency_keys (${Object.keys(columns).join(', ')}) values (${bound.map(() => '?').join(', ')})`, bound);
    },

    /**
     * Answers the request: without a key, `perform`'s answer; with one, the stored answer when the
     * key was answered before, else `perform`'s, which writes the key (`row` or `write`) with its
     * effect. A write that failed because another process stored the same key meanwhile is
     * answered from that key.
     */
    async run<T>(request: IdempotentRequest | undefined, perform: () => Promise<Answer<T>>): Promise<Answer<T>> {
      if (!request) return perform();
      if (inFlight.has(request.id)) throw apiError('idempotency_key_in_flight');
      inFlight.add(request.id);
      try {
        const clock = now();
        const before = await stored<T>(request, clock);
        if (before) return before;
        if (++keyedWrites % SWEEP_EVERY === 0) await sweep('delete from idempotency_keys where expires_at <= ?', [bindTime(kind, clock)]);
        try {
          return await perform();
        } catch (failure) {
          if (failure instanceof HttpError) throw failure;
          const meanwhile = await stored<T>(request, now()).catch(() => null);
          if (meanwhile) return meanwhile;
          throw failure;
        }
      } finally {
        inFlight.delete(request.id);
      }
    },
  };
}

export type IdempotencyStore = ReturnType<typeof createIdempotencyStore>;

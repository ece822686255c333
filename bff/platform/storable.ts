/**
 * What no value from outside may hold, wherever it enters (JSON bodies, query strings, upload
 * fields, imported rows, pushed and pulled records): checked once where it enters, so no route,
 * build or read downstream ever meets it.
 *
 * - NUL and unpaired surrogates: PostgreSQL's text and jsonb cannot store them, so one such string
 *   fails its insert, or worse, is stored as a `\u0000` escape in json that every later read of
 *   the column fails on.
 * - Object-prototype names as keys (`__proto__`, `constructor`, `toString`…): schema libraries
 *   and plain-object lookups read them from the prototype instead of the value, which throws or,
 *   for `__proto__`, hands an object where a string was expected.
 * - Nesting beyond MAX_DEPTH: every recursive walk downstream (validation, JSON columns, the
 *   dashboard's rendering) would overflow the stack long before V8's iterative JSON.parse does.
 */
import { apiError } from './errors';

/** Deeper than any body or record the product defines (a survey draft nests about 8 levels). */
export const MAX_DEPTH = 64;

// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for.
const UNSTORABLE_CHARACTER = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const RESERVED_KEYS: ReadonlySet<string> = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);

export type Unstorable =
  | { kind: 'character'; path: string }
  | { kind: 'key'; path: string; key: string }
  | { kind: 'depth'; path: string };

export function hasUnstorableCharacter(text: string): boolean {
  return UNSTORABLE_CHARACTER.test(text);
}

export function isReservedKey(key: string): boolean {
  return RESERVED_KEYS.has(key);
}

const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

/** The first thing in `value` that may not be stored, with its dotted path, or null. */
export function findUnstorable(value: unknown, path = '', depth = 0): Unstorable | null {
  if (typeof value === 'string') return hasUnstorableCharacter(value) ? { kind: 'character', path } : null;
  if (value === null || typeof value !== 'object') return null;
  if (depth >= MAX_DEPTH) return { kind: 'depth', path };
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = findUnstorable(value[index], join(path, index), depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const key of Object.keys(value)) {
    const at = join(path, key);
    if (RESERVED_KEYS.has(key)) return { kind: 'key', path: at, key };
    if (hasUnstorableCharacter(key)) return { kind: 'character', path: at };
    const found = findUnstorable((value as Record<string, unknown>)[key], at, depth + 1);
    if (found) return found;
  }
  return null;
}

/** One sentence for a person: what is wrong and where. */
export function describeUnstorable(found: Unstorable): string {
  const where = found.path ? `"${found.path}"` : 'The value';
  switch (found.kind) {
    case 'character':
      return `${where} holds a character that cannot be stored (NUL or an unpaired surrogate).`;
    case 'key':
      return `${where} uses the reserved name "${found.key}"; rename the field.`;
    case 'depth':
      return `${where} nests objects and arrays more than ${MAX_DEPTH} levels deep.`;
  }
}

/** Throws the 400 for the first thing in `value` that may not be stored, naming its field. */
export function assertStorable(value: unknown, path = ''): void {
  const found = findUnstorable(value, path);
  if (!found) return;
  const message = describeUnstorable(found);
  throw apiError(found.kind === 'depth' ? 'body_too_deep' : 'unstorable_value', { message, fields: { [found.path || 'body']: message } });
}

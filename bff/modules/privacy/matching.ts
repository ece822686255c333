/**
 * How a person's identifiers are found inside stored values that no column indexes: the fields of a
 * record kept as it came (whatever their names, however deep: a Segment event's `traits` and
 * `context`), the audit log's targets and before/after. A value names the person when it is one of
 * their identifiers, or holds one as a whole word ("Erin <erin@example.com>"); an e-mail in any
 * case, anything else exactly. A short identifier (under WORD_MIN characters, not an e-mail: a
 * user id of "42") names the person only as a whole value, never inside a sentence. Object keys
 * count as values.
 *
 * The database is asked first with LIKE patterns (likePatterns): a sieve that lets through every
 * row holding one (and some holding it inside a longer word), so only those are read and checked.
 */
import { asJsonStringContent, containsPattern } from '../../platform/sql';
import { normalizeIdentifier } from '../suppression';

/** Characters that continue a word around an identifier (an address, an id): a match must not touch them. */
const WORD = String.raw`\p{L}\p{N}_@+\-`;
const BEFORE = String.raw`(?<![${WORD}.])`;
const AFTER = String.raw`(?![${WORD}]|\.[\p{L}\p{N}])`;

/** Identifiers this long (and every e-mail) are found inside longer texts too. */
export const WORD_MIN = 8;

const escaped = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export interface PersonMatcher {
  /** The person's identifiers, as compared (normalizeIdentifier). */
  readonly values: readonly string[];
  /** Whether the text names the person. */
  test(text: string): boolean;
  /** The text with every identifier in it replaced by `by(identifier)`, and how many were. */
  replace(text: string, by: (identifier: string) => string): { text: string; replaced: number };
  /** LIKE patterns (escaped with a backslash) that a stored JSON text naming the person matches. */
  likePatterns(): string[];
}

export function personMatcher(identifiers: readonly string[]): PersonMatcher {
  const values = [...new Set(identifiers.map(normalizeIdentifier).filter(Boolean))].sort((a, b) => b.length - a.length);
  const emails = values.filter((value) => value.includes('@'));
  const words = values.filter((value) => !value.includes('@') && value.length >= WORD_MIN);
  const short = values.filter((value) => !value.includes('@') && value.length < WORD_MIN);
  const alternatives = (list: string[]) => list.map(escaped).join('|');
  const expressions = [
    emails.length ? new RegExp(`${BEFORE}(?:${alternatives(emails)})${AFTER}`, 'giu') : null,
    words.length ? new RegExp(`${BEFORE}(?:${alternatives(words)})${AFTER}`, 'gu') : null,
    short.length ? new RegExp(String.raw`^\s*(?:${alternatives(short)})\s*$`, 'gu') : null,
  ].filter((expression): expression is RegExp => expression !== null);
  return {
    values,
    test(text) {
      return expressions.some((expression) => {
        expression.lastIndex = 0;
        return expression.test(text);
      });
    },
    replace(text, by) {
      let replaced = 0;
      let result = text;
      for (const expression of expressions) {
        result = result.replace(expression, (found) => {
          replaced++;
          return by(normalizeIdentifier(found));
        });
      }
      return { text: result, replaced };
    },
    likePatterns() {
      return values.flatMap((value) => {
        const inJson = asJsonStringContent(value);
        return inJson === value ? [containsPattern(value)] : [containsPattern(value), containsPattern(inJson)];
      });
    },
  };
}

export interface Mention {
  /** Where in the value: keys joined by dots, array positions in brackets (`context.traits.email`, `items[2]`). */
  field: string;
  value: string;
}

const scalarText = (value: unknown): string | null => (typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : null);
const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/** Where a JSON value names the person, field by field. */
export function mentionsIn(value: unknown, matcher: PersonMatcher, path = ''): Mention[] {
  const text = scalarText(value);
  if (text !== null) return matcher.test(text) ? [{ field: path, value: text }] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => mentionsIn(item, matcher, `${path}[${index}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => [...(matcher.test(key) ? [{ field: join(path, key), value: key }] : []), ...mentionsIn(item, matcher, join(path, key))]);
  }
  return [];
}

/**
 * The JSON value with the person's identifiers replaced by `by(identifier)` in every string,
 * number (which becomes the replacement's text) and key, and how many were replaced.
 */
export function scrubbed<Value>(value: Value, matcher: PersonMatcher, by: (identifier: string) => string): { value: Value; replaced: number } {
  let replaced = 0;
  const walk = (item: unknown): unknown => {
    const text = scalarText(item);
    if (text !== null) {
      const result = matcher.replace(text, by);
      replaced += result.replaced;
      return result.replaced ? result.text : item;
    }
    if (Array.isArray(item)) return item.map(walk);
    if (item && typeof item === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries(item)) {
        const renamed = matcher.replace(key, by);
        replaced += renamed.replaced;
        out[renamed.text] = walk(inner);
      }
      return out;
    }
    return item;
  };
  const result = walk(value) as Value;
  return { value: result, replaced };
}

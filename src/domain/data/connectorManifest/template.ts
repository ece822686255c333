/**
 * The template language of connector manifests: the expressions of Jinja that Airbyte's low-code
 * manifests use (`{{ config['api_key'] }}`, `{{ response.paging.next.after }}`,
 * `{{ not response.has_more }}`, `{{ stream_interval.start_time | default('') }}`,
 * `{{ format_datetime(config.start_date, '%Y-%m-%d') }}`, `{{ now_utc() - duration('P1D') }}`,
 * `{{ 'a' if last_record else 'b' }}`), evaluated here by a small allow-listed interpreter rather
 * than by a Jinja engine, because a manifest is brought by a company admin:
 *
 * - an expression reads only the values the engine hands over (TEMPLATE_ROOTS), and of those only
 *   own data properties of plain JSON objects and list items: no prototype, no `toString`, no
 *   `constructor`, no `__class__`. A name that could reach an object's machinery is refused when
 *   the template is compiled (so a manifest holding one is refused when brought, a 400);
 * - calls are Airbyte's documented macros, the filters in FILTERS and the methods in METHODS, each
 *   implemented here over JSON values: nothing of the host is ever called;
 * - there are no statements (`{% %}`), no loops, no assignment; text is bounded at every step, and a
 *   substituted value is never read again as a template, so nothing can loop or grow unbounded.
 */
import { addDuration, durationLength, parseDateTime, parseDuration, strftime, strptime, type DurationParts } from './datetime';

export const TEMPLATE_MAX_LENGTH = 2_000;
export const TEMPLATE_MAX_EXPRESSIONS = 20;
export const TEMPLATE_MAX_PATH_DEPTH = 12;
/** The deepest nesting of one expression (brackets, calls, operators). */
export const TEMPLATE_MAX_NESTING = 24;
/** The longest text a template may produce (a URL, a header, a body value), and any text on the way. */
export const TEMPLATE_MAX_OUTPUT = 8_192;

/**
 * The names a template may start a path with (Airbyte's interpolation variables, and ours:
 * settings, secrets, cursor, record). Which of them a given place offers is the schema's business.
 */
export const TEMPLATE_ROOTS = [
  'settings',
  'secrets',
  'config',
  'cursor',
  'next_page_token',
  'response',
  'headers',
  'last_record',
  'last_page_size',
  'record',
  'stream_partition',
  'stream_interval',
  'stream_slice',
  'parameters',
] as const;
export type TemplateRoot = (typeof TEMPLATE_ROOTS)[number];

/** Airbyte's documented macros (global functions). */
export const TEMPLATE_MACROS = ['now_utc', 'today_utc', 'day_delta', 'format_datetime', 'timestamp', 'max', 'min', 'duration', 'str_to_datetime'] as const;
/** The Jinja filters implemented. */
export const TEMPLATE_FILTERS = [
  'default',
  'd',
  'string',
  'int',
  'float',
  'lower',
  'upper',
  'trim',
  'length',
  'count',
  'join',
  'first',
  'last',
  'urlencode',
  'tojson',
  'replace',
  'round',
  'abs',
  'base64encode',
  'base64decode',
  'capitalize',
  'title',
  'list',
] as const;
/** The methods implemented, by name (Python's dict, str and datetime methods the published manifests call). */
export const TEMPLATE_METHODS = ['get', 'keys', 'values', 'strftime', 'isoformat', 'timestamp', 'split', 'lower', 'upper', 'strip', 'replace', 'startswith', 'endswith', 'join'] as const;
const TESTS = ['defined', 'undefined', 'none', 'number', 'string', 'mapping', 'sequence', 'true', 'false', 'boolean', 'integer'] as const;

/**
 * Names that reach an object's machinery rather than its data: Python's dunders (`__class__`), and
 * the members every JavaScript object inherits (`toString`, `hasOwnProperty`, `constructor`) or a
 * function has (`call`, `bind`). Refused in any path when the template is compiled, whatever the
 * value it would be read on: a setting or field of such a name is no data a manifest needs.
 */
const MACHINERY = new Set<string>(['prototype', 'constructor', '__proto__', 'call', 'apply', 'bind', 'caller', 'arguments', ...Object.getOwnPropertyNames(Object.prototype)]);
/** Whether a key names an object's machinery (`toString`, `__class__`, `constructor`…) rather than data. */
export const isMachineryKey = (key: string): boolean => MACHINERY.has(key) || key.startsWith('__');

export class TemplateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemplateError';
  }
}

type Literal = string | number | boolean | null;
type Expression =
  | { kind: 'literal'; value: Literal }
  | { kind: 'root'; root: TemplateRoot }
  | { kind: 'member'; target: Expression; key: Expression }
  | { kind: 'list'; items: Expression[] }
  | { kind: 'dict'; entries: Array<[Expression, Expression]> }
  | { kind: 'call'; name: (typeof TEMPLATE_MACROS)[number]; args: Expression[] }
  | { kind: 'method'; target: Expression; name: (typeof TEMPLATE_METHODS)[number]; args: Expression[] }
  | { kind: 'filter'; target: Expression; name: (typeof TEMPLATE_FILTERS)[number]; args: Expression[] }
  | { kind: 'test'; target: Expression; name: (typeof TESTS)[number]; negated: boolean }
  | { kind: 'not'; operand: Expression }
  | { kind: 'negate'; operand: Expression }
  | { kind: 'and' | 'or'; left: Expression; right: Expression }
  | { kind: 'binary'; operator: string; left: Expression; right: Expression }
  | { kind: 'conditional'; condition: Expression; then: Expression; otherwise: Expression | null };

/** A parsed template: literal text and expressions, in order. */
export interface CompiledTemplate {
  source: string;
  parts: Array<string | Expression>;
  roots: ReadonlySet<TemplateRoot>;
}

type Token = { type: 'number' | 'string' | 'name' | 'punct'; value: string };

const TOKEN = /\s*(?:(\d{1,15}(?:\.\d{1,15})?)|'((?:[^'\\]|\\.){0,2000})'|"((?:[^"\\]|\\.){0,2000})"|([A-Za-z_][A-Za-z0-9_]{0,63})|(==|!=|<=|>=|\/\/|\*\*|[.[\](),:|~+\-*/%<>{}]))/y;
const unescape = (text: string) => text.replace(/\\(.)/g, (_match, letter: string) => ({ n: '\n', t: '\t', r: '\r' })[letter] ?? letter);

/** Splits one `{{ … }}` body into tokens (linear: a sticky regex). */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    if (/^\s*$/.test(text.slice(TOKEN.lastIndex))) break;
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(text);
    if (!match) throw new TemplateError(`unexpected "${text.slice(at).trim().slice(0, 20)}" in "{{${text.slice(0, 200)}}}"`);
    if (match[1] !== undefined) tokens.push({ type: 'number', value: match[1] });
    else if (match[2] !== undefined || match[3] !== undefined) tokens.push({ type: 'string', value: unescape(match[2] ?? match[3]!) });
    else if (match[4] !== undefined) tokens.push({ type: 'name', value: match[4] });
    else tokens.push({ type: 'punct', value: match[5]! });
  }
  return tokens;
}

const includes = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

function parseExpression(body: string): Expression {
  const tokens = tokenize(body);
  let index = 0;
  let depth = 0;
  const peek = (offset = 0) => tokens[index + offset];
  const isPunct = (value: string, offset = 0) => peek(offset)?.type === 'punct' && peek(offset)!.value === value;
  const isName = (value: string, offset = 0) => peek(offset)?.type === 'name' && peek(offset)!.value === value;
  const fail = (why: string): never => {
    throw new TemplateError(`${why} in "{{${body.slice(0, 200)}}}"`);
  };
  const expect = (value: string) => {
    if (!isPunct(value)) fail(`"${value}" is missing`);
    index += 1;
  };
  const nested = <T>(parse: () => T): T => {
    depth += 1;
    if (depth > TEMPLATE_MAX_NESTING) fail(`an expression may nest at most ${TEMPLATE_MAX_NESTING} levels`);
    const result = parse();
    depth -= 1;
    return result;
  };
  const checkKey = (key: string) => {
    if (isMachineryKey(key)) fail(`"${key}" cannot be read`);
  };

  const args = (): Expression[] => {
    expect('(');
    const list: Expression[] = [];
    while (!isPunct(')')) {
      if (list.length) expect(',');
      // A keyword argument (format_datetime(x, format='%Y')) is read by its position.
      if (peek()?.type === 'name' && isPunct('=', 1)) index += 2;
      list.push(expression());
      if (list.length > 10) fail('a call may take at most 10 arguments');
    }
    index += 1;
    return list;
  };

  const primary = (): Expression => {
    const token = tokens[index++];
    if (!token) return fail('an expression is missing');
    if (token.type === 'number') return { kind: 'literal', value: Number(token.value) };
    if (token.type === 'string') return { kind: 'literal', value: token.value };
    if (token.type === 'punct') {
      if (token.value === '(') {
        const inner = expression();
        expect(')');
        return inner;
      }
      if (token.value === '[') {
        const items: Expression[] = [];
        while (!isPunct(']')) {
          if (items.length) expect(',');
          if (isPunct(']')) break;
          items.push(expression());
          if (items.length > 50) fail('a list may hold at most 50 items');
        }
        index += 1;
        return { kind: 'list', items };
      }
      if (token.value === '{') {
        const entries: Array<[Expression, Expression]> = [];
        while (!isPunct('}')) {
          if (entries.length) expect(',');
          if (isPunct('}')) break;
          const key = expression();
          expect(':');
          entries.push([key, expression()]);
          if (entries.length > 50) fail('an object may hold at most 50 keys');
        }
        index += 1;
        return { kind: 'dict', entries };
      }
      return fail(`unexpected "${token.value}"`);
    }
    const name = token.value;
    if (name === 'true' || name === 'True') return { kind: 'literal', value: true };
    if (name === 'false' || name === 'False') return { kind: 'literal', value: false };
    if (name === 'none' || name === 'None' || name === 'null') return { kind: 'literal', value: null };
    if (isPunct('(')) {
      if (!includes(TEMPLATE_MACROS, name)) return fail(`"${name}" is not a function a template can call (${TEMPLATE_MACROS.join(', ')})`);
      return { kind: 'call', name, args: args() };
    }
    if (!includes(TEMPLATE_ROOTS, name)) return fail(`"${name}" is not a value a template can read (${TEMPLATE_ROOTS.join(', ')})`);
    return { kind: 'root', root: name };
  };

  const postfix = (): Expression => {
    let result = primary();
    let steps = 0;
    for (;;) {
      if (isPunct('.')) {
        index += 1;
        const key = tokens[index++];
        if (key?.type !== 'name' && key?.type !== 'number') return fail('a name must follow "."');
        checkKey(key.value);
        if (key.type === 'name' && isPunct('(')) {
          if (!includes(TEMPLATE_METHODS, key.value)) return fail(`"${key.value}" is not a method a template can call (${TEMPLATE_METHODS.join(', ')})`);
          result = { kind: 'method', target: result, name: key.value, args: args() };
        } else result = { kind: 'member', target: result, key: { kind: 'literal', value: key.type === 'number' ? Number(key.value) : key.value } };
      } else if (isPunct('[')) {
        index += 1;
        const key = expression();
        if (key.kind === 'literal' && typeof key.value === 'string') checkKey(key.value);
        expect(']');
        result = { kind: 'member', target: result, key };
      } else break;
      steps += 1;
      if (steps > TEMPLATE_MAX_PATH_DEPTH) return fail(`a path may have at most ${TEMPLATE_MAX_PATH_DEPTH} steps`);
    }
    return result;
  };

  const filtered = (): Expression => {
    let result = postfix();
    while (isPunct('|')) {
      index += 1;
      const name = tokens[index++];
      if (name?.type !== 'name') return fail('a filter name must follow "|"');
      if (!includes(TEMPLATE_FILTERS, name.value)) return fail(`"${name.value}" is not a filter a template can use (${TEMPLATE_FILTERS.join(', ')})`);
      result = { kind: 'filter', target: result, name: name.value, args: isPunct('(') ? args() : [] };
    }
    return result;
  };

  const unary = (): Expression => {
    if (isPunct('-')) {
      index += 1;
      return nested(() => ({ kind: 'negate', operand: unary() }));
    }
    if (isPunct('+')) {
      index += 1;
      return nested(unary);
    }
    return filtered();
  };

  const binary = (operators: readonly string[], next: () => Expression) => (): Expression => {
    let left = next();
    while (peek()?.type === 'punct' && operators.includes(peek()!.value)) {
      const operator = tokens[index++]!.value;
      left = { kind: 'binary', operator, left, right: next() };
    }
    return left;
  };
  const power = binary(['**'], unary);
  const product = binary(['*', '/', '//', '%'], power);
  const sum = binary(['+', '-'], product);
  const concat = binary(['~'], sum);

  const comparison = (): Expression => {
    let left = concat();
    for (;;) {
      const token = peek();
      if (token?.type === 'punct' && ['==', '!=', '<', '<=', '>', '>='].includes(token.value)) {
        index += 1;
        left = { kind: 'binary', operator: token.value, left, right: concat() };
      } else if (isName('in') || (isName('not') && isName('in', 1))) {
        const negated = isName('not');
        index += negated ? 2 : 1;
        const test: Expression = { kind: 'binary', operator: 'in', left, right: concat() };
        left = negated ? { kind: 'not', operand: test } : test;
      } else if (isName('is')) {
        index += 1;
        const negated = isName('not');
        if (negated) index += 1;
        const name = tokens[index++];
        const testName = name?.type === 'name' ? name.value : '';
        if (!includes(TESTS, testName)) return fail(`"is" must be followed by one of ${TESTS.join(', ')}`);
        left = { kind: 'test', target: left, name: testName, negated };
      } else return left;
    }
  };

  const negation = (): Expression => {
    if (isName('not')) {
      index += 1;
      return nested(() => ({ kind: 'not', operand: negation() }));
    }
    return comparison();
  };
  const conjunction = (): Expression => {
    let left = negation();
    while (isName('and')) {
      index += 1;
      left = { kind: 'and', left, right: negation() };
    }
    return left;
  };
  const disjunction = (): Expression => {
    let left = conjunction();
    while (isName('or')) {
      index += 1;
      left = { kind: 'or', left, right: conjunction() };
    }
    return left;
  };
  function expression(): Expression {
    return nested(() => {
      const value = disjunction();
      if (!isName('if')) return value;
      index += 1;
      const condition = disjunction();
      let otherwise: Expression | null = null;
      if (isName('else')) {
        index += 1;
        otherwise = expression();
      }
      return { kind: 'conditional', condition, then: value, otherwise };
    });
  }

  const result = expression();
  if (index < tokens.length) fail(`unexpected "${tokens[index]!.value}"`);
  return result;
}

/** Every sub-expression, depth first. */
function walk(expression: Expression, visit: (each: Expression) => void): void {
  visit(expression);
  switch (expression.kind) {
    case 'member':
      walk(expression.target, visit);
      walk(expression.key, visit);
      break;
    case 'list':
      expression.items.forEach((each) => walk(each, visit));
      break;
    case 'dict':
      expression.entries.forEach(([key, value]) => {
        walk(key, visit);
        walk(value, visit);
      });
      break;
    case 'call':
      expression.args.forEach((each) => walk(each, visit));
      break;
    case 'method':
    case 'filter':
      walk(expression.target, visit);
      expression.args.forEach((each) => walk(each, visit));
      break;
    case 'test':
      walk(expression.target, visit);
      break;
    case 'not':
    case 'negate':
      walk(expression.operand, visit);
      break;
    case 'and':
    case 'or':
    case 'binary':
      walk(expression.left, visit);
      walk(expression.right, visit);
      break;
    case 'conditional':
      walk(expression.condition, visit);
      walk(expression.then, visit);
      if (expression.otherwise) walk(expression.otherwise, visit);
      break;
    default:
      break;
  }
}

/**
 * What a template reads: each root and the name read on it (`config.api_key`, `config['api_key']`
 * and `config.get('api_key')` → config, api_key; `{{ cursor }}` or `config[some_value]` → undefined).
 */
export function templateReads(template: CompiledTemplate): Array<{ root: TemplateRoot; key: string | number | undefined }> {
  const reads: Array<{ root: TemplateRoot; key: string | number | undefined }> = [];
  const named = new Set<Expression>();
  for (const part of template.parts) {
    if (typeof part === 'string') continue;
    walk(part, (each) => {
      if (each.kind !== 'member' && each.kind !== 'method') return;
      const target = each.target;
      if (target.kind !== 'root') return;
      const key = each.kind === 'member' ? each.key : each.name === 'get' ? each.args[0] : undefined;
      if (key?.kind === 'literal' && (typeof key.value === 'string' || typeof key.value === 'number')) {
        reads.push({ root: target.root, key: key.value });
        named.add(target);
      }
    });
    walk(part, (each) => {
      if (each.kind === 'root' && !named.has(each)) reads.push({ root: each.root, key: undefined });
    });
  }
  return reads;
}

/** Parses a template once; throws a TemplateError saying what is wrong. */
export function compileTemplate(source: string): CompiledTemplate {
  if (typeof source !== 'string') throw new TemplateError('a template must be text');
  if (source.length > TEMPLATE_MAX_LENGTH) throw new TemplateError(`a template may be at most ${TEMPLATE_MAX_LENGTH} characters long`);
  if (source.includes('{%') || source.includes('{#')) throw new TemplateError(`"{%" statements and "{#" comments are not supported in "${source.slice(0, 100)}": use one {{ expression }}`);
  const parts: Array<string | Expression> = [];
  const roots = new Set<TemplateRoot>();
  let rest = source;
  let expressions = 0;
  for (;;) {
    const open = rest.indexOf('{{');
    if (open < 0) {
      if (rest.includes('}}')) throw new TemplateError(`"}}" without "{{" in "${source.slice(0, 100)}"`);
      if (rest) parts.push(rest);
      break;
    }
    const close = rest.indexOf('}}', open + 2);
    if (close < 0) throw new TemplateError(`"{{" is never closed in "${source.slice(0, 100)}"`);
    if (open > 0) parts.push(rest.slice(0, open));
    const body = rest.slice(open + 2, close);
    if (body.includes('{{')) throw new TemplateError(`"{{" inside "{{ }}" in "${source.slice(0, 100)}"`);
    expressions += 1;
    if (expressions > TEMPLATE_MAX_EXPRESSIONS) throw new TemplateError(`a template may hold at most ${TEMPLATE_MAX_EXPRESSIONS} expressions`);
    const expression = parseExpression(body);
    walk(expression, (each) => {
      if (each.kind === 'root') roots.add(each.root);
    });
    parts.push(expression);
    rest = rest.slice(close + 2);
  }
  return { source, parts, roots };
}

// --- evaluation ------------------------------------------------------------------------------------

/** What a template may read, by root. A root left out reads as nothing. */
export type TemplateScope = Partial<Record<TemplateRoot, unknown>>;

/** A date-time made by a macro (now_utc(), str_to_datetime()): a point in milliseconds, or a day (today_utc()). */
class DateTimeValue {
  constructor(
    readonly point: number,
    readonly dateOnly = false,
  ) {}
}
class DurationValue {
  constructor(readonly parts: DurationParts) {}
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
};

/** An own data property of a plain object, an item of a list (negative counts from its end), or nothing. */
function member(target: unknown, key: unknown): unknown {
  if (Array.isArray(target)) {
    if (typeof key !== 'number' || !Number.isInteger(key)) return undefined;
    const at = key < 0 ? target.length + key : key;
    return at >= 0 && at < target.length ? target[at] : undefined;
  }
  if (!isPlainObject(target) || (typeof key !== 'string' && typeof key !== 'number')) return undefined;
  const name = String(key);
  if (isMachineryKey(name)) return undefined;
  const descriptor = Object.getOwnPropertyDescriptor(target, name);
  return descriptor && 'value' in descriptor ? descriptor.value : undefined;
}

/** Jinja's truthiness, which Airbyte's conditions rely on: empty text, 0, false, null and empty lists are false. */
export function truthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (value instanceof DateTimeValue || value instanceof DurationValue) return true;
  if (typeof value === 'object' && value !== null) return Object.keys(value).length > 0;
  return value !== undefined && value !== null && value !== false && value !== 0 && value !== '';
}

const bounded = (text: string): string => {
  if (text.length > TEMPLATE_MAX_OUTPUT) throw new TemplateError(`a value grows past ${TEMPLATE_MAX_OUTPUT} characters`);
  return text;
};

/** A value as Python's str() writes it, the way Airbyte's templates print it. */
function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return String(value);
  if (value instanceof DateTimeValue) {
    if (value.dateOnly) return strftime(value.point, '%Y-%m-%d');
    return strftime(value.point, value.point % 1000 ? '%Y-%m-%d %H:%M:%S.%f+00:00' : '%Y-%m-%d %H:%M:%S+00:00');
  }
  if (value instanceof DurationValue) return `P${value.parts.years ? `${value.parts.years}Y` : ''}${value.parts.months ? `${value.parts.months}M` : ''}${value.parts.days}DT${value.parts.milliseconds / 1000}S`;
  return bounded(JSON.stringify(value) ?? '');
}

/** A date-time out of a macro's argument: a date-time, ISO text, or epoch seconds. */
function pointOf(value: unknown, inputFormat?: unknown): number | null {
  if (value instanceof DateTimeValue) return value.point;
  if (typeof value === 'number' && Number.isFinite(value)) return inputFormat === '%ms' ? value : value * 1000;
  if (typeof value === 'string') {
    if (typeof inputFormat === 'string' && inputFormat) return strptime(value, inputFormat);
    if (/^-?\d{1,12}$/.test(value.trim())) return Number(value) * 1000;
    return parseDateTime(value);
  }
  return null;
}

function numberOf(value: unknown, what: string): number {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : typeof value === 'boolean' ? Number(value) : NaN;
  if (!Number.isFinite(number)) throw new TemplateError(`${what} is not a number`);
  return number;
}

function compare(left: unknown, right: unknown): number {
  const a = left instanceof DateTimeValue ? left.point : left;
  const b = right instanceof DateTimeValue ? right.point : right;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  throw new TemplateError('only numbers, texts or date-times can be compared');
}

const equal = (left: unknown, right: unknown): boolean => {
  if (left instanceof DateTimeValue && right instanceof DateTimeValue) return left.point === right.point;
  if ((left === undefined || left === null) && (right === undefined || right === null)) return true;
  if (typeof left === 'object' || typeof right === 'object') return JSON.stringify(left) === JSON.stringify(right);
  return left === right;
};

function arithmetic(operator: string, left: unknown, right: unknown): unknown {
  if (operator === '~') return bounded(textOf(left) + textOf(right));
  if (left instanceof DateTimeValue && right instanceof DurationValue && (operator === '+' || operator === '-')) {
    return new DateTimeValue(addDuration(left.point, right.parts, operator === '+' ? 1 : -1));
  }
  if (left instanceof DateTimeValue && right instanceof DateTimeValue && operator === '-') {
    return new DurationValue({ years: 0, months: 0, days: 0, milliseconds: left.point - right.point });
  }
  if (operator === '+' && typeof left === 'string' && typeof right === 'string') return bounded(left + right);
  if (operator === '+' && Array.isArray(left) && Array.isArray(right)) {
    if (left.length + right.length > 10_000) throw new TemplateError('a list grows past 10000 items');
    return [...left, ...right];
  }
  const a = numberOf(left, 'the left side');
  const b = numberOf(right, 'the right side');
  switch (operator) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return a * b;
    case '**':
      if (Math.abs(b) > 64) throw new TemplateError('an exponent may be at most 64');
      return a ** b;
    case '/':
      if (b === 0) throw new TemplateError('division by zero');
      return a / b;
    case '//':
      if (b === 0) throw new TemplateError('division by zero');
      return Math.floor(a / b);
    case '%':
      if (b === 0) throw new TemplateError('division by zero');
      return ((a % b) + b) % b;
    default:
      throw new TemplateError(`"${operator}" is not an operator`);
  }
}

const utf8 = (text: string) => new TextEncoder().encode(text);
function base64Encode(text: string): string {
  let binary = '';
  for (const byte of utf8(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}
function base64Decode(text: string): string {
  try {
    const binary = atob(text);
    return new TextDecoder().decode(Uint8Array.from(binary, (letter) => letter.charCodeAt(0)));
  } catch {
    throw new TemplateError('base64decode was given text that is not base64');
  }
}

function applyFilter(name: (typeof TEMPLATE_FILTERS)[number], value: unknown, args: unknown[]): unknown {
  const text = () => textOf(value);
  switch (name) {
    case 'default':
    case 'd':
      // Jinja's default: for an undefined value, or (second argument true) any false one.
      return value === undefined || (args[1] === true && !truthy(value)) ? args[0] ?? '' : value;
    case 'string':
      return text();
    case 'int': {
      const number = typeof value === 'string' ? Number.parseFloat(value) : typeof value === 'number' ? value : typeof value === 'boolean' ? Number(value) : NaN;
      return Number.isFinite(number) ? Math.trunc(number) : (args[0] ?? 0);
    }
    case 'float': {
      const number = typeof value === 'string' ? Number.parseFloat(value) : typeof value === 'number' ? value : NaN;
      return Number.isFinite(number) ? number : (args[0] ?? 0);
    }
    case 'lower':
      return text().toLowerCase();
    case 'upper':
      return text().toUpperCase();
    case 'capitalize':
      return text().charAt(0).toUpperCase() + text().slice(1).toLowerCase();
    case 'title':
      return text().replace(/\w\S*/g, (word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase());
    case 'trim':
      return text().trim();
    case 'length':
    case 'count':
      return Array.isArray(value) ? value.length : isPlainObject(value) ? Object.keys(value).length : text().length;
    case 'join':
      if (!Array.isArray(value)) return text();
      return bounded(value.map(textOf).join(typeof args[0] === 'string' ? args[0] : ''));
    case 'first':
      return Array.isArray(value) ? value[0] : typeof value === 'string' ? value.charAt(0) : undefined;
    case 'last':
      return Array.isArray(value) ? value[value.length - 1] : typeof value === 'string' ? value.charAt(value.length - 1) : undefined;
    case 'list':
      return Array.isArray(value) ? value : typeof value === 'string' ? [...value].slice(0, TEMPLATE_MAX_OUTPUT) : isPlainObject(value) ? Object.keys(value) : [];
    case 'urlencode':
      if (isPlainObject(value)) return bounded(new URLSearchParams(Object.entries(value).map(([key, each]) => [key, textOf(each)])).toString());
      return bounded(encodeURIComponent(text()));
    case 'tojson':
      return bounded(JSON.stringify(value instanceof DateTimeValue ? textOf(value) : (value ?? null)));
    case 'replace': {
      const from = textOf(args[0]);
      return from ? bounded(text().split(from).join(textOf(args[1]))) : text();
    }
    case 'round': {
      const digits = Math.min(Math.max(Math.trunc(Number(args[0] ?? 0)) || 0, 0), 15);
      const factor = 10 ** digits;
      return Math.round(numberOf(value, 'round') * factor) / factor;
    }
    case 'abs':
      return Math.abs(numberOf(value, 'abs'));
    case 'base64encode':
      return bounded(base64Encode(text()));
    case 'base64decode':
      return base64Decode(text());
  }
}

function applyMethod(name: (typeof TEMPLATE_METHODS)[number], target: unknown, args: unknown[]): unknown {
  const fail = (): never => {
    throw new TemplateError(`${name}() cannot be called on ${target === undefined || target === null ? 'nothing' : Array.isArray(target) ? 'a list' : typeof target === 'object' ? 'this value' : typeof target}`);
  };
  if (target instanceof DateTimeValue) {
    if (name === 'strftime') return strftime(target.point, textOf(args[0]));
    if (name === 'isoformat') return target.dateOnly ? strftime(target.point, '%Y-%m-%d') : strftime(target.point, target.point % 1000 ? '%Y-%m-%dT%H:%M:%S.%f+00:00' : '%Y-%m-%dT%H:%M:%S+00:00');
    if (name === 'timestamp') return target.point / 1000;
    return fail();
  }
  if (isPlainObject(target)) {
    if (name === 'get') {
      const value = member(target, args[0]);
      return value === undefined ? (args[1] ?? null) : value;
    }
    if (name === 'keys') return Object.keys(target).filter((key) => !isMachineryKey(key));
    if (name === 'values') return Object.keys(target).filter((key) => !isMachineryKey(key)).map((key) => target[key]);
    return fail();
  }
  if (typeof target === 'string') {
    switch (name) {
      case 'split': {
        const separator = args[0] === undefined || args[0] === null ? null : textOf(args[0]);
        return separator === null ? target.trim().split(/\s+/).filter(Boolean) : separator ? target.split(separator) : fail();
      }
      case 'lower':
        return target.toLowerCase();
      case 'upper':
        return target.toUpperCase();
      case 'strip':
        return target.trim();
      case 'replace': {
        const from = textOf(args[0]);
        return from ? bounded(target.split(from).join(textOf(args[1]))) : target;
      }
      case 'startswith':
        return target.startsWith(textOf(args[0]));
      case 'endswith':
        return target.endsWith(textOf(args[0]));
      case 'join':
        return Array.isArray(args[0]) ? bounded(args[0].map(textOf).join(target)) : fail();
      default:
        return fail();
    }
  }
  return fail();
}

function callMacro(name: (typeof TEMPLATE_MACROS)[number], args: unknown[]): unknown {
  switch (name) {
    case 'now_utc':
      return new DateTimeValue(Date.now());
    case 'today_utc': {
      const now = new Date();
      return new DateTimeValue(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()), true);
    }
    case 'day_delta': {
      const days = numberOf(args[0], 'day_delta\'s days');
      const format = typeof args[1] === 'string' ? args[1] : '%Y-%m-%dT%H:%M:%S.%f%z';
      return strftime(Date.now() + days * 86_400_000, format);
    }
    case 'duration': {
      const parts = parseDuration(textOf(args[0]));
      if (!parts) throw new TemplateError(`"${textOf(args[0]).slice(0, 40)}" is not an ISO 8601 duration (P1D, PT1H)`);
      return new DurationValue(parts);
    }
    case 'str_to_datetime': {
      const point = pointOf(textOf(args[0]));
      if (point === null) throw new TemplateError(`"${textOf(args[0]).slice(0, 40)}" is not a date-time`);
      return new DateTimeValue(point);
    }
    case 'timestamp': {
      const point = pointOf(args[0]);
      if (point === null) throw new TemplateError(`"${textOf(args[0]).slice(0, 40)}" is not a date-time`);
      return Math.floor(point / 1000);
    }
    case 'format_datetime': {
      if (args[0] === undefined || args[0] === null || args[0] === '') return '';
      const point = pointOf(args[0], args[2]);
      if (point === null) throw new TemplateError(`"${textOf(args[0]).slice(0, 40)}" is not a date-time`);
      return strftime(point, textOf(args[1]));
    }
    case 'max':
    case 'min': {
      const values = args.length === 1 && Array.isArray(args[0]) ? args[0] : args;
      if (!values.length) throw new TemplateError(`${name}() needs at least one value`);
      return values.reduce((best, each) => (compare(each, best) * (name === 'max' ? 1 : -1) > 0 ? each : best));
    }
  }
}

function runTest(name: (typeof TESTS)[number], value: unknown): boolean {
  switch (name) {
    case 'defined':
      return value !== undefined;
    case 'undefined':
      return value === undefined;
    case 'none':
      return value === null;
    case 'number':
      return typeof value === 'number';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'mapping':
      return isPlainObject(value);
    case 'sequence':
      return Array.isArray(value) || typeof value === 'string';
    case 'true':
      return value === true;
    case 'false':
      return value === false;
  }
}

function evaluate(expression: Expression, scope: TemplateScope): unknown {
  switch (expression.kind) {
    case 'literal':
      return expression.value;
    case 'root':
      return Object.hasOwn(scope, expression.root) ? scope[expression.root] : undefined;
    case 'member':
      return member(evaluate(expression.target, scope), evaluate(expression.key, scope));
    case 'list':
      return expression.items.map((each) => evaluate(each, scope));
    case 'dict': {
      const result: Record<string, unknown> = {};
      for (const [key, value] of expression.entries) {
        const name = textOf(evaluate(key, scope));
        if (isMachineryKey(name)) throw new TemplateError(`"${name}" cannot be a key`);
        result[name] = evaluate(value, scope);
      }
      return result;
    }
    case 'call':
      return callMacro(
        expression.name,
        expression.args.map((each) => evaluate(each, scope)),
      );
    case 'method':
      return applyMethod(
        expression.name,
        evaluate(expression.target, scope),
        expression.args.map((each) => evaluate(each, scope)),
      );
    case 'filter':
      return applyFilter(
        expression.name,
        evaluate(expression.target, scope),
        expression.args.map((each) => evaluate(each, scope)),
      );
    case 'test':
      return runTest(expression.name, evaluate(expression.target, scope)) !== expression.negated;
    case 'not':
      return !truthy(evaluate(expression.operand, scope));
    case 'negate': {
      const operand = evaluate(expression.operand, scope);
      if (operand instanceof DurationValue) return new DurationValue({ years: -operand.parts.years, months: -operand.parts.months, days: -operand.parts.days, milliseconds: -operand.parts.milliseconds });
      return -numberOf(operand, 'the value');
    }
    case 'and': {
      const left = evaluate(expression.left, scope);
      return truthy(left) ? evaluate(expression.right, scope) : left;
    }
    case 'or': {
      const left = evaluate(expression.left, scope);
      return truthy(left) ? left : evaluate(expression.right, scope);
    }
    case 'binary': {
      const left = evaluate(expression.left, scope);
      const right = evaluate(expression.right, scope);
      switch (expression.operator) {
        case '==':
          return equal(left, right);
        case '!=':
          return !equal(left, right);
        case '<':
          return compare(left, right) < 0;
        case '<=':
          return compare(left, right) <= 0;
        case '>':
          return compare(left, right) > 0;
        case '>=':
          return compare(left, right) >= 0;
        case 'in':
          if (typeof right === 'string') return right.includes(textOf(left));
          if (Array.isArray(right)) return right.some((each) => equal(each, left));
          if (isPlainObject(right)) return member(right, left) !== undefined;
          return false;
        default:
          return arithmetic(expression.operator, left, right);
      }
    }
    case 'conditional':
      return truthy(evaluate(expression.condition, scope)) ? evaluate(expression.then, scope) : expression.otherwise ? evaluate(expression.otherwise, scope) : undefined;
  }
}

function asText(value: unknown, template: CompiledTemplate): string {
  if (Array.isArray(value) || isPlainObject(value)) throw new TemplateError(`"${template.source.slice(0, 100)}" reads a list or an object where text is expected`);
  return textOf(value);
}

/** A value as a JSON value: a date-time made by a macro as its text, a duration as its seconds. */
function plain(value: unknown): unknown {
  if (value instanceof DateTimeValue) return textOf(value);
  if (value instanceof DurationValue) return durationLength(value.parts) / 1000;
  return value;
}

/** Runs an evaluation, turning the host's own failures (a stack too deep) into a TemplateError. */
function guarded<T>(template: CompiledTemplate, run: () => T): T {
  try {
    return run();
  } catch (failure) {
    if (failure instanceof TemplateError) throw failure;
    throw new TemplateError(`"${template.source.slice(0, 100)}" could not be evaluated`);
  }
}

/**
 * The template's value: a template that is one `{{ expression }}` and nothing else gives the
 * value itself (a number, a boolean, an object for a JSON body); anything else gives text.
 */
export function renderValue(template: CompiledTemplate, scope: TemplateScope): unknown {
  if (template.parts.length === 1 && typeof template.parts[0] !== 'string') {
    const expression = template.parts[0]!;
    return guarded(template, () => plain(evaluate(expression, scope)));
  }
  return renderText(template, scope);
}

/** The template as text (missing values are empty), at most TEMPLATE_MAX_OUTPUT characters. */
export function renderText(template: CompiledTemplate, scope: TemplateScope, encode: (text: string) => string = (text) => text): string {
  return guarded(template, () => {
    let output = '';
    for (const part of template.parts) {
      // An address typed with a trailing slash ("https://acme.my.salesforce.com/") before a path
      // the template adds ("{{ settings.instanceUrl }}/services/...") makes one slash, not two.
      if (typeof part === 'string' && part.startsWith('/') && output.endsWith('/')) output = output.replace(/\/+$/, '');
      output += typeof part === 'string' ? part : encode(asText(evaluate(part, scope), template));
      if (output.length > TEMPLATE_MAX_OUTPUT) throw new TemplateError(`"${template.source.slice(0, 100)}" gives more than ${TEMPLATE_MAX_OUTPUT} characters`);
    }
    return output;
  });
}


/**
 * The template language of connector manifests: `{{ settings.shopDomain }}`,
 * `{{ secrets.apiKey or secrets.accessToken }}`, `{{ response.paging.next.after }}`,
 * `{{ not response.has_more }}`, `{{ headers.link.next.url }}`, `{{ config['api_key'] }}`.
 *
 * A manifest may one day be pasted by a company admin, so this is deliberately not Jinja: an
 * expression is a path into the values the engine hands over (never the process, never another
 * source), a quoted string or an integer, joined by `or` and prefixed by `not`. There are no
 * calls, no operators that compute, and a substituted value is never read again as a template,
 * so a setting holding `{{ secrets.x }}` comes out as that text and nothing can loop.
 */

export const TEMPLATE_MAX_LENGTH = 2_000;
export const TEMPLATE_MAX_EXPRESSIONS = 20;
export const TEMPLATE_MAX_PATH_DEPTH = 12;
/** The longest text a template may produce (a URL, a header, a body value). */
export const TEMPLATE_MAX_OUTPUT = 8_192;

/** The names a template may start a path with. Which of them a given place offers is the manifest schema's business. */
export const TEMPLATE_ROOTS = ['settings', 'secrets', 'config', 'cursor', 'next_page_token', 'response', 'headers', 'last_record', 'record', 'stream_partition', 'stream_interval'] as const;
export type TemplateRoot = (typeof TEMPLATE_ROOTS)[number];

/** Names that reach an object's machinery rather than its data: refused in any path. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

export class TemplateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemplateError';
  }
}

type Expression =
  | { kind: 'path'; root: TemplateRoot; keys: Array<string | number> }
  | { kind: 'literal'; value: string | number }
  | { kind: 'not'; operand: Expression }
  | { kind: 'or'; options: Expression[] };

/** A parsed template: literal text and expressions, in order. */
export interface CompiledTemplate {
  source: string;
  parts: Array<string | Expression>;
  roots: ReadonlySet<TemplateRoot>;
}

const TOKEN = /\s*(?:(\d{1,15})|'([^'\\]{0,2000})'|"([^"\\]{0,2000})"|([A-Za-z_][A-Za-z0-9_]{0,63})|(\.|\[|\]))/y;

/** Splits one `{{ … }}` body into tokens (linear: a sticky regex without backtracking alternatives). */
function tokenize(text: string): Array<{ type: 'number' | 'string' | 'name' | 'punct'; value: string }> {
  const tokens: Array<{ type: 'number' | 'string' | 'name' | 'punct'; value: string }> = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    if (/^\s*$/.test(text.slice(TOKEN.lastIndex))) break;
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(text);
    if (!match) throw new TemplateError(`unexpected "${text.slice(at).trim().slice(0, 20)}" in "{{${text}}}"`);
    if (match[1] !== undefined) tokens.push({ type: 'number', value: match[1] });
    else if (match[2] !== undefined || match[3] !== undefined) tokens.push({ type: 'string', value: match[2] ?? match[3]! });
    else if (match[4] !== undefined) tokens.push({ type: 'name', value: match[4] });
    else tokens.push({ type: 'punct', value: match[5]! });
  }
  return tokens;
}

function parseExpression(body: string): Expression {
  const tokens = tokenize(body);
  let index = 0;
  const peek = () => tokens[index];
  const fail = (why: string): never => {
    throw new TemplateError(`${why} in "{{${body}}}"`);
  };

  const primary = (): Expression => {
    const token = tokens[index++];
    if (!token) return fail('an expression is missing');
    if (token.type === 'number') return { kind: 'literal', value: Number(token.value) };
    if (token.type === 'string') return { kind: 'literal', value: token.value };
    if (token.type !== 'name') return fail(`unexpected "${token.value}"`);
    if (!(TEMPLATE_ROOTS as readonly string[]).includes(token.value)) {
      return fail(`"${token.value}" is not a value a template can read (${TEMPLATE_ROOTS.join(', ')})`);
    }
    const keys: Array<string | number> = [];
    for (;;) {
      const next = peek();
      if (next?.type === 'punct' && next.value === '.') {
        index += 1;
        const key = tokens[index++];
        if (key?.type !== 'name' && key?.type !== 'number') return fail('a name must follow "."');
        keys.push(key.type === 'number' ? Number(key.value) : key.value);
      } else if (next?.type === 'punct' && next.value === '[') {
        index += 1;
        const key = tokens[index++];
        if (key?.type !== 'string' && key?.type !== 'number') return fail('[ must hold a quoted name or an index');
        if (tokens[index++]?.value !== ']') return fail('a "]" is missing');
        keys.push(key.type === 'number' ? Number(key.value) : key.value);
      } else break;
      const last = keys[keys.length - 1];
      if (typeof last === 'string' && FORBIDDEN_KEYS.has(last)) return fail(`"${last}" cannot be read`);
      if (keys.length > TEMPLATE_MAX_PATH_DEPTH) return fail(`a path may have at most ${TEMPLATE_MAX_PATH_DEPTH} steps`);
    }
    return { kind: 'path', root: token.value as TemplateRoot, keys };
  };
  const unary = (): Expression => {
    const token = peek();
    if (token?.type === 'name' && token.value === 'not') {
      index += 1;
      return { kind: 'not', operand: unary() };
    }
    return primary();
  };
  const options = [unary()];
  while (peek()?.type === 'name' && peek()!.value === 'or') {
    index += 1;
    options.push(unary());
  }
  if (index < tokens.length) fail(`unexpected "${tokens[index]!.value}"`);
  return options.length === 1 ? options[0]! : { kind: 'or', options };
}

function rootsOf(expression: Expression, into: Set<TemplateRoot>): void {
  if (expression.kind === 'path') into.add(expression.root);
  else if (expression.kind === 'not') rootsOf(expression.operand, into);
  else if (expression.kind === 'or') for (const option of expression.options) rootsOf(option, into);
}

/** What a template reads: each path's root and first step (`config.api_key` → config, api_key; `{{ cursor }}` → cursor, undefined). */
export function templateReads(template: CompiledTemplate): Array<{ root: TemplateRoot; key: string | number | undefined }> {
  const reads: Array<{ root: TemplateRoot; key: string | number | undefined }> = [];
  const walk = (expression: Expression) => {
    if (expression.kind === 'path') reads.push({ root: expression.root, key: expression.keys[0] });
    else if (expression.kind === 'not') walk(expression.operand);
    else if (expression.kind === 'or') expression.options.forEach(walk);
  };
  for (const part of template.parts) if (typeof part !== 'string') walk(part);
  return reads;
}

/** Parses a template once; throws a TemplateError saying what is wrong. */
export function compileTemplate(source: string): CompiledTemplate {
  if (source.length > TEMPLATE_MAX_LENGTH) throw new TemplateError(`a template may be at most ${TEMPLATE_MAX_LENGTH} characters long`);
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
    rootsOf(expression, roots);
    parts.push(expression);
    rest = rest.slice(close + 2);
  }
  return { source, parts, roots };
}

/** What a template may read, by root. A root left out reads as nothing. */
export type TemplateScope = Partial<Record<TemplateRoot, unknown>>;

const isPlainContainer = (value: unknown): value is Record<string, unknown> | unknown[] => typeof value === 'object' && value !== null;

function readPath(scope: TemplateScope, root: TemplateRoot, keys: ReadonlyArray<string | number>): unknown {
  let current: unknown = Object.hasOwn(scope, root) ? scope[root] : undefined;
  for (const key of keys) {
    if (!isPlainContainer(current)) return undefined;
    // Own properties only: a template never reaches a prototype's members.
    if (Array.isArray(current)) current = typeof key === 'number' ? current[key] : undefined;
    else current = Object.hasOwn(current, String(key)) ? (current as Record<string, unknown>)[String(key)] : undefined;
  }
  return current;
}

/** Jinja's truthiness, which Airbyte's conditions rely on: empty text, 0, false, null and empty lists are false. */
export function truthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object' && value !== null) return Object.keys(value).length > 0;
  return value !== undefined && value !== null && value !== false && value !== 0 && value !== '';
}

function evaluate(expression: Expression, scope: TemplateScope): unknown {
  switch (expression.kind) {
    case 'literal':
      return expression.value;
    case 'path':
      return readPath(scope, expression.root, expression.keys);
    case 'not':
      return !truthy(evaluate(expression.operand, scope));
    case 'or': {
      let value: unknown;
      for (const option of expression.options) {
        value = evaluate(option, scope);
        if (truthy(value)) return value;
      }
      return value;
    }
  }
}

function asText(value: unknown, template: CompiledTemplate): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new TemplateError(`"${template.source.slice(0, 100)}" reads a list or an object where text is expected`);
}

/**
 * The template's value: a template that is one `{{ expression }}` and nothing else gives the
 * value itself (a number, a boolean, an object for a JSON body); anything else gives text.
 */
export function renderValue(template: CompiledTemplate, scope: TemplateScope): unknown {
  if (template.parts.length === 1 && typeof template.parts[0] !== 'string') return evaluate(template.parts[0]!, scope);
  return renderText(template, scope);
}

/** The template as text (missing values are empty), at most TEMPLATE_MAX_OUTPUT characters. */
export function renderText(template: CompiledTemplate, scope: TemplateScope, encode: (text: string) => string = (text) => text): string {
  let output = '';
  for (const part of template.parts) {
    // An address typed with a trailing slash ("https://acme.my.salesforce.com/") before a path
    // the template adds ("{{ settings.instanceUrl }}/services/...") makes one slash, not two.
    if (typeof part === 'string' && part.startsWith('/') && output.endsWith('/')) output = output.replace(/\/+$/, '');
    output += typeof part === 'string' ? part : encode(asText(evaluate(part, scope), template));
    if (output.length > TEMPLATE_MAX_OUTPUT) throw new TemplateError(`"${template.source.slice(0, 100)}" gives more than ${TEMPLATE_MAX_OUTPUT} characters`);
  }
  return output;
}

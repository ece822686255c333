import { describe, expect, it, vi } from 'vitest';
import { compileTemplate, renderText, renderValue, TEMPLATE_MAX_OUTPUT, TemplateError } from './template';

const text = (source: string, scope: Record<string, unknown>) => renderText(compileTemplate(source), scope);
const value = (source: string, scope: Record<string, unknown>) => renderValue(compileTemplate(source), scope);

describe('manifest templates', () => {
  it('reads paths, bracketed names, indexes, fallbacks and negation', () => {
    const scope = { settings: { shop: 'acme', 'odd name': 'x' }, secrets: { apiKey: 'k' }, response: { paging: { next: { after: '42' } }, items: [{ id: 7 }], has_more: false } };
    expect(text('https://{{ settings.shop }}.example.com/{{ settings["odd name"] }}', scope)).toBe('https://acme.example.com/x');
    expect(text("{{ settings.baseUrl or 'https://api.example.com' }}", scope)).toBe('https://api.example.com');
    expect(text('{{ secrets.accessToken or secrets.apiKey }}', scope)).toBe('k');
    expect(value('{{ response.paging.next.after }}', scope)).toBe('42');
    expect(value('{{ response.items[0].id }}', scope)).toBe(7);
    expect(value('{{ not response.has_more }}', scope)).toBe(true);
    expect(value('{{ not response.paging }}', scope)).toBe(false);
    expect(text('{{ settings.missing }}', scope)).toBe('');
  });

  it('joins an address typed with a trailing slash to the path after it with one slash', () => {
    const template = '{{ settings.instanceUrl }}/services/oauth2/token';
    expect(text(template, { settings: { instanceUrl: 'https://acme.my.salesforce.com/' } })).toBe('https://acme.my.salesforce.com/services/oauth2/token');
    expect(text(template, { settings: { instanceUrl: 'https://acme.my.salesforce.com' } })).toBe('https://acme.my.salesforce.com/services/oauth2/token');
    // Only where a path follows: a value's own slashes are kept.
    expect(text('{{ settings.path }}', { settings: { path: 'a//b/' } })).toBe('a//b/');
  });

  it('never reads a substituted value again as a template, so nothing loops', () => {
    const scope = { settings: { name: '{{ secrets.apiKey }}' }, secrets: { apiKey: 'hidden' } };
    expect(text('{{ settings.name }}', scope)).toBe('{{ secrets.apiKey }}');
  });

  it('reaches only the values it is given: no process, no prototype, no other name', () => {
    expect(() => compileTemplate('{{ process.env.SECRET }}')).toThrow(/"process" is not a value a template can read/);
    expect(() => compileTemplate('{{ env.DATABASE_URL }}')).toThrow(TemplateError);
    expect(() => compileTemplate('{{ settings.__proto__ }}')).toThrow(/"__proto__" cannot be read/);
    expect(() => compileTemplate("{{ settings['constructor'] }}")).toThrow(/cannot be read/);
    // A built-in's member is refused by name; any other inherited or computed member reads as nothing.
    for (const hostile of ['{{ settings.toString }}', '{{ config.hasOwnProperty }}', "{{ ''.__class__ }}", '{{ config.__proto__ }}', '{{ settings.constructor }}', "{{ config['valueOf'] }}", '{{ response.data.__class__.__mro__ }}']) {
      expect(() => compileTemplate(hostile), hostile).toThrow(/cannot be read/);
    }
    expect(text('{{ settings.length }}', { settings: 'abc' })).toBe('');
    expect(text("{{ settings[settings.key] }}", { settings: { key: 'toString' } })).toBe('');
    expect(value('{{ settings.get(settings.key) }}', { settings: { key: 'constructor' } })).toBeNull();
    expect(() => value('{{ record.keys() }}', { record: Object.create({ inherited: 1 }) })).toThrow(/cannot be called on this value/);
  });

  it('refuses code, unclosed or nested braces, and templates past the limits', () => {
    expect(() => compileTemplate('{{ settings.a; 1 }}')).toThrow(/unexpected/);
    expect(() => compileTemplate("{{ settings.pop('a') }}")).toThrow(/not a method a template can call/);
    expect(() => compileTemplate("{{ cycler.__init__.__globals__ }}")).toThrow(/not a value a template can read/);
    expect(() => compileTemplate("{{ lipsum() }}")).toThrow(/not a function a template can call/);
    expect(() => compileTemplate('{{ settings.a | attr("x") }}')).toThrow(/not a filter a template can use/);
    expect(() => compileTemplate('{% for x in range(10) %}{% endfor %}')).toThrow(/statements/);
    expect(() => compileTemplate(`{{ ${'('.repeat(40)}1${')'.repeat(40)} }}`)).toThrow(/nest at most/);
    expect(() => compileTemplate('{{ settings.a ')).toThrow(/never closed/);
    expect(() => compileTemplate('{{ {{ settings.a }} }}')).toThrow(/inside/);
    expect(() => compileTemplate('x'.repeat(2_001))).toThrow(/at most 2000 characters/);
    expect(() => compileTemplate('{{ settings.a }}'.repeat(21))).toThrow(/at most 20 expressions/);
    expect(() => compileTemplate(`{{ settings${'.a'.repeat(13)} }}`)).toThrow(/at most 12 steps/);
    const big = { settings: { a: 'x'.repeat(TEMPLATE_MAX_OUTPUT) } };
    expect(() => text('{{ settings.a }}!', big)).toThrow(/more than 8192 characters/);
    expect(() => text('id: {{ settings.a }}', { settings: { a: { nested: true } } })).toThrow(/a list or an object/);
  });
});

describe('Jinja expressions of Airbyte manifests', () => {
  const at = Date.UTC(2026, 2, 15, 12, 30, 45);
  it('evaluates operators, conditionals, filters, tests and methods over plain data', () => {
    const scope = { config: { page_size: 50, start_date: '2026-01-02T03:04:05Z', tags: ['a', 'b'], flag: true, name: ' Ada ' }, response: { next: null, items: [1, 2, 3] }, last_page_size: 2 };
    expect(value('{{ config.page_size * 2 + 1 }}', scope)).toBe(101);
    expect(value('{{ config.page_size // 3 }}', scope)).toBe(16);
    expect(value('{{ last_page_size < config.page_size }}', scope)).toBe(true);
    expect(value("{{ 'yes' if config.flag else 'no' }}", scope)).toBe('yes');
    expect(value('{{ response.next is none }}', scope)).toBe(true);
    expect(value('{{ response.missing is not defined }}', scope)).toBe(true);
    expect(value("{{ 'a' in config.tags and 'z' not in config.tags }}", scope)).toBe(true);
    expect(value("{{ config.tags | join(',') }}", scope)).toBe('a,b');
    expect(value('{{ response.items | length }}', scope)).toBe(3);
    expect(value('{{ config.name | trim | upper }}', scope)).toBe('ADA');
    expect(value("{{ config.missing | default('x') }}", scope)).toBe('x');
    expect(value("{{ config.get('page_size', 10) }}", scope)).toBe(50);
    expect(value("{{ config.get('absent', 10) }}", scope)).toBe(10);
    expect(value("{{ 'a-b'.split('-') }}", scope)).toEqual(['a', 'b']);
    expect(value("{{ {'limit': config.page_size, 'tags': config.tags} }}", scope)).toEqual({ limit: 50, tags: ['a', 'b'] });
    expect(value("{{ 'x' ~ config.page_size }}", scope)).toBe('x50');
    expect(value("{{ 'abc' | base64encode }}", scope)).toBe('YWJj');
  });

  it("implements Airbyte's date macros in UTC", () => {
    vi.useFakeTimers({ now: at, toFake: ['Date'] });
    try {
      expect(text("{{ format_datetime(config.start_date, '%Y-%m-%d') }}", { config: { start_date: '2026-01-02T03:04:05Z' } })).toBe('2026-01-02');
      expect(text("{{ format_datetime('1767322800', '%Y-%m-%dT%H:%M:%SZ', '%s') }}", {})).toBe('2026-01-02T03:00:00Z');
      expect(text("{{ now_utc().strftime('%Y-%m-%dT%H:%M:%SZ') }}", {})).toBe('2026-03-15T12:30:45Z');
      expect(text("{{ (now_utc() - duration('P1D')).strftime('%Y-%m-%d') }}", {})).toBe('2026-03-14');
      expect(text('{{ today_utc() }}', {})).toBe('2026-03-15');
      expect(text("{{ day_delta(-1, '%Y-%m-%d') }}", {})).toBe('2026-03-14');
      expect(value("{{ timestamp('2026-01-01T00:00:00Z') }}", {})).toBe(1767225600);
      expect(value("{{ max(1, 5, 3) }}", {})).toBe(5);
      expect(value("{{ min(config.a, 2) }}", { config: { a: 7 } })).toBe(2);
      expect(text("{{ str_to_datetime('2026-01-02').isoformat() }}", {})).toBe('2026-01-02T00:00:00+00:00');
    } finally {
      vi.useRealTimers();
    }
  });

  it('bounds what an expression can build, and never fails with a host error', () => {
    expect(() => text("{{ 'x' * 100000000 }}", {})).toThrow(TemplateError);
    expect(() => text('{{ settings.a ~ settings.a ~ settings.a }}', { settings: { a: 'y'.repeat(5_000) } })).toThrow(/grows past/);
    expect(() => value('{{ 1 / 0 }}', {})).toThrow(/division by zero/);
    expect(() => value("{{ duration('soon') }}", {})).toThrow(TemplateError);
  });
});

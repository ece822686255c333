import { describe, expect, it } from 'vitest';
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
    // Own properties only: an inherited member reads as nothing.
    expect(text('{{ settings.toString }}', { settings: {} })).toBe('');
    expect(text('{{ settings.length }}', { settings: 'abc' })).toBe('');
  });

  it('refuses code, unclosed or nested braces, and templates past the limits', () => {
    expect(() => compileTemplate('{{ settings.a + 1 }}')).toThrow(/unexpected/);
    expect(() => compileTemplate("{{ settings.get('a') }}")).toThrow(/unexpected/);
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

import { afterEach, describe, expect, it } from 'vitest';
import { cleanIdentifiers, identifierValue } from './identifiers';

/** The tags a test added, removed after it: the rest of the document (other files' styles) stays. */
const added: Element[] = [];

function script(attributes: Record<string, string> = {}) {
  const element = document.createElement('script');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  added.push(element);
  return element;
}

function meta(name: string, content: string) {
  const element = document.createElement('meta');
  element.setAttribute('name', name);
  element.setAttribute('content', content);
  document.head.append(element);
  added.push(element);
}

afterEach(() => {
  added.splice(0).forEach((element) => element.remove());
  delete window.navoutUser;
  delete window.navoutIdentifiers;
});

describe('identifier values', () => {
  it('reads identify(), then navoutUser, navoutIdentifiers, the script and meta tags, in that order', () => {
    const element = script({ 'data-user_email': 'script@example.com' });
    meta('navout:user_email', 'meta@example.com');
    const sources = (given: Record<string, string>) => ({ window, given, script: element });
    expect(identifierValue(sources({}), 'user_email')).toBe('script@example.com');
    window.navoutIdentifiers = { user_email: 'identifiers@example.com' };
    expect(identifierValue(sources({}), 'user_email')).toBe('identifiers@example.com');
    window.navoutUser = { user_email: 'user@example.com' };
    expect(identifierValue(sources({}), 'user_email')).toBe('user@example.com');
    expect(identifierValue(sources({ user_email: 'given@example.com' }), 'user_email')).toBe('given@example.com');
  });

  it('falls back to a meta tag, and trims values', () => {
    meta('navout:user_id', '  u-42 ');
    expect(identifierValue({ window, given: {}, script: null }, 'user_id')).toBe('u-42');
  });

  it('treats empty values as missing and reads numbers as text', () => {
    window.navoutUser = { user_email: '   ', member_no: 1207 };
    meta('navout:user_email', 'meta@example.com');
    expect(identifierValue({ window, given: {}, script: null }, 'user_email')).toBe('meta@example.com');
    expect(identifierValue({ window, given: {}, script: null }, 'member_no')).toBe('1207');
    expect(identifierValue({ window, given: {}, script: null }, 'unknown')).toBeUndefined();
  });

  it('keeps only text and numbers from identify()', () => {
    expect(cleanIdentifiers({ user_email: 'ana@example.com', user_id: 42, nested: { a: 1 }, nothing: null })).toEqual({ user_email: 'ana@example.com', user_id: '42' });
    expect(cleanIdentifiers('ana@example.com')).toEqual({});
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomId, readJson, writeJson } from './storage';

afterEach(() => vi.restoreAllMocks());

describe('the visitor storage', () => {
  it('reads back what it wrote, and the fallback for missing, broken or mistyped values', () => {
    writeJson(window, 'localStorage', 'navout:seen', { 'survey-1': 5 });
    expect(readJson(window, 'localStorage', 'navout:seen', {})).toEqual({ 'survey-1': 5 });
    localStorage.setItem('navout:vid', '{not json');
    expect(readJson(window, 'localStorage', 'navout:vid', '')).toBe('');
    localStorage.setItem('navout:vid', '42');
    expect(readJson(window, 'localStorage', 'navout:vid', '')).toBe('');
    expect(readJson(window, 'sessionStorage', 'navout:missing', 7)).toBe(7);
  });

  it('works on without storage: refused writes and reads are ignored', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('SecurityError');
    });
    expect(() => writeJson(window, 'localStorage', 'navout:vid', 'v')).not.toThrow();
    expect(readJson(window, 'localStorage', 'navout:vid', 'fallback')).toBe('fallback');
  });

  it('makes random visitor ids, with or without crypto.randomUUID (plain http pages lack it)', () => {
    expect(randomId(window)).not.toBe(randomId(window));
    const withoutUuid = { crypto: { getRandomValues: (bytes: Uint8Array) => bytes.fill(171) } } as unknown as Window;
    expect(randomId(withoutUuid)).toBe('ab'.repeat(16));
  });
});

import { describe, expect, it } from 'vitest';
import { originFrom } from './origin';

describe('originFrom', () => {
  it('returns the page the visitor was turned away from, with its query and hash', () => {
    expect(originFrom({ from: { pathname: '/data-types', search: '?type=static', hash: '#top' } })).toBe(
      '/data-types?type=static#top',
    );
  });

  it('falls back to the overview without a remembered page', () => {
    expect(originFrom(null)).toBe('/');
    expect(originFrom({})).toBe('/');
    expect(originFrom({ from: { pathname: 42 } })).toBe('/');
  });

  it('never leaves the application nor returns to a sign-in page', () => {
    expect(originFrom({ from: { pathname: '//evil.example/x' } })).toBe('/');
    expect(originFrom({ from: { pathname: 'https://evil.example' } })).toBe('/');
    expect(originFrom({ from: { pathname: '/login' } })).toBe('/');
  });
});

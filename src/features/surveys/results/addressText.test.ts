import { describe, expect, it } from 'vitest';
import { addressText, UNKNOWN_ADDRESS } from './addressText';

describe('a respondent address on the results screen', () => {
  it('shows an IPv4 client as IPv4, whatever spelling was stored', () => {
    expect(addressText('203.0.113.0')).toBe('203.0.113.0');
    expect(addressText('::ffff:203.0.113.0')).toBe('203.0.113.0');
    expect(addressText('::FFFF:cb00:7100')).toBe('203.0.113.0');
  });

  it('never shows "::", and leaves IPv6 prefixes and hashes as stored', () => {
    expect(addressText('::')).toBe(UNKNOWN_ADDRESS);
    expect(addressText('2001:db8:85a3::')).toBe('2001:db8:85a3::');
    expect(addressText('::1')).toBe('::1');
    expect(addressText('9f86d081884c7d659a2feaa0c55ad015')).toBe('9f86d081884c7d659a2feaa0c55ad015');
    expect(addressText(null)).toBeNull();
    expect(addressText('')).toBeNull();
  });
});

/**
 * A respondent's address as InsightIQ shows it: as the server stored it (truncated, hashed, whole,
 * or not at all, per the company's Response Collection setting), an IPv4 client always as IPv4.
 * Responses stored before the server wrote every IPv4 client as IPv4 may hold an IPv4-mapped
 * spelling (::ffff:203.0.113.0), shown as the IPv4 address, or "::", a loopback proxy's address
 * cut to nothing, which names no one and is shown as unknown.
 */
export const UNKNOWN_ADDRESS = 'Unknown';

export function addressText(stored: string | null | undefined): string | null {
  if (stored === null || stored === undefined || stored === '') return null;
  const dotted = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(stored);
  if (dotted) return dotted[1]!;
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(stored);
  if (hex) {
    const high = parseInt(hex[1]!, 16);
    const low = parseInt(hex[2]!, 16);
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return stored === '::' ? UNKNOWN_ADDRESS : stored;
}

/**
 * Headers a customer types as JSON ({"Accept": "application/json"}): read the same way where the
 * REST source's settings become a definition and where the engine sends them.
 */

/** A header name as HTTP allows it (RFC 9110's token): anything else would fail in the request itself. */
export const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;

export const HEADERS_NOT_JSON = 'Headers must be a JSON object such as {"Accept": "application/json"}';
export const HEADERS_NOT_TEXT = 'Headers must be a JSON object of header names and text values';

export class HeadersError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HeadersError';
  }
}

/** The header names and values of a JSON object's text; empty text is no headers. Throws a HeadersError saying what is wrong. */
export function readHeaderObject(text: string): Record<string, string> {
  if (!text.trim()) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new HeadersError(HEADERS_NOT_JSON);
  }
  const entries = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? Object.entries(parsed) : null;
  if (!entries?.every(([name, value]) => HEADER_NAME.test(name) && typeof value === 'string')) throw new HeadersError(HEADERS_NOT_TEXT);
  return Object.fromEntries(entries) as Record<string, string>;
}

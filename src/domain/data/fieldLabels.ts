/**
 * How a source's field is named on screen: "customer_id" is "Customer ID", "signupDate" is
 * "Signup date", "utm_source" is "UTM source". The field's own name (and its internal name) stay
 * what the data and the API use; the label is for reading.
 */

/** Words written in capitals. */
const ACRONYMS = new Set(['id', 'ids', 'url', 'uri', 'utm', 'ip', 'sku', 'api', 'ltv', 'clv', 'uuid', 'guid', 'csv', 'sms', 'vat', 'iso', 'utc', 'crm', 'gclid', 'fbclid', 'kpi', 'roi', 'nps', 'ga', 'os']);

/** Words with a spelling of their own. */
const SPELLED: Record<string, string> = { email: 'e-mail', emails: 'e-mails' };

const wordsOf = (name: string) =>
  name
    // "e-mail" and "e_mail" are one word.
    .replace(/\be[-_ ]mail/gi, 'email')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** A field's label: words split at separators and capitals, in sentence case, acronyms in capitals. */
export function fieldLabel(name: string): string {
  const trimmed = name.trim();
  // Already written for people ("Signup Date (UTC)"): kept, only its first letter raised.
  if (/\s/.test(trimmed) && !/[_]/.test(trimmed)) return trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  // A word in capitals inside a name that is not all capitals is an acronym too (HTTPStatus).
  const shouting = trimmed === trimmed.toUpperCase();
  const words = wordsOf(trimmed).map((word) => {
    const lower = word.toLowerCase();
    if (ACRONYMS.has(lower)) return lower === 'ids' ? 'IDs' : lower.toUpperCase();
    if (!shouting && word.length > 1 && word === word.toUpperCase() && /\p{L}/u.test(word)) return word;
    return SPELLED[lower] ?? lower;
  });
  if (words.length === 0) return trimmed;
  const [first, ...rest] = words;
  return [first!.charAt(0).toUpperCase() + first!.slice(1), ...rest].join(' ');
}

/**
 * Where the widget finds a visitor's identifier values (an e-mail, a user id, a custom field), by
 * field name, first found wins:
 *  1. navout.identify({ field: value }) — kept in memory and in localStorage
 *  2. window.navoutUser = { field: value }
 *  3. window.navoutIdentifiers = { field: value }
 *  4. the widget script's own attributes: data-<field>="value"
 *  5. <meta name="navout:<field>" content="value">
 * Values are trimmed; empty ones count as missing.
 */

export interface IdentifierSources {
  window: Window;
  /** Values from navout.identify(). */
  given: Record<string, string>;
  script: HTMLScriptElement | null;
}

function fromObject(source: unknown, field: string): string | undefined {
  if (!source || typeof source !== 'object') return undefined;
  const value: unknown = (source as Record<string, unknown>)[field];
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

export function identifierValue(sources: IdentifierSources, field: string): string | undefined {
  const { window: win, given, script } = sources;
  const fromObjects =
    fromObject(given, field) ?? fromObject(win.navoutUser, field) ?? fromObject(win.navoutIdentifiers, field);
  if (fromObjects) return fromObjects;
  const attribute = script?.getAttribute(`data-${field}`)?.trim();
  if (attribute) return attribute;
  // Compared by name rather than with a selector, so no field name needs escaping.
  for (const meta of Array.from(win.document.getElementsByTagName('meta'))) {
    if (meta.getAttribute('name') === `navout:${field}`) {
      const content = meta.getAttribute('content')?.trim();
      if (content) return content;
    }
  }
  return undefined;
}

/** Only text values are kept from navout.identify(); anything else is dropped. */
export function cleanIdentifiers(values: unknown): Record<string, string> {
  const clean: Record<string, string> = {};
  if (!values || typeof values !== 'object') return clean;
  for (const [field, value] of Object.entries(values as Record<string, unknown>)) {
    if (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))) clean[field] = String(value);
  }
  return clean;
}

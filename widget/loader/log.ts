/**
 * The loader's only voice: console.debug, hidden by default in every browser's console. The
 * widget runs on a stranger's website, whose console (and error monitoring) must stay clean.
 */
export function debug(...details: unknown[]): void {
  try {
    // eslint-disable-next-line no-console -- debug level on purpose: never a warning on a host page
    console.debug('[navout]', ...details);
  } catch {
    // A page that replaced console with something broken still gets a working widget.
  }
}

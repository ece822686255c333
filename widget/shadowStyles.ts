/**
 * Puts a stylesheet into a shadow root in the way a strict Content-Security-Policy allows: a
 * constructed stylesheet (adoptedStyleSheets), which `style-src` does not govern, or — in a
 * browser without them — a <style> carrying the page's nonce. Shared by the loader (its overlay,
 * button and inline frame) and the renderer (the survey's own styles); tiny on purpose.
 */

const constructed = new Map<string, CSSStyleSheet>();

/** Attribute naming a fallback <style>, so one is put into a root once per stylesheet. */
export const STYLE_MARK = 'data-nv-styles';

function canAdopt(root: ShadowRoot): boolean {
  return 'adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype;
}

/**
 * Adds `css` to `root` once. `name` tells stylesheets apart (the fallback <style> is found by it);
 * `nonce` is the host page's, copied from the widget's own <script>.
 */
export function adoptStyles(root: ShadowRoot, name: string, css: string, nonce?: string): void {
  if (canAdopt(root)) {
    let sheet = constructed.get(name);
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      constructed.set(name, sheet);
    }
    if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    return;
  }
  if (root.querySelector(`style[${STYLE_MARK}="${name}"]`)) return;
  const style = root.ownerDocument.createElement('style');
  style.setAttribute(STYLE_MARK, name);
  if (nonce) style.nonce = nonce;
  style.textContent = css;
  root.prepend(style);
}

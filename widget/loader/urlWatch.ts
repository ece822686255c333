/**
 * Single-page apps change the address without a page load: the widget follows pushState,
 * replaceState (wrapped, the originals kept and called first), popstate and hashchange.
 */

/** Calls `onChange(url)` after each change of location.href; returns the function that stops it. */
export function watchUrl(win: Window, onChange: (url: string) => void): () => void {
  const { history } = win;
  let last = win.location.href;
  let active = true;
  const check = () => {
    if (!active || win.location.href === last) return;
    last = win.location.href;
    onChange(last);
  };
  const restores = (['pushState', 'replaceState'] as const).map((name) => {
    const original = history[name];
    const wrapped = function (this: History, ...args: Parameters<History['pushState']>) {
      const result = original.apply(this, args);
      // Never let the widget break the page's navigation.
      try {
        check();
      } catch {
        // Re-evaluating is best effort.
      }
      return result;
    };
    history[name] = wrapped;
    return () => {
      // Someone wrapped it after us: leave their wrapper; ours has gone quiet (active = false).
      if (history[name] === wrapped) history[name] = original;
    };
  });
  win.addEventListener('popstate', check);
  win.addEventListener('hashchange', check);
  return () => {
    active = false;
    restores.forEach((restore) => restore());
    win.removeEventListener('popstate', check);
    win.removeEventListener('hashchange', check);
  };
}

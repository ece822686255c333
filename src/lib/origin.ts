/** Where a sign-in returns to: the page the guard turned the visitor away from. */

export interface OriginState {
  from?: { pathname?: unknown; search?: unknown; hash?: unknown };
}

const SIGN_IN_PAGES = new Set(['/login', '/register', '/setup-account']);

export function originFrom(state: unknown, fallback = '/'): string {
  const from = (state as OriginState | null)?.from;
  const pathname = typeof from?.pathname === 'string' ? from.pathname : '';
  // Only paths of this application: never another origin ("//host") nor a sign-in page again.
  if (!pathname.startsWith('/') || pathname.startsWith('//') || SIGN_IN_PAGES.has(pathname)) return fallback;
  const search = typeof from?.search === 'string' ? from.search : '';
  const hash = typeof from?.hash === 'string' ? from.hash : '';
  return `${pathname}${search}${hash}`;
}

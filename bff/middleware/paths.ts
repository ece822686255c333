/** Addresses of the JSON API; everything else belongs to the built dashboard. */
export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/** FNV-1a (32 bit) of a string: the engine's only source of variety, so equal inputs give equal outputs. */
export function stableHash(text: string, seed = 0x811c9dc5): number {
  let hash = seed >>> 0;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Orders strings by code unit, independent of locale (ties by id must not depend on the server's ICU). */
export function compareIds(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}

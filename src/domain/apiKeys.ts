/** API keys: the credentials of the prediction API's callers (data document, API token). */

export const API_KEY_SCOPES = ['read', 'write', 'admin'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** The scopes a new key gets unless its creator picks others. */
export const DEFAULT_API_KEY_SCOPES: readonly ApiKeyScope[] = ['read', 'write'];

/** The header an API key travels in. */
export const API_KEY_HEADER = 'X-API-Key';

/** admin holds every scope; read and write only themselves. */
export function scopeSatisfies(held: readonly ApiKeyScope[], required: ApiKeyScope): boolean {
  return held.includes('admin') || held.includes(required);
}

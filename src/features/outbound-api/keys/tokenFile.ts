/** The file of Download JSON: everything needed to use the token later, nothing the server keeps secret. */
import type { CreatedApiKey } from '@domain/prediction/contract';

export interface TokenFileContent {
  name: string;
  token: string;
  permissions: string[];
  created: string;
}

export function tokenFileContent({ key, token }: CreatedApiKey): TokenFileContent {
  return { name: key.name, token, permissions: [...key.permissions], created: key.createdAt };
}

/** e.g. navout-api-token-storefront-recommendations.json */
export function tokenFileName(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `navout-api-token-${slug || 'key'}.json`;
}

export function tokenFileBlob(created: CreatedApiKey): Blob {
  return new Blob([JSON.stringify(tokenFileContent(created), null, 2)], { type: 'application/json' });
}

/**
 * A source's secret settings, stored as one encrypted JSON object in DataSource.credentials. Rows
 * connected before connectors existed hold the encrypted key itself: it reads as { apiKey }.
 */
import { decryptSecret, encryptSecret } from '../../../platform/secrets';

export function readSecrets(credentials: string | null, key: Buffer): Record<string, string> {
  if (!credentials) return {};
  const plain = decryptSecret(credentials, key);
  try {
    const parsed = JSON.parse(plain) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    }
  } catch {
    // Not JSON: an older row's raw key.
  }
  return { apiKey: plain };
}

/** The encrypted JSON of the secrets, or null when there are none. */
export function sealSecrets(secrets: Record<string, string>, key: Buffer): string | null {
  return Object.keys(secrets).length ? encryptSecret(JSON.stringify(secrets), key) : null;
}

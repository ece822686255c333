/**
 * Fixture passwords hashed at the production cost, but only once: hashes are kept in a file in
 * the temporary folder and reused by every test file and later runs.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashPassword, PASSWORD_HASH_PARAMETERS } from '@bff/platform/passwords';

const CACHE_FILE = join(tmpdir(), `navout-bff-test-hashes-${PASSWORD_HASH_PARAMETERS.replace(/[^a-z0-9]/gi, '_')}.json`);

let cache: Record<string, string> | null = null;

function load(): Record<string, string> {
  if (cache) return cache;
  try {
    cache = existsSync(CACHE_FILE) ? (JSON.parse(readFileSync(CACHE_FILE, 'utf8')) as Record<string, string>) : {};
  } catch {
    cache = {};
  }
  return cache;
}

export async function fixtureHash(password: string): Promise<string> {
  const hashes = load();
  const known = hashes[password];
  if (known?.startsWith(`$scrypt$${PASSWORD_HASH_PARAMETERS}$`)) return known;
  const hash = await hashPassword(password);
  hashes[password] = hash;
  writeFileSync(CACHE_FILE, JSON.stringify(hashes));
  return hash;
}

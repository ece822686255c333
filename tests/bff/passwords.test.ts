import { describe, expect, it } from 'vitest';
import { hashPassword, PASSWORD_HASH_PARAMETERS, TIMING_DECOY_HASH, verifyPassword } from '@bff/platform/passwords';

describe('password hashing', () => {
  it('uses scrypt at N=2^17, r=8, p=1 with a 16-byte salt and a 64-byte key', async () => {
    const hash = await hashPassword('Correct-Horse-1');
    const [, algorithm, parameters, salt, key] = hash.split('$');
    expect(algorithm).toBe('scrypt');
    expect(parameters).toBe('ln=17,r=8,p=1');
    expect(Buffer.from(salt, 'base64')).toHaveLength(16);
    expect(Buffer.from(key, 'base64')).toHaveLength(64);
    expect(await verifyPassword('Correct-Horse-1', hash)).toBe(true);
    expect(await verifyPassword('correct-horse-1', hash)).toBe(false);
    expect(await hashPassword('Correct-Horse-1')).not.toBe(hash);
  });

  it('refuses malformed or absurdly expensive stored hashes without throwing', async () => {
    expect(await verifyPassword('x', 'plain-text-password')).toBe(false);
    expect(await verifyPassword('x', '$scrypt$ln=30,r=8,p=1$AAAA$AAAA')).toBe(false);
    expect(await verifyPassword('x', '')).toBe(false);
  });

  it('keeps the timing decoy at the current cost', async () => {
    expect(TIMING_DECOY_HASH.startsWith(`$scrypt$${PASSWORD_HASH_PARAMETERS}$`)).toBe(true);
    expect(await verifyPassword('anything', TIMING_DECOY_HASH)).toBe(false);
  });
});

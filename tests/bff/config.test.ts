import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, describeDatabase, loadConfig, SETTINGS } from '@bff/config';

describe('configuration', () => {
  const folders: string[] = [];
  const dataDir = () => {
    const folder = mkdtempSync(join(tmpdir(), 'navout-config-'));
    folders.push(folder);
    return folder;
  };
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  it('has safe defaults', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ kind: 'sqlite', file: join(dir, 'navout.sqlite') });
    expect(config.jwt).toMatchObject({ ttlSeconds: 8 * 3600, issuer: 'navout', audience: 'navout-dashboard' });
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.logLevel).toBe('info');
    expect(config.seedDemo).toBeUndefined();
    expect(config.sso).toBeNull();
    expect(config.smtp).toBeNull();
    expect(config.loginRateLimit).toBe(5);
    expect(config.staticDir).toBe(resolve('dist'));
    expect(config.trustProxy).toBe(false);
  });

  it('generates a JWT secret once, keeps it with mode 600 and reuses it', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const file = join(dir, 'jwt-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url')).toHaveLength(48);
    expect(loadConfig({ DATA_DIR: dir }).jwt.secret).toBe(first.jwt.secret);
    expect(loadConfig({ DATA_DIR: dataDir() }).jwt.secret).not.toBe(first.jwt.secret);
  });

  it('reads every setting', () => {
    const dir = dataDir();
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: dir,
      DATABASE_URL: 'postgres://navout:secret@db.internal:5432/navout',
      JWT_SECRET: 's'.repeat(40),
      JWT_TTL: '30m',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'true',
      SSO_TENANT_ID: 'tenant-1',
      SSO_CLIENT_ID: 'client-1',
      SMTP_HOST: 'smtp.example',
      SMTP_PORT: '465',
      SMTP_USER: 'mailer',
      SMTP_PASS: 'pw',
      LOGIN_RATE_LIMIT: '7',
      STATIC_DIR: dir,
    });
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.database).toEqual({ kind: 'postgresql', url: 'postgres://navout:secret@db.internal:5432/navout' });
    expect(describeDatabase(config.database)).not.toContain('secret');
    expect(config.jwt.ttlSeconds).toBe(1800);
    expect(config.seedDemo).toBe(true);
    expect(config.sso).toEqual({
      provider: 'entra',
      displayName: 'Microsoft',
      tenantId: 'tenant-1',
      clientId: 'client-1',
      authority: 'https://login.microsoftonline.com/tenant-1',
      issuer: 'https://login.microsoftonline.com/tenant-1/v2.0',
      jwksUri: 'https://login.microsoftonline.com/tenant-1/discovery/v2.0/keys',
      scopes: ['User.Read', 'openid', 'profile', 'email'],
    });
    expect(config.smtp).toEqual({ host: 'smtp.example', port: 465, user: 'mailer', pass: 'pw', from: 'Navout <no-reply@navout.example>' });
    expect(config.loginRateLimit).toBe(7);
    expect(config.staticDir).toBe(dir);
  });

  it('reads a generic OpenID Connect provider from its issuer and client id', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir, SSO_PROVIDER: 'oidc', SSO_CLIENT_ID: 'navout' }).sso).toBeNull();
    expect(loadConfig({ DATA_DIR: dir, SSO_PROVIDER: 'oidc', SSO_ISSUER: 'https://acme.okta.example/oauth2/default', SSO_CLIENT_ID: 'navout', SSO_SCOPES: 'profile email groups' }).sso).toEqual({
      provider: 'oidc',
      displayName: 'acme.okta.example',
      tenantId: null,
      clientId: 'navout',
      authority: 'https://acme.okta.example/oauth2/default',
      issuer: 'https://acme.okta.example/oauth2/default',
      jwksUri: null,
      scopes: ['openid', 'profile', 'email', 'groups'],
    });
  });

  it('accepts SQLite file addresses', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: `sqlite:${dir}/a.sqlite` }).database).toEqual({ kind: 'sqlite', file: `${dir}/a.sqlite` });
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: `${dir}/b.db` }).database).toEqual({ kind: 'sqlite', file: `${dir}/b.db` });
  });

  it('refuses unsafe or malformed values with a clear message', () => {
    const dir = dataDir();
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ JWT_SECRET: 'short' }, /JWT_SECRET must be at least 32 characters/],
      [{ PORT: 'eighty' }, /PORT must be a whole number/],
      [{ JWT_TTL: 'forever' }, /JWT_TTL must be a duration/],
      [{ SEED_DEMO: 'maybe' }, /SEED_DEMO must be true or false/],
      [{ DATABASE_URL: 'mysql://db/navout' }, /DATABASE_URL must be/],
      [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
      [{ LOGIN_RATE_LIMIT: '0' }, /LOGIN_RATE_LIMIT/],
      [{ SSO_PROVIDER: 'saml' }, /SSO_PROVIDER must be entra or oidc/],
      [{ SSO_PROVIDER: 'oidc', SSO_ISSUER: 'http://idp.example', SSO_CLIENT_ID: 'c' }, /SSO_ISSUER must be an https:\/\/ URL/],
    ];
    for (const [env, message] of cases) {
      expect(() => loadConfig({ DATA_DIR: dir, ...env })).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: dir, ...env })).toThrow(message);
    }
  });

  it('documents every setting it reads', async () => {
    const source = await readFile(resolve('bff/config.ts'), 'utf8');
    const read = new Set([...source.matchAll(/\(env, '([A-Z_]+)'/g)].map((match) => match[1]));
    expect(read.size).toBeGreaterThan(15);
    expect(new Set(SETTINGS.map((setting) => setting.name))).toEqual(read);
    for (const setting of SETTINGS) expect(setting.description.length).toBeGreaterThan(10);
  });
});

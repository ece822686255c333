/**
 * A local stand-in for an identity provider: an RS256 key pair whose public key is served as a
 * JWKS on 127.0.0.1, Microsoft Entra's way (a known keys address) and any OpenID Connect
 * provider's (a discovery document naming the keys), and a helper that issues ID tokens with any
 * claims.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';

export const TEST_TENANT_ID = '11111111-2222-3333-4444-555555555555';
export const TEST_CLIENT_ID = 'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee';
export const TEST_ISSUER = `https://login.microsoftonline.com/${TEST_TENANT_ID}/v2.0`;

export interface SignOptions {
  issuer?: string;
  audience?: string;
  expiresIn?: string | number;
  keyId?: string;
  privateKey?: CryptoKey;
}

export class TestIdentityProvider {
  /** How many times the discovery document was read. */
  discoveryReads = 0;
  /** What the discovery document says, when a test changes it. */
  discoveryOverrides: Record<string, unknown> = {};

  private constructor(
    private readonly server: Server,
    private readonly privateKey: CryptoKey,
    readonly keyId: string,
  ) {}

  static async start(): Promise<TestIdentityProvider> {
    const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
    const keyId = 'test-key-1';
    const jwk = { ...(await exportJWK(publicKey)), kid: keyId, alg: 'RS256', use: 'sig' };
    let provider: TestIdentityProvider | null = null;
    const server = createServer((request, response) => {
      if (request.url === '/discovery/v2.0/keys') {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify({ keys: [jwk] }));
        return;
      }
      if (request.url === '/.well-known/openid-configuration' && provider) {
        provider.discoveryReads += 1;
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end(
          JSON.stringify({
            issuer: provider.origin,
            jwks_uri: provider.jwksUri,
            id_token_signing_alg_values_supported: ['RS256'],
            ...provider.discoveryOverrides,
          }),
        );
        return;
      }
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    provider = new TestIdentityProvider(server, privateKey, keyId);
    return provider;
  }

  get origin(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  get jwksUri(): string {
    return `${this.origin}/discovery/v2.0/keys`;
  }

  /** Settings that point the BFF at this provider as Microsoft Entra. */
  get env(): Record<string, string> {
    return {
      SSO_TENANT_ID: TEST_TENANT_ID,
      SSO_CLIENT_ID: TEST_CLIENT_ID,
      SSO_ISSUER: TEST_ISSUER,
      SSO_JWKS_URI: this.jwksUri,
    };
  }

  /** Settings that point the BFF at this provider as a generic OpenID Connect provider, by discovery alone. */
  get oidcEnv(): Record<string, string> {
    return { SSO_PROVIDER: 'oidc', SSO_ISSUER: this.origin, SSO_CLIENT_ID: TEST_CLIENT_ID, SSO_PROVIDER_NAME: 'Test IdP' };
  }

  /** An ID token as Entra issues it: the tenant, and a subject of its own unless one is given. */
  async idToken(claims: JWTPayload & Record<string, unknown>, options: SignOptions = {}): Promise<string> {
    return this.sign({ tid: TEST_TENANT_ID, sub: randomUUID(), ...claims }, { issuer: TEST_ISSUER, ...options });
  }

  /** An ID token as a generic OpenID Connect provider (this one's origin as issuer) issues it. */
  async oidcToken(claims: JWTPayload & Record<string, unknown>, options: SignOptions = {}): Promise<string> {
    return this.sign(claims, { issuer: this.origin, ...options });
  }

  private async sign(claims: JWTPayload & Record<string, unknown>, options: SignOptions): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: options.keyId ?? this.keyId, typ: 'JWT' })
      .setIssuer(options.issuer!)
      .setAudience(options.audience ?? TEST_CLIENT_ID)
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? '10m')
      .sign(options.privateKey ?? this.privateKey);
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * A local stand-in for Microsoft Entra: an RS256 key pair whose public key is served as a JWKS
 * on 127.0.0.1, and a helper that issues ID tokens with any claims.
 */
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
  private constructor(
    private readonly server: Server,
    private readonly privateKey: CryptoKey,
    readonly keyId: string,
  ) {}

  static async start(): Promise<TestIdentityProvider> {
    const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
    const keyId = 'test-key-1';
    const jwk = { ...(await exportJWK(publicKey)), kid: keyId, alg: 'RS256', use: 'sig' };
    const server = createServer((request, response) => {
      if (request.url === '/discovery/v2.0/keys') {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify({ keys: [jwk] }));
        return;
      }
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return new TestIdentityProvider(server, privateKey, keyId);
  }

  get jwksUri(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/discovery/v2.0/keys`;
  }

  /** Settings that point the BFF at this provider. */
  get env(): Record<string, string> {
    return {
      SSO_TENANT_ID: TEST_TENANT_ID,
      SSO_CLIENT_ID: TEST_CLIENT_ID,
      SSO_ISSUER: TEST_ISSUER,
      SSO_JWKS_URI: this.jwksUri,
    };
  }

  async idToken(claims: JWTPayload & Record<string, unknown>, options: SignOptions = {}): Promise<string> {
    return new SignJWT({ tid: TEST_TENANT_ID, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: options.keyId ?? this.keyId, typ: 'JWT' })
      .setIssuer(options.issuer ?? TEST_ISSUER)
      .setAudience(options.audience ?? TEST_CLIENT_ID)
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? '10m')
      .sign(options.privateKey ?? this.privateKey);
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

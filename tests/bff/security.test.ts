import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SSO_REDIRECT_PATH } from '@domain/auth/sso';
import { StoredFile } from '@bff/entities';
import { inlineScriptHashes, securityHeaders } from '@bff/middleware/security';
import type { AppContext } from '@bff/types';
import { PNG_BYTES, useWorld } from './support/world';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inline script hashes for the content security policy', () => {
  it('hashes exactly the inline scripts of index.html, not the external ones', () => {
    const theme = "(function(){document.documentElement.setAttribute('data-theme','dark')})();";
    const html = `<html><head><script>${theme}</script><script type="module" crossorigin src="/assets/index.js"></script></head>
      <body><script>\n  window.other = 1;\n</script><script src="/x.js"></script></body></html>`;
    expect(inlineScriptHashes(html)).toEqual([sha256(theme), sha256('\n  window.other = 1;\n')]);
  });

  it('gives nothing for a page without inline scripts', () => {
    expect(inlineScriptHashes('<html><head><script src="/a.js"></script></head></html>')).toEqual([]);
  });
});

/** The policy served over HTTPS without single sign-on, as helmet has always written it. */
const HTTPS_POLICY =
  "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'none';" +
  "img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';" +
  "style-src 'self' 'unsafe-inline';upgrade-insecure-requests;connect-src 'self';frame-src 'none'";

/** The policy of every API answer: opened as a page, it loads and runs nothing, and is never framed. */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** The headers the middleware sets for a request to `path`. */
async function headersFor(middleware: ReturnType<typeof securityHeaders>, path: string): Promise<Record<string, string>> {
  const headers: Record<string, string> = {};
  const ctx = { path, res: { setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value) } };
  await middleware(ctx as unknown as AppContext, async () => {});
  return headers;
}

describe('security headers, computed once', () => {
  it('keep the content security policy: script hashes, the sign-in origin, no upgrade over plain HTTP', async () => {
    const sso = {
      tenantId: 'tenant',
      clientId: 'client',
      authority: 'https://login.microsoftonline.com/tenant',
      issuer: 'https://login.microsoftonline.com/tenant/v2.0',
      jwksUri: 'https://login.microsoftonline.com/tenant/discovery/v2.0/keys',
    };
    const middleware = securityHeaders({ publicUrl: 'http://localhost:3000', sso }, ["'sha256-abc='"]);
    const page = await headersFor(middleware, '/');
    expect(page['content-security-policy']).toBe(
      "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'none';" +
        "img-src 'self' data: blob:;object-src 'none';script-src 'self' 'sha256-abc=';script-src-attr 'none';" +
        "style-src 'self' 'unsafe-inline';connect-src 'self' https://login.microsoftonline.com;" +
        'frame-src https://login.microsoftonline.com',
    );
    expect(await headersFor(securityHeaders({ publicUrl: 'https://navout.test', sso: null }), '/')).toMatchObject({
      'content-security-policy': HTTPS_POLICY,
    });
  });

  it('set the same headers on every request: the page set, or the API set with no-store', async () => {
    const middleware = securityHeaders({ publicUrl: 'https://navout.test', sso: null });
    const first = await headersFor(middleware, '/users');
    expect(await headersFor(middleware, '/users')).toEqual(first);
    expect(first['cache-control']).toBeUndefined();
    const api = await headersFor(middleware, '/api/users');
    expect(await headersFor(middleware, '/api/users')).toEqual(api);
    expect(api).toEqual({
      'content-security-policy': API_POLICY,
      'strict-transport-security': first['strict-transport-security'],
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'cross-origin-resource-policy': 'same-origin',
      'cache-control': 'no-store',
    });
    expect(await headersFor(middleware, '/apiary')).toEqual(first);
  });
});

describe('security headers on the wire', () => {
  const world = useWorld();

  it('refuse framing in both headers and switch off unused browser features on a page', async () => {
    const response = await world().http.get('/login');
    expect(response.headers['content-security-policy']).toBe(HTTPS_POLICY);
    expect(response.headers['x-frame-options']).toBe('DENY');
    const policy = String(response.headers['permissions-policy']);
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) expect(policy).toContain(`${feature}=()`);
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('give an API answer the API set: nothing loaded, nothing framed, no page-only header', async () => {
    const response = await world().http.get('/api/health');
    expect(response.status).toBe(200);
    expect(response.headers['content-security-policy']).toBe(API_POLICY);
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const pageOnly of ['permissions-policy', 'cross-origin-opener-policy', 'x-dns-prefetch-control', 'origin-agent-cluster']) expect(response.headers[pageOnly]).toBeUndefined();
  });

  it('forbid storing API answers, errors included', async () => {
    const signedIn = await world().http.get('/api/auth/me').set(world().bearer('alice'));
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('no-store');

    const anonymous = await world().http.get('/api/users');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');

    const expired = await world().http.get('/api/auth/me').set('Authorization', 'Bearer not-a-token');
    expect(expired.status).toBe(401);
    expect(expired.headers['cache-control']).toBe('no-store');

    const forbidden = await world().http.post('/api/companies').set(world().bearer('bob')).send({});
    expect(forbidden.status).toBe(403);
    expect(forbidden.headers['cache-control']).toBe('no-store');

    const otherCompany = await world().http.get(`/api/companies/${world().companies.globex.id}`).set(world().bearer('bob'));
    expect(otherCompany.status).toBe(404);
    expect(otherCompany.headers['cache-control']).toBe('no-store');

    const missing = await world().http.get('/api/no-such-thing');
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');

    const missingFile = await world().http.get('/api/files/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(missingFile.status).toBe(404);
    expect(missingFile.headers['cache-control']).toBe('no-store');
  });

  it('let a route set its own caching: stored files never change', async () => {
    const em = world().em();
    const file = em.create(StoredFile, {
      companyId: world().companies.acme.id,
      kind: 'company_logo',
      contentType: 'image/png',
      bytes: PNG_BYTES,
      size: PNG_BYTES.length,
    });
    await em.flush();
    const response = await world().http.get(`/api/files/${file.id}`);
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serve the single sign-on return page without an opener policy but with the others', async () => {
    const response = await world().http.get(SSO_REDIRECT_PATH);
    expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(response.headers['content-security-policy']).toBe(HTTPS_POLICY);
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['permissions-policy']).toBeDefined();
  });
});

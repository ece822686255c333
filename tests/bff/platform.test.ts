import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createConnectorFetch } from '@bff/modules/connectors/http';
import { AddressRefusedError, hostRefusal, isPrivateAddress, resolveAllowedAddress } from '@bff/platform/addressGuard';
import { useWorld, World } from './support/world';

describe('platform', () => {
  const world = useWorld();

  it('reports the database as up after really querying it', async () => {
    const response = await world().http.get('/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', database: 'up' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers a malformed JSON body with 400 and the dashboard-facing message', async () => {
    const response = await world()
      .http.post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send('{"email":"alice@acme.example",');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'Malformed JSON body', message: 'The request body is not valid JSON.', code: 'malformed_body' });
  });

  it('refuses a JSON body that is not an object', async () => {
    const bareString = await world().http.post('/api/auth/login').set('Content-Type', 'application/json').send('"text"');
    expect(bareString.status).toBe(400);
    expect(bareString.body.error).toBe('Malformed JSON body');

    const list = await world().http.post('/api/auth/login').send([{ email: 'a@b.c' }]);
    expect(list.status).toBe(400);
    expect(list.body.error).toBe('Invalid request body');
  });

  it('answers a body over 1 MB with 413 JSON', async () => {
    const response = await world()
      .http.post('/api/auth/register')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) }));
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ error: 'Request body too large', message: 'The request body must be at most 1 MB.', code: 'body_too_large' });
  });

  it('answers unknown API routes and methods with JSON', async () => {
    const unknown = await world().http.get('/api/no-such-thing');
    expect(unknown.status).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/application\/json/);
    expect(unknown.body).toEqual({ error: 'Not found', message: 'No API route matches this address.', code: 'route_not_found' });

    const wrongMethod = await world().http.patch('/api/companies').set(world().bearer('admin')).send({});
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.body.error).toBe('Method not allowed');
  });

  it('routes a path to the routers under its prefix only, without regard to case, as each router matches', async () => {
    const admin = world().bearer('admin');
    // Under two prefixes (/api/data-sources and /api/data-sources/custom-connectors) and in capitals.
    expect((await world().http.get('/api/data-sources/custom-connectors').set(admin)).status).toBe(200);
    expect((await world().http.get('/API/Data-Sources/Custom-Connectors').set(admin)).status).toBe(200);
    // A path that only starts like a prefix is not under it.
    expect((await world().http.get('/api/plansx').set(admin)).status).toBe(404);
    expect((await world().http.get('/api/health').set(admin)).status).toBe(200);
    // A method no route of the path takes, under a nested prefix: 405 with what it allows.
    const wrongMethod = await world().http.patch('/api/data-sources/custom-connectors').set(admin).send({});
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.allow).toContain('GET');
  });

  it('sends security headers suitable for the built dashboard', async () => {
    const response = await world().http.get('/login');
    const policy = response.headers['content-security-policy'];
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("style-src 'self' 'unsafe-inline'");
    expect(policy).toContain("img-src 'self' data: blob:");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('serves the single sign-on return page without an opener policy, which would cut the popup off', async () => {
    const response = await world().http.get('/auth/redirect');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
  });

  it('allows cross-origin calls on the public widget prefix only', async () => {
    const origin = 'https://shop.customer.example';
    const publicCall = await world().http.get('/api/public/anything').set('Origin', origin);
    expect(publicCall.headers['access-control-allow-origin']).toBe('*');

    const preflight = await world()
      .http.options('/api/public/responses')
      .set('Origin', origin)
      .set('Access-Control-Request-Method', 'POST');
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-methods']).toContain('POST');

    const privateCall = await world().http.get('/api/health').set('Origin', origin);
    expect(privateCall.headers['access-control-allow-origin']).toBeUndefined();
    const privatePreflight = await world()
      .http.options('/api/auth/login')
      .set('Origin', origin)
      .set('Access-Control-Request-Method', 'POST');
    expect(privatePreflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('logs one JSON line per request with method, url, status and duration, without invitation tokens', async () => {
    await world().http.get('/api/auth/validate-invitation/secret-token-value');
    const line = world().logLines.find((entry) => entry.msg === 'request' && String(entry.url).includes('validate-invitation'));
    expect(line).toMatchObject({ method: 'GET', url: '/api/auth/validate-invitation/[redacted]', status: 404 });
    expect(typeof line?.ms).toBe('number');
    expect(JSON.stringify(world().logLines)).not.toContain('secret-token-value');
  });

  it('keeps serving after a run of bad requests', async () => {
    const bad = [
      world().http.post('/api/auth/login').set('Content-Type', 'application/json').send('{{{'),
      world().http.post('/api/users/invite').set('Authorization', 'Bearer nonsense').send({}),
      world().http.get('/api/companies/%E0%A4%A'),
      world().http.put('/api/users/profile/photo').set(world().bearer('bob')).set('Content-Type', 'image/png').send(Buffer.alloc(0)),
    ];
    const statuses = (await Promise.all(bad)).map((response) => response.status);
    expect(statuses.every((status) => status >= 400 && status < 500)).toBe(true);
    expect((await world().http.get('/api/health')).status).toBe(200);
  });
});

describe('platform failures', () => {
  it('answers 503 from the health check when the database is down', async () => {
    const world = await World.start();
    try {
      await world.orm.close(true);
      const response = await world.http.get('/api/health');
      expect(response.status).toBe(503);
      expect(response.body).toEqual({ status: 'error', database: 'down' });
    } finally {
      await world.stop();
    }
  });

  it('answers an unexpected failure with a 500 that leaks nothing', async () => {
    const world = await World.start();
    try {
      // Break the schema under the running app to provoke a real database error.
      await world.em().getConnection().execute('drop table stored_files');
      const response = await world.http.get('/api/files/abcdefghijklmnopqrstuvwxyz012345');
      expect(response.status).toBe(500);
      expect(response.body).toEqual({
        error: 'Internal server error',
        message: 'Something went wrong on our side. Please try again later.',
        code: 'internal_error',
      });
      expect(response.text).not.toMatch(/stored_files|at .*\.ts|stack/i);
      expect(world.logLines.some((entry) => entry.msg === 'Unhandled error')).toBe(true);
    } finally {
      await world.stop();
    }
  });

  it('serves the built dashboard with index.html for client routes', async () => {
    const staticDir = mkdtempSync(join(tmpdir(), 'navout-dist-'));
    mkdirSync(join(staticDir, 'assets'), { recursive: true });
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Navout</title>');
    writeFileSync(join(staticDir, 'assets', 'app-1234.js'), 'console.log(1)');

    const world = await World.start({ env: { STATIC_DIR: staticDir } });
    try {
      const home = await world.http.get('/');
      expect(home.status).toBe(200);
      expect(home.text).toContain('<title>Navout</title>');
      expect(home.headers['cache-control']).toBe('no-cache');

      const clientRoute = await world.http.get('/setup-account?token=abc');
      expect(clientRoute.status).toBe(200);
      expect(clientRoute.headers['content-type']).toMatch(/text\/html/);

      const asset = await world.http.get('/assets/app-1234.js');
      expect(asset.status).toBe(200);
      expect(asset.text).toBe('console.log(1)');
      expect(asset.headers['cache-control']).toContain('immutable');

      expect((await world.http.get('/assets/missing.js')).status).toBe(404);
      const api = await world.http.get('/api/unknown');
      expect(api.status).toBe(404);
      expect(api.body.error).toBe('Not found');
      expect(world.logLines.some((entry) => entry.url === '/setup-account?token=[redacted]')).toBe(true);
    } finally {
      await world.stop();
      rmSync(staticDir, { recursive: true, force: true });
    }
  });
});

describe('outbound address guard', () => {
  /**
   * Loopback, private and metadata addresses in disguise: IPv6 forms that carry an IPv4 address
   * (mapped, translated, compatible, NAT64, 6to4), and IPv4 in the short and numeric forms the
   * system resolver accepts. Each is written as a URL's host would be and as a bare address.
   */
  const DISGUISED: Array<[host: string, note: string]> = [
    ['[::127.0.0.1]', 'IPv4-compatible, dotted'],
    ['[::7f00:1]', 'IPv4-compatible, hex'],
    ['[::ffff:7f00:1]', 'IPv4-mapped, hex'],
    ['::ffff:127.0.0.1', 'IPv4-mapped, dotted'],
    ['[::ffff:a9fe:a9fe]', 'IPv4-mapped metadata address'],
    ['::ffff:0:7f00:1', 'IPv4-translated (RFC 6145)'],
    ['64:ff9b::7f00:1', 'NAT64, well-known prefix'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 to the metadata address'],
    ['64:ff9b:1::7f00:1', 'NAT64, local-use prefix'],
    ['2002:7f00:1::', '6to4'],
    ['2002:a00:1::1', '6to4 to 10.0.0.1'],
    ['[::a00:1]', 'IPv4-compatible 10.0.0.1'],
    ['0x7f.1', 'hex IPv4, two parts'],
    ['2130706433', 'IPv4 as one number'],
    ['127.1', 'IPv4, two parts'],
    ['0177.0.0.1', 'octal IPv4'],
    ['0xa9fea9fe', 'metadata address as one hex number'],
  ];
  const bare = (host: string) => host.replace(/^\[(.*)\]$/, '$1');
  const noDns = async (hostname: string): Promise<never> => {
    throw new Error(`${hostname} was looked up: an IP address must be judged as it is`);
  };

  it.each(DISGUISED)('refuses %s (%s) as private, without DNS', async (host) => {
    expect(isPrivateAddress(bare(host))).toBe(true);
    expect(hostRefusal(host, { allowPrivate: false })).toBe(`${bare(host)} is a private or local address`);
    await expect(resolveAllowedAddress(host, { allowPrivate: false, lookup: noDns })).rejects.toThrow(new AddressRefusedError(`${bare(host)} is a private or local address`));
  });

  it('lets public addresses through, also when an IPv6 form carries a public IPv4 address', async () => {
    const publicOnes = ['8.8.8.8', '0x08080808', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1'];
    expect(publicOnes.filter((address) => isPrivateAddress(address))).toEqual([]);
    expect(publicOnes.map((address) => hostRefusal(address, { allowPrivate: false }))).toEqual(publicOnes.map(() => null));
    // An IPv4 address in a short form is connected to in its dotted form.
    expect(await resolveAllowedAddress('0x08080808', { allowPrivate: false, lookup: noDns })).toEqual({ address: '8.8.8.8', family: 4 });
    expect(await resolveAllowedAddress('[2606:4700:4700::1111]', { allowPrivate: false, lookup: noDns })).toEqual({ address: '2606:4700:4700::1111', family: 6 });
    // Allowed private addresses (development) are still connected to in their dotted form.
    expect(await resolveAllowedAddress('127.1', { allowPrivate: true, lookup: noDns })).toEqual({ address: '127.0.0.1', family: 4 });
  });

  it('refuses the other special-purpose IPv6 ranges by their names', () => {
    const special = ['::', '::1', 'fe80::1', 'fe80::1%eth0', 'fc00::1', 'fd12:3456::1', 'fec0::1', 'ff02::1', '100::1', '2001:db8::1', '2001::1', '3fff::1'];
    expect(special.filter((address) => !isPrivateAddress(address))).toEqual([]);
  });

  it('stops a connector request to a disguised loopback address before it connects', async () => {
    const fetch = createConnectorFetch({ allowPrivate: false, maxRetries: 0, lookup: noDns });
    for (const host of ['[::127.0.0.1]', '[::ffff:7f00:1]', '[::ffff:0:7f00:1]', '[64:ff9b::7f00:1]', '[2002:7f00:1::]', '0x7f.1', '2130706433', '127.1']) {
      // Without the guard's refusal this would be a connection error (or a connection), not this message.
      await expect(fetch(`https://${host}/items`), host).rejects.toThrow(/^Refused: .* is a private or local address$/);
    }
  });
});

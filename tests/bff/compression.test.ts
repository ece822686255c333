import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { COMPRESSION_THRESHOLD_BYTES } from '@bff/middleware/compression';
import { StoredFile } from '@bff/entities';
import { decoded, rawGet, varyNames } from './support/rawRequest';
import { PNG_BYTES, useWorld, World } from './support/world';

describe('compression of API answers', () => {
  const world = useWorld();
  const get = (path: string, encoding: string, auth = true) =>
    rawGet(world().baseUrl, path, { 'Accept-Encoding': encoding, ...(auth ? world().bearer('admin') : {}) });

  for (const path of ['/api/users', '/api/companies']) {
    it(`compresses ${path} with brotli or gzip, as the client accepts, to the same bytes`, async () => {
      const plain = await get(path, 'identity');
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.bytes.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
      expect(() => JSON.parse(plain.bytes.toString('utf8'))).not.toThrow();

      for (const [accepted, expected] of [
        ['br', 'br'],
        ['gzip', 'gzip'],
        ['gzip, deflate, br', 'br'],
        ['gzip, br;q=0.5', 'gzip'],
      ] as const) {
        const answer = await get(path, accepted);
        expect(answer.status).toBe(200);
        expect(answer.headers['content-encoding']).toBe(expected);
        expect(answer.headers['content-type']).toMatch(/^application\/json/);
        expect(varyNames(answer)).toContain('accept-encoding');
        expect(answer.bytes.length).toBeLessThan(plain.bytes.length);
        expect(decoded(answer).equals(plain.bytes)).toBe(true);
      }
    });
  }

  it('leaves small answers uncompressed', async () => {
    const health = await get('/api/health', 'br, gzip', false);
    expect(health.status).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.bytes.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(JSON.parse(health.bytes.toString('utf8'))).toEqual({ status: 'ok', database: 'up' });
  });

  it('sends answers without Accept-Encoding uncompressed', async () => {
    const answer = await rawGet(world().baseUrl, '/api/users', world().bearer('admin'));
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(() => JSON.parse(answer.bytes.toString('utf8'))).not.toThrow();
  });

  it('does not compress stored images again, however large', async () => {
    const em = world().em();
    const bytes = Buffer.concat([PNG_BYTES, Buffer.alloc(8 * 1024)]);
    const file = em.create(StoredFile, {
      companyId: world().companies.acme.id,
      kind: 'company_logo',
      contentType: 'image/png',
      bytes,
      size: bytes.length,
    });
    await em.flush();

    const answer = await get(`/api/files/${file.id}`, 'br, gzip', false);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('image/png');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.bytes.equals(bytes)).toBe(true);
  });
});

describe('precompressed files of the built dashboard', () => {
  let staticDir: string;
  let world: World;
  const script = 'console.log("navout");\n'.repeat(400);
  const indexHtml = `<!doctype html><html><head><title>Navout</title></head><body>${'<div id="root"></div>'.repeat(80)}</body></html>`;
  const get = (path: string, encoding: string) => rawGet(world.baseUrl, path, { 'Accept-Encoding': encoding });

  beforeAll(async () => {
    staticDir = mkdtempSync(join(tmpdir(), 'navout-dist-'));
    mkdirSync(join(staticDir, 'assets'));
    writeFileSync(join(staticDir, 'index.html'), indexHtml);
    writeFileSync(join(staticDir, 'assets', 'app-1234.js'), script);
    writeFileSync(join(staticDir, 'assets', 'tiny-1234.css'), 'a{}');
    // The same step `npm run build` ends with.
    execFileSync(process.execPath, ['scripts/compress-dist.mjs', staticDir], { stdio: 'ignore' });
    world = await World.start({ env: { STATIC_DIR: staticDir }, logLevel: 'debug' });
  });

  afterAll(async () => {
    await world?.stop();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it('are written by the build step beside the files they compress, unless they would be larger', () => {
    expect(brotliOf('assets/app-1234.js').length).toBeLessThan(script.length);
    expect(existsSync(join(staticDir, 'assets', 'app-1234.js.gz'))).toBe(true);
    expect(existsSync(join(staticDir, 'index.html.br'))).toBe(true);
    expect(existsSync(join(staticDir, 'assets', 'tiny-1234.css.br'))).toBe(false);
  });

  it('serve an asset in the encoding the browser accepts, with its own type and caching', async () => {
    for (const [accepted, expected] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['gzip, deflate, br, zstd', 'br'],
      ['identity', undefined],
    ] as const) {
      const answer = await get('/assets/app-1234.js', accepted);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe(expected);
      expect(answer.headers['content-type']).toMatch(/^(application|text)\/javascript/);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(varyNames(answer)).toContain('accept-encoding');
      expect(Number(answer.headers['content-length'])).toBe(answer.bytes.length);
      expect(decoded(answer).toString('utf8')).toBe(script);
    }
    expect((await get('/assets/app-1234.js', 'br')).bytes.equals(brotliOf('assets/app-1234.js'))).toBe(true);
  });

  it('serve a file without a compressed copy as it is', async () => {
    const answer = await get('/assets/tiny-1234.css', 'br, gzip');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['content-type']).toMatch(/^text\/css/);
    expect(answer.bytes.toString('utf8')).toBe('a{}');
  });

  it('answer client routes with index.html compressed, never cached', async () => {
    for (const [accepted, expected] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      for (const path of ['/', '/setup-account?token=abc']) {
        const answer = await get(path, accepted);
        expect(answer.status).toBe(200);
        expect(answer.headers['content-encoding']).toBe(expected);
        expect(answer.headers['content-type']).toMatch(/^text\/html/);
        expect(answer.headers['cache-control']).toBe('no-cache');
        expect(varyNames(answer)).toContain('accept-encoding');
        expect(decoded(answer).equals(readFileSync(join(staticDir, 'index.html')))).toBe(true);
      }
    }
  });

  it('still answer a missing file with 404', async () => {
    expect((await get('/assets/missing.js', 'br')).status).toBe(404);
  });

  it('take a visitor who leaves mid-download as no error of the server', async () => {
    // Far more than the sockets' buffers hold, so the file is still being sent when the visitor leaves.
    writeFileSync(join(staticDir, 'assets', 'large-1234.bin'), Buffer.alloc(64 * 1024 * 1024, 7));
    await new Promise<void>((resolve, reject) => {
      const outgoing = request(new URL('/assets/large-1234.bin', world.baseUrl), { agent: false }, (incoming) => {
        incoming.once('data', () => {
          outgoing.destroy();
          resolve();
        });
      });
      outgoing.on('error', (failure: NodeJS.ErrnoException) => (failure.code === 'ECONNRESET' ? undefined : reject(failure)));
      outgoing.end();
    });
    await vi.waitFor(() =>
      expect(world.logLines).toContainEqual(
        expect.objectContaining({ level: 20, url: '/assets/large-1234.bin', msg: 'The client closed the connection before its answer was sent' }),
      ),
    );
    expect(world.logLines.filter((line) => (line.level as number) >= 50)).toEqual([]);
  });

  function brotliOf(path: string): Buffer {
    return readFileSync(join(staticDir, `${path}.br`));
  }
});

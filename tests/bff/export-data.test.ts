/**
 * Export Data against known profiles stored directly, with the server's clock fixed: the preview,
 * the streamed CSV (columns, order, ranges, quoting, formulas, file name), its paging across equal
 * timestamps, stopping when the client goes away, bad parameters, and whose data a caller gets.
 */
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/knex';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { EXPORT_FIELD_IDS, EXPORT_LABELS, type ExportPreview } from '@domain/audience/export';
import { EXPORT_REQUEST_MESSAGES } from '@domain/audience/exportRequest';
import { exportCsvStream } from '@bff/modules/export/csv';
import { createExportService } from '@bff/modules/export/service';
import { usingPostgres } from './support/database';
import { addProfiles, type ProfileFixture } from './support/exportProfiles';
import { useWorld, type Person } from './support/world';

const NOW = new Date('2026-03-10T15:00:00.000Z');
const DAY_MS = 86_400_000;
const daysAgo = (days: number, hours = 0) => new Date(NOW.getTime() - days * DAY_MS - hours * 3_600_000);
const ALL_FIELDS = EXPORT_FIELD_IDS.join(',');
const HEADER = 'user_id,email,name,age,location,created_at,last_login,subscription_status,revenue,source';

/** Worked out by hand below: Ann seen yesterday, Bo (no user id of his own) five days ago, Cy never. */
const fixture = (bo: string): ProfileFixture[] => [
  {
    id: bo, email: 'bo@example.com', name: 'Bo Park', firstSeen: new Date('2026-02-01T00:00:00Z'), lastSeen: new Date('2026-03-05T10:00:00Z'),
    subscriptionStatus: 'trialing', ltv: 0, sourceNames: ['Website events'],
  },
  {
    userId: 'cust-003', name: 'Cy', location: 'Lisbon, Portugal', firstSeen: new Date('2026-01-15T12:00:00Z'), lastSeen: null,
    subscriptionStatus: 'canceled', ltv: 19.99,
  },
  {
    userId: 'cust-001', email: 'ann@example.com', name: 'Ann Lee', age: 34, location: 'Berlin', firstSeen: new Date('2025-11-02T08:00:00.045Z'),
    lastSeen: new Date('2026-03-09T15:00:00Z'), lastLogin: new Date('2026-03-09T14:30:00Z'), subscriptionStatus: 'active', ltv: 1250.5,
    sourceNames: ['Shopify', 'Survey responses'],
  },
];

const textOf = (response: { text?: string; body: unknown }) => (typeof response.body === 'string' ? response.body : (response.text ?? ''));
const table = (text: string) => Papa.parse<string[]>(text, { skipEmptyLines: true }).data;

describe('Export Data', () => {
  const world = useWorld({ dependencies: { clock: () => NOW } });

  const preview = (query: Record<string, string>, who: Person = 'admin') => world().http.get('/api/export/preview').query(query).set(world().bearer(who));
  const csv = (query: Record<string, string>, who: Person = 'admin') =>
    world()
      .http.get('/api/export/csv')
      .query(query)
      .set(world().bearer(who))
      .buffer(true)
      .parse((response, done) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => done(null, text));
      });

  async function companyWith(profiles: readonly ProfileFixture[]) {
    const company = await world().addCompany();
    const ids = await addProfiles(world(), company.id, profiles);
    return { companyId: company.id, ids };
  }

  describe('the CSV file', () => {
    it('has the chosen columns in field order and one row per profile, newest first', async () => {
      const BO = randomUUID();
      const { companyId } = await companyWith(fixture(BO));
      const response = await csv({ companyFilter: companyId, fields: ALL_FIELDS, range: 'all' });
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['x-total-count']).toBe('3');
      expect(textOf(response)).toBe(
        [
          HEADER,
          'cust-001,ann@example.com,Ann Lee,34,Berlin,2025-11-02T08:00:00.045Z,2026-03-09T14:30:00.000Z,active,1250.5,Shopify; Survey responses',
          // No user id of its own: the profile's id. Never logged in: last seen instead.
          `${BO},bo@example.com,Bo Park,,,2026-02-01T00:00:00.000Z,2026-03-05T10:00:00.000Z,trialing,0,Website events`,
          // Never seen: only "all time" has it, after every seen profile.
          'cust-003,,Cy,,"Lisbon, Portugal",2026-01-15T12:00:00.000Z,,canceled,19.99,',
        ].join('\r\n'),
      );
    });

    it('writes the chosen fields in EXPORT_FIELDS order, each once, whatever order they were asked in', async () => {
      const { companyId } = await companyWith(fixture(randomUUID()));
      const response = await csv({ companyFilter: companyId, fields: 'revenue,email,revenue', range: 'all' });
      expect(textOf(response)).toBe(['email,revenue', 'ann@example.com,1250.5', 'bo@example.com,0', ',19.99'].join('\r\n'));
    });

    it('covers the profiles last seen within the range, 30 days by default', async () => {
      const { companyId, ids } = await companyWith([
        { lastSeen: daysAgo(3) },
        { lastSeen: daysAgo(6, 23) },
        { lastSeen: daysAgo(7, 1) },
        { lastSeen: daysAgo(20) },
        { lastSeen: daysAgo(60) },
        { lastSeen: daysAgo(200) },
        { lastSeen: daysAgo(500) },
        { lastSeen: null },
      ]);
      const exported = async (query: Record<string, string>) => {
        const response = await csv({ companyFilter: companyId, fields: 'user_id', ...query });
        const rows = table(textOf(response)).slice(1).map(([id]) => id);
        expect(response.headers['x-total-count']).toBe(String(rows.length));
        return rows;
      };
      expect(await exported({ range: '7d' })).toEqual(ids.slice(0, 2));
      expect(await exported({ range: '30d' })).toEqual(ids.slice(0, 4));
      expect(await exported({})).toEqual(ids.slice(0, 4));
      expect(await exported({ range: '90d' })).toEqual(ids.slice(0, 5));
      expect(await exported({ range: '1y' })).toEqual(ids.slice(0, 6));
      expect(await exported({ range: 'all' })).toEqual(ids);
    });

    it('quotes values with commas, quotes and line breaks, and makes formulas inert', async () => {
      const { companyId } = await companyWith([
        { name: 'Doe, Jane', location: 'Say "hi"', lastSeen: daysAgo(1) },
        { name: 'Line one\nLine two', location: '=HYPERLINK("http://evil.example","x")', lastSeen: daysAgo(2) },
        { name: '+cmd|calc', location: '@SUM(A1:A9)', lastSeen: daysAgo(3), ltv: -15 },
        { name: '\tTabbed', location: '\rReturn', lastSeen: daysAgo(4), subscriptionStatus: '-1+1' },
      ]);
      const response = await csv({ companyFilter: companyId, fields: 'name,location,subscription_status,revenue', range: '7d' });
      const text = textOf(response);
      expect(text).toContain('"Doe, Jane","Say ""hi"""');
      expect(text).toContain(`"Line one\nLine two","'=HYPERLINK(""http://evil.example"",""x"")"`);
      expect(table(text)).toEqual([
        ['name', 'location', 'subscription_status', 'revenue'],
        ['Doe, Jane', 'Say "hi"', '', '0'],
        ['Line one\nLine two', `'=HYPERLINK("http://evil.example","x")`, '', '0'],
        ["'+cmd|calc", "'@SUM(A1:A9)", '', "'-15"],
        ["'\tTabbed", "'\rReturn", "'-1+1", '0'],
      ]);
    });

    it('is named after the entered name and the range', async () => {
      const { companyId } = await companyWith([]);
      const named = async (query: Record<string, string>) => (await csv({ companyFilter: companyId, fields: 'email', ...query })).headers['content-disposition'];
      expect(await named({ name: 'q1 customers', range: '90d' })).toBe('attachment; filename="q1 customers_90d.csv"');
      expect(await named({ name: '  spaced.out-name_2  ', range: 'all' })).toBe('attachment; filename="spaced.out-name_2_all.csv"');
      expect(await named({})).toBe('attachment; filename="data_export_30d.csv"');
    });

    it('is only the header for a company without profiles', async () => {
      const { companyId } = await companyWith([]);
      const response = await csv({ companyFilter: companyId, fields: 'email,age' });
      expect(response.headers['x-total-count']).toBe('0');
      expect(textOf(response)).toBe('email,age');
    });

    it('streams 5,000 profiles complete and in order across pages that split equal timestamps', async () => {
      // Three profiles share each second, so page boundaries (every 2,000) fall inside ties.
      const profiles = Array.from({ length: 5_000 }, (_, index) => ({ email: `p${index}@example.com`, lastSeen: new Date(NOW.getTime() - 1_000 - Math.floor(index / 3) * 1_000), ltv: index }));
      const { companyId, ids } = await companyWith(profiles);
      const response = await csv({ companyFilter: companyId, fields: 'user_id,last_login', range: '7d' }).set('Accept-Encoding', 'gzip');
      expect(response.headers['x-total-count']).toBe('5000');
      const rows = table(textOf(response)).slice(1);
      expect(rows).toHaveLength(5_000);
      const expected = profiles.map((profile, index) => ({ id: ids[index]!, at: profile.lastSeen.toISOString() }));
      expected.sort((a, b) => (a.at === b.at ? (a.id < b.id ? -1 : 1) : a.at < b.at ? 1 : -1));
      expect(rows).toEqual(expected.map(({ id, at }) => [id, at]));
    });

    it('pages never-seen profiles after the seen ones when pages are small', async () => {
      const profiles = Array.from({ length: 23 }, (_, index) => ({ lastSeen: index % 4 === 0 ? null : new Date(NOW.getTime() - Math.floor(index / 5) * 60_000) }));
      const { companyId, ids } = await companyWith(profiles);
      const service = createExportService({ orm: world().orm, kind: usingPostgres() ? 'postgresql' : 'sqlite', now: () => NOW, logger: world().runtime.logger, pageRows: 4 });
      const plan = await service.plan(companyId, ['user_id'], 'all');
      expect(plan.total).toBe(23);
      const exported: string[] = [];
      const sizes: number[] = [];
      for await (const page of plan.pages) {
        sizes.push(page.length);
        for (const row of page) exported.push(row.user_id as string);
      }
      // 17 seen in pages of 4, then 6 never seen in pages of 4.
      expect(sizes).toEqual([4, 4, 4, 4, 1, 4, 2]);
      const seen = ids.filter((_, index) => profiles[index]!.lastSeen !== null);
      const bySeen = (a: string, b: string) => {
        const at = (id: string) => profiles[ids.indexOf(id)]!.lastSeen!.getTime();
        return at(b) - at(a) || (a < b ? -1 : 1);
      };
      const unseen = ids.filter((_, index) => profiles[index]!.lastSeen === null).sort();
      expect(exported).toEqual([...seen.sort(bySeen), ...unseen]);
    });

    it('stops reading pages when the file is no longer read', async () => {
      const profiles = Array.from({ length: 3_000 }, (_, index) => ({ lastSeen: new Date(NOW.getTime() - index * 1_000) }));
      const { companyId } = await companyWith(profiles);
      const service = createExportService({ orm: world().orm, kind: usingPostgres() ? 'postgresql' : 'sqlite', now: () => NOW, logger: world().runtime.logger, pageRows: 100 });
      const knex = (world().orm.em as SqlEntityManager).getKnex();
      let pages = 0;
      let answered = 0;
      const isPage = (query: { sql: string }) => /audience_profiles/.test(query.sql) && /limit/i.test(query.sql);
      const countPages = (query: { sql: string }) => {
        if (isPage(query)) pages += 1;
      };
      const countAnswers = (_rows: unknown, query: { sql: string }) => {
        if (isPage(query)) answered += 1;
      };
      knex.on('query', countPages);
      knex.on('query-response', countAnswers);
      try {
        const plan = await service.plan(companyId, ['user_id'], '7d');
        expect(plan.total).toBe(3_000);
        const failures: Error[] = [];
        const stream = exportCsvStream(plan.pages, ['user_id'], (failure) => failures.push(failure));
        await once(stream, 'readable');
        expect(String(stream.read())).toMatch(/^user_id\r\n/);
        stream.destroy();
        await once(stream, 'close');
        // Every page already asked for has come back, and the loop asked for no more.
        await expect.poll(() => pages - answered, { interval: 10 }).toBe(0);
        // 30 pages would read everything; a stopped export has read only what its steps held
        // (a page waiting at each step of the stream, and one read ahead).
        expect(pages).toBeGreaterThan(0);
        expect(pages).toBeLessThan(8);
        expect(failures).toEqual([]);
      } finally {
        knex.off('query-response', countAnswers);
        knex.off('query', countPages);
      }
    });
  });

  describe('the preview', () => {
    it('has the first ten rows and the total', async () => {
      const profiles = Array.from({ length: 12 }, (_, index) => ({ email: `p${index}@example.com`, name: `Person ${index}`, lastSeen: daysAgo(0, index + 1) }));
      const { companyId } = await companyWith(profiles);
      const response = await preview({ companyFilter: companyId, fields: 'name,email' });
      expect(response.status).toBe(200);
      const body = response.body as ExportPreview;
      expect(body.total).toBe(12);
      expect(body.fields).toEqual(['email', 'name']);
      expect(body.rows).toHaveLength(10);
      expect(body.rows[0]).toEqual({ email: 'p0@example.com', name: 'Person 0' });
      expect(body.rows.map((row) => row.email)).toEqual(profiles.slice(0, 10).map((profile) => profile.email));
    });

    it('shows the values as stored, typed, and the never-seen profiles for all time', async () => {
      const BO = randomUUID();
      const { companyId } = await companyWith(fixture(BO));
      const body = (await preview({ companyFilter: companyId, fields: ALL_FIELDS, range: 'all' })).body as ExportPreview;
      expect(body.total).toBe(3);
      expect(body.rows).toEqual([
        {
          user_id: 'cust-001', email: 'ann@example.com', name: 'Ann Lee', age: 34, location: 'Berlin', created_at: '2025-11-02T08:00:00.045Z',
          last_login: '2026-03-09T14:30:00.000Z', subscription_status: 'active', revenue: 1250.5, source: 'Shopify; Survey responses',
        },
        {
          user_id: BO, email: 'bo@example.com', name: 'Bo Park', age: null, location: null, created_at: '2026-02-01T00:00:00.000Z',
          last_login: '2026-03-05T10:00:00.000Z', subscription_status: 'trialing', revenue: 0, source: 'Website events',
        },
        {
          user_id: 'cust-003', email: null, name: 'Cy', age: null, location: 'Lisbon, Portugal', created_at: '2026-01-15T12:00:00.000Z',
          last_login: null, subscription_status: 'canceled', revenue: 19.99, source: '',
        },
      ]);
      const recent = (await preview({ companyFilter: companyId, fields: 'user_id', range: '7d' })).body as ExportPreview;
      expect(recent).toEqual({ fields: ['user_id'], rows: [{ user_id: 'cust-001' }, { user_id: BO }], total: 2 });
    });
  });

  describe('bad parameters', () => {
    const BAD: Array<[query: Record<string, string>, field: string, message: string]> = [
      [{}, 'fields', EXPORT_LABELS.noFields],
      [{ fields: '' }, 'fields', EXPORT_LABELS.noFields],
      [{ fields: ' ' }, 'fields', EXPORT_LABELS.noFields],
      [{ fields: 'email,password' }, 'fields', EXPORT_REQUEST_MESSAGES.fields],
      [{ fields: 'email,,name' }, 'fields', EXPORT_REQUEST_MESSAGES.fields],
      [{ fields: 'email', range: 'week' }, 'range', EXPORT_REQUEST_MESSAGES.range],
      [{ fields: 'email', name: '' }, 'name', EXPORT_REQUEST_MESSAGES.nameRequired],
      [{ fields: 'email', name: '   ' }, 'name', EXPORT_REQUEST_MESSAGES.nameRequired],
      [{ fields: 'email', name: 'x'.repeat(101) }, 'name', EXPORT_REQUEST_MESSAGES.nameTooLong],
      [{ fields: 'email', name: '../secrets' }, 'name', EXPORT_REQUEST_MESSAGES.nameCharacters],
      [{ fields: 'email', name: 'a"b' }, 'name', EXPORT_REQUEST_MESSAGES.nameCharacters],
      [{ fields: 'email', name: 'report\r\nX-Injected: 1' }, 'name', EXPORT_REQUEST_MESSAGES.nameCharacters],
    ];

    it.each(BAD)('answers %j with 400 naming %s', async (query, field, message) => {
      const w = world();
      const response = await csv({ companyFilter: w.companies.acme.id, ...query });
      expect(response.status).toBe(400);
      expect(JSON.parse(textOf(response))).toMatchObject({ code: 'invalid_parameter', fields: { [field]: message } });
      expect(response.headers['content-disposition']).toBeUndefined();
      if (field !== 'name') expect((await preview({ companyFilter: w.companies.acme.id, ...query })).body).toMatchObject({ code: 'invalid_parameter', fields: { [field]: message } });
    });

    it('accepts exactly the longest file name allowed', async () => {
      const response = await csv({ companyFilter: world().companies.acme.id, fields: 'email', name: 'x'.repeat(100) });
      expect(response.status).toBe(200);
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${'x'.repeat(100)}_30d.csv"`);
    });
  });

  describe('access', () => {
    it("gives a company's people their own company's profiles, and answers another company with 404", async () => {
      const w = world();
      const marker = randomUUID().slice(0, 8);
      await addProfiles(w, w.companies.acme.id, [{ email: `acme-${marker}@acme.example`, lastSeen: daysAgo(1) }]);
      await addProfiles(w, w.companies.globex.id, [{ email: `globex-${marker}@globex.example`, lastSeen: daysAgo(1) }]);
      const knex = (w.orm.em as SqlEntityManager).getKnex();
      const countOf = async (companyId: string) => Number(((await knex('audience_profiles').where('company_id', companyId).count({ total: '*' }).first()) as { total: number | string }).total);

      for (const [who, companyFilter, own, other] of [
        ['alice', w.companies.acme.id, 'acme', 'globex'],
        ['alice', undefined, 'acme', 'globex'],
        ['carol', 'all', 'globex', 'acme'],
        ['admin', w.companies.globex.id, 'globex', 'acme'],
      ] as const) {
        const query = { fields: 'email', range: 'all', ...(companyFilter ? { companyFilter } : {}) };
        const response = await csv(query, who);
        expect(response.status, `${who} ${companyFilter}`).toBe(200);
        const text = textOf(response);
        expect(text).toContain(`${own}-${marker}@`);
        expect(text).not.toContain(`${other}-${marker}@`);
        expect(response.headers['x-total-count']).toBe(String(await countOf(w.companies[own].id)));
        const previewed = (await preview(query, who)).body as ExportPreview;
        expect(previewed.total).toBe(await countOf(w.companies[own].id));
        expect(JSON.stringify(previewed.rows)).not.toContain(`${other}-${marker}@`);
      }
      for (const [who, companyFilter] of [['alice', w.companies.globex.id], ['carol', w.companies.acme.id]] as const) {
        const query = { fields: 'email', range: 'all', companyFilter };
        for (const response of [await csv(query, who), await preview(query, who)]) {
          const body = (typeof response.body === 'string' ? JSON.parse(response.body) : response.body) as { code: string };
          expect([response.status, body.code], `${who} ${companyFilter}`).toEqual([404, 'not_found']);
          expect(response.headers['content-disposition']).toBeUndefined();
        }
      }
    });

    it('needs data_sources:read, a session, and for a global admin one existing company', async () => {
      const w = world();
      const query = { fields: 'email', companyFilter: w.companies.acme.id };
      for (const path of ['/api/export/preview', '/api/export/csv']) {
        const denied = await w.http.get(path).query(query).set(w.bearer('bob'));
        expect(denied.status, path).toBe(403);
        expect(denied.headers['content-disposition']).toBeUndefined();
        expect((await w.http.get(path).query(query)).status, path).toBe(401);
        expect((await w.http.get(path).query({ fields: 'email' }).set(w.bearer('admin'))).body.code, path).toBe('company_required');
        expect((await w.http.get(path).query({ fields: 'email', companyFilter: 'all' }).set(w.bearer('admin'))).body.code, path).toBe('company_required');
        expect((await w.http.get(path).query({ fields: 'email', companyFilter: randomUUID() }).set(w.bearer('admin'))).status, path).toBe(404);
      }
    });
  });
});

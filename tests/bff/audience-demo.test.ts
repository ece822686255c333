/**
 * The demo's anonymous visitors and the profiles built from them: deterministic, joined to the
 * customers they sign in as, and counted as the builder counts them.
 */
import { describe, expect, it } from 'vitest';
import type { AudienceMetrics, AudienceUsersPage } from '@domain/audience/contract';
import { demoVisitorEvents, seedDemoAudience } from '@bff/seeders/demoAudience';
import { useWorld } from './support/world';

const NOW = new Date(Date.UTC(2026, 10, 20, 12));

describe('demo audience', () => {
  const world = useWorld();

  it('generates the same visitors for the same day', () => {
    const events = demoVisitorEvents('globex', NOW.getTime());
    expect(demoVisitorEvents('globex', NOW.getTime())).toEqual(events);
    expect(new Set(events.map((event) => event.anonymousId)).size).toBe(9_000);
    expect(events.every((event) => event.at < NOW.getTime())).toBe(true);
    const signIns = events.filter((event) => event.userId !== null);
    expect(signIns.length).toBeGreaterThan(0);
    expect(signIns.every((event) => event.type === 'login' && /^GX-1\d{5}$/.test(event.userId!))).toBe(true);
  });

  it('builds a profile per visitor, joining visitors who sign in as the same customer', async () => {
    const w = world();
    const company = w.companies.globex;
    const total = await seedDemoAudience(w.em(), w.config.database.kind, { globex: company }, {}, NOW);

    const events = demoVisitorEvents('globex', NOW.getTime());
    const customerOf = new Map(events.filter((event) => event.userId).map((event) => [event.anonymousId, event.userId!]));
    const anonymousOnly = new Set(events.map((event) => event.anonymousId).filter((id) => !customerOf.has(id)));
    const customers = new Set(customerOf.values());
    expect(total).toBe(anonymousOnly.size + customers.size);

    const metrics = (await w.http.get('/api/audience-intelligence/metrics').query({ companyFilter: company.id }).set(w.bearer('admin'))).body as AudienceMetrics;
    expect(metrics.totalUsers).toBe(total);
    expect(metrics.unknowns).toBe(Math.round((anonymousOnly.size / total) * 1000) / 10);
    // Every visitor is seen by the web analytics source only.
    expect(metrics.dataSourceCoverage).toBe(16.7);

    const signedIn = (await w.http.get('/api/audience-intelligence/users').query({ companyFilter: company.id, limit: 100, dataSource: 'web' }).set(w.bearer('admin'))).body as AudienceUsersPage;
    expect(signedIn.total).toBe(total);
    const mobile = events.filter((event) => event.device === 'mobile').length;
    expect(mobile).toBeGreaterThan(0);
    const mobileUsers = (await w.http.get('/api/audience-intelligence/categories/mobile/users').query({ companyFilter: company.id }).set(w.bearer('admin'))).body as AudienceUsersPage;
    expect(mobileUsers.total).toBeGreaterThan(0);
    expect(mobileUsers.total).toBeLessThan(total);
  });
});

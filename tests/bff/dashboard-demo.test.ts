/**
 * The dashboard's demo outcomes: on served prediction calls like the demo's, the seeder's clicks and
 * purchases are attributed (treatment and holdout), so every range of the demo admin's dashboard
 * shows clicks and conversions; it is deterministic.
 */
import { describe, expect, it } from 'vitest';
import type { DashboardMetrics } from '@domain/dashboard/contract';
import { PredictionCall, RecommendationOutcomeHour } from '@bff/entities';
import { seedDemoDashboard } from '@bff/seeders/demoDashboard';
import { useWorld } from './support/world';

const NOW = new Date('2026-11-20T12:00:00.000Z');
const HOUR = 3_600_000;

describe('demo dashboard outcomes', () => {
  const world = useWorld({ dependencies: { clock: () => new Date(NOW) } });

  it('attributes the seeded clicks and purchases, so every range has them', async () => {
    const w = world();
    const em = w.em();
    // 800 served calls: half in the last day, the rest over 90 days.
    for (let index = 0; index < 800; index++) {
      const hoursBefore = index < 400 ? (index % 23) + 0.5 : 24 + ((index * 5) % (89 * 24));
      const at = new Date(NOW.getTime() - hoursBefore * HOUR);
      em.create(PredictionCall, {
        companyId: w.companies.acme.id, apiKeyId: null, endpoint: 'predict', status: 200, errorCode: null, latencyMs: 4, itemsServed: 3, zeroResults: false,
        holdout: false, settingsVersion: 1, snapshotVersion: 1, userId: `AC-${100_001 + (index % 300)}`, request: null,
        items: [0, 1, 2].map((rank) => ({ id: `ACM-${(index * 7 + rank) % 500}`, score: 1, topSignal: 'popularity' })), createdAt: at, updatedAt: at,
      });
    }
    await em.flush();
    await seedDemoDashboard(w.em(), w.config.database.kind, w.companies, NOW);

    const rows = await w.em().find(RecommendationOutcomeHour, { companyId: w.companies.acme.id });
    const total = (field: 'clicks' | 'holdoutClicks' | 'conversions') => rows.reduce((sum, row) => sum + row[field], 0);
    expect(total('clicks')).toBeGreaterThan(50);
    expect(total('holdoutClicks')).toBeGreaterThan(0);
    expect(total('conversions')).toBeGreaterThan(10);
    expect(await w.em().count(PredictionCall, { companyId: w.companies.acme.id, holdout: true })).toBe(80);

    for (const range of ['1d', '7d', '30d', '90d']) {
      const response = await w.http.get('/api/dashboard/metrics').query({ range }).set(w.bearer('alice'));
      expect(response.status).toBe(200);
      const body = response.body as DashboardMetrics;
      expect(body.totals.clicks.value, range).toBeGreaterThan(0);
      expect(body.hasData).toBe(true);
    }

    // Run again on the same calls: the same events (same ids) are not counted twice.
    const before = total('clicks');
    await seedDemoDashboard(w.em(), w.config.database.kind, w.companies, NOW);
    const again = await w.em().find(RecommendationOutcomeHour, { companyId: w.companies.acme.id });
    expect(again.reduce((sum, row) => sum + row.clicks, 0)).toBe(before);
  });
});

import { describe, expect, it } from 'vitest';
import { categoriesOf, categoryContext, topShareThreshold, type ProfileFacts } from './categories';
import { lifecycleStage, riskLevel, riskScore, DAY_MS, type ActivitySignals } from './scoring';
import { predictedSegments } from './segments';
import { coverageOfMask, sourceBit, sourceKindOfApiEvent, sourceKindOfDataSource, sourceKindOfResponse, sourceKindsOfMask } from './sources';

const NOW = Date.UTC(2026, 5, 10);
const signals = (details: Partial<ActivitySignals>): ActivitySignals => ({ now: NOW, firstSeen: NOW - 400 * DAY_MS, lastSeen: NOW - DAY_MS, recentEvents: 10, previousEvents: 10, eventCount: 40, subscriptionStatus: null, ...details });

describe('churn risk and lifecycle', () => {
  it('scores recency, frequency and trend', () => {
    // 0.5 × 1/90 + 0.3 × 0 + 0.2 × 0
    expect(riskScore(signals({}))).toBe(0.6);
    // Never seen, no events: 0.5 + 0.3 + 0.2 × 0.5
    expect(riskScore(signals({ lastSeen: null, recentEvents: 0, previousEvents: 0 }))).toBe(90);
    // 45 days idle, 0 recent of 8 previous: 0.25 + 0.3 + 0.2
    expect(riskScore(signals({ lastSeen: NOW - 45 * DAY_MS, recentEvents: 0, previousEvents: 8 }))).toBe(75);
    expect([riskLevel(34.9), riskLevel(35), riskLevel(64.9), riskLevel(65)]).toEqual(['low', 'medium', 'medium', 'high']);
  });

  it('stages profiles', () => {
    expect(lifecycleStage(signals({ lastSeen: NOW - 91 * DAY_MS }))).toBe('churned');
    expect(lifecycleStage(signals({ subscriptionStatus: 'canceled', recentEvents: 0 }))).toBe('churned');
    expect(lifecycleStage(signals({ firstSeen: NOW - 5 * DAY_MS }))).toBe('new');
    expect(lifecycleStage(signals({ recentEvents: 2, previousEvents: 0, eventCount: 9 }))).toBe('reactivated');
    expect(lifecycleStage(signals({ lastSeen: NOW - 45 * DAY_MS, recentEvents: 0, previousEvents: 8 }))).toBe('at_risk');
    expect(lifecycleStage(signals({}))).toBe('active');
  });
});

const facts = (details: Partial<ProfileFacts>): ProfileFacts => ({
  ltv: 0, risk: 'low', lifecycle: 'active', firstSeen: NOW - 100 * DAY_MS, account: null, accountSize: 0, subscriptionStatus: null, activeDays: 1,
  mobileEvents: 0, desktopEvents: 0, weekendEvents: 0, weekdayEvents: 0, recentEvents: 0, ...details,
});

describe('categories', () => {
  const context = categoryContext(NOW, [1000, 500, 0, 0, 0, 0, 0, 0, 0, 0], [40, 3, 1, 0, 0, 0, 0, 0, 0, 0]);

  it('takes the top 10 % by LTV and the top 5 % by recent events', () => {
    expect(context).toMatchObject({ highValueLtv: 1000, powerUserEvents: 40 });
    expect(topShareThreshold([0, 0], 0.1)).toBe(Infinity);
    expect(categoriesOf(facts({ ltv: 1000 }), context)).toContain('high-value');
    expect(categoriesOf(facts({ ltv: 500 }), context)).not.toContain('high-value');
    expect(categoriesOf(facts({ recentEvents: 40 }), context)).toContain('power-users');
  });

  it('applies one rule per category', () => {
    expect(categoriesOf(facts({ risk: 'high', lifecycle: 'at_risk', ltv: 10 }), context)).toEqual(['at-risk']);
    expect(categoriesOf(facts({ risk: 'high', lifecycle: 'churned', ltv: 10 }), context)).toEqual(['churned']);
    expect(categoriesOf(facts({ firstSeen: NOW - 3 * DAY_MS, ltv: 10 }), context)).toEqual(['new-users']);
    expect(categoriesOf(facts({ account: 'Acme', accountSize: 5, ltv: 10 }), context)).toEqual(['enterprise']);
    expect(categoriesOf(facts({ account: 'Acme', accountSize: 1, subscriptionStatus: 'Enterprise annual', ltv: 10 }), context)).toEqual(['enterprise']);
    expect(categoriesOf(facts({ subscriptionStatus: 'trialing', ltv: 10 }), context)).toEqual(['freemium']);
    expect(categoriesOf(facts({ ltv: 0 }), context)).toEqual(['freemium']);
    expect(categoriesOf(facts({ subscriptionStatus: 'Gold', ltv: 10, activeDays: 2 }), context)).toEqual(['returning', 'premium']);
    expect(categoriesOf(facts({ mobileEvents: 3, desktopEvents: 1, weekendEvents: 2, weekdayEvents: 1, recentEvents: 3, ltv: 10 }), context)).toEqual(['mobile', 'weekend', 'casual']);
    expect(categoriesOf(facts({ mobileEvents: 1, desktopEvents: 1, weekendEvents: 1, weekdayEvents: 3, ltv: 10 }), context)).toEqual(['weekday']);
  });
});

describe('source kinds', () => {
  it('maps catalogue categories, devices and record kinds', () => {
    expect(sourceKindOfDataSource('salesforce', 'people')).toBe('crm');
    expect(sourceKindOfDataSource('google-analytics', 'events')).toBe('web');
    expect(sourceKindOfDataSource('mailchimp', 'people')).toBe('email');
    expect(sourceKindOfDataSource('segment', 'events')).toBe('analytics');
    expect(sourceKindOfDataSource('csv-upload', 'people')).toBe('crm');
    expect(sourceKindOfDataSource('csv-upload', 'events')).toBe('analytics');
    expect(sourceKindOfResponse('tablet')).toBe('mobile');
    expect(sourceKindOfResponse('desktop')).toBe('web');
    expect(sourceKindOfApiEvent('mobile')).toBe('mobile');
    expect(sourceKindOfApiEvent(null)).toBe('web');
    const mask = sourceBit('web') | sourceBit('crm') | sourceBit('email');
    expect(sourceKindsOfMask(mask)).toEqual(['web', 'email', 'crm']);
    expect(coverageOfMask(mask)).toBe(50);
  });
});

describe('predicted segments', () => {
  const base = { now: NOW, lastSeen: NOW - DAY_MS, ltv: 0, riskScore: 10, recentEvents: 0, previousEvents: 0, activeDays: 1, cartAdds: 0, purchases: 0, categoryViews: {}, medianOrderValue: null };

  it('explains each prediction by its signals, deterministically', () => {
    const buyer = predictedSegments({ ...base, recentEvents: 4, cartAdds: 1 });
    expect(buyer).toEqual([{ id: 'likely-to-purchase', name: 'Likely to purchase', confidence: 0.75, because: '4 events in the last 30 days and 1 cart add.' }]);
    expect(predictedSegments({ ...base, recentEvents: 4, cartAdds: 1 })).toEqual(buyer);
    expect(predictedSegments({ ...base, riskScore: 72.5, lastSeen: NOW - 40 * DAY_MS, previousEvents: 6 })[0]).toMatchObject({ id: 'churn-risk', confidence: 0.73 });
    expect(predictedSegments({ ...base, categoryViews: { 'Summer Sale': 3, Shoes: 1 } }).map((segment) => segment.id)).toEqual(['bargain-hunter', 'enthusiast:summer sale']);
    expect(predictedSegments({ ...base, ltv: 20, purchases: 2, medianOrderValue: 50 })[0]).toMatchObject({ id: 'bargain-hunter' });
    expect(predictedSegments({ ...base, ltv: 500, activeDays: 8 })[0]).toMatchObject({ id: 'loyal-customer', confidence: 0.74 });
    expect(predictedSegments(base)).toEqual([]);
  });
});

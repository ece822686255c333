import { describe, expect, it } from 'vitest';
import { DISCOVERY_LEVERS } from '@domain/models/settings';
import { FIXTURE_ITEMS, fixtureInput } from './fixture';
import { buildIndex, readiness } from './index';

describe('readiness', () => {
  it('says how much of the data each lever can use', () => {
    const notes = readiness(buildIndex(fixtureInput()));
    expect(notes.map((entry) => entry.lever)).toEqual([...DISCOVERY_LEVERS]);
    const byLever = Object.fromEntries(notes.map((entry) => [entry.lever, entry]));
    // 7 of 12 items have delivery_days, 5 a rating, 11 a seller.
    expect(byLever.deliveryAware).toEqual({ lever: 'deliveryAware', percent: 58, note: '58 % of items have delivery_days', noEffect: false });
    expect(byLever.trustSafety.note).toBe('42 % of items have a rating');
    expect(byLever.fairExposure.note).toBe('92 % of items have seller_id');
    expect(byLever.trendingContent.note).toBe('58 % of items have interactions in the last 7 days');
  });

  it('says when a slider has no effect', () => {
    const items = FIXTURE_ITEMS.map((item) => ({ ...item, deliveryDays: null, sellerId: null }));
    const notes = readiness(buildIndex(fixtureInput({ items, events: [] })));
    const byLever = Object.fromEntries(notes.map((entry) => [entry.lever, entry]));
    expect(byLever.deliveryAware).toEqual({ lever: 'deliveryAware', percent: 0, note: '0 % of items have delivery_days, so this slider has no effect', noEffect: true });
    expect(byLever.coldStartSellers.noEffect).toBe(true);
    expect(byLever.viewingPatterns.note).toBe('0 % of items have items viewed by the same people, so this slider has no effect');
    expect(byLever.priceElasticity.noEffect).toBe(false);
  });
});

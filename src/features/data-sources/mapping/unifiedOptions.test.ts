import { describe, expect, it } from 'vitest';
import { FIELD_MAPPING_LABELS, type MappedField } from '@domain/data/fields';
import { SOURCES } from '../fixtures';
import { ALL_SOURCES, sourceFilterOptions, sourcesOfFields, writeBlocked } from './fieldSources';
import { unifiedLabel, unifiedOptionGroups } from './unifiedOptions';

const names = (kinds: Parameters<typeof unifiedOptionGroups>[0]) => unifiedOptionGroups(kinds).flatMap((group) => group.fields.map((field) => field.name));

describe('unifiedOptionGroups', () => {
  it("offers a kind's fields under their groups", () => {
    expect(unifiedOptionGroups(['items']).map((group) => group.label)).toEqual(['Items']);
    expect(names(['events'])).toContain('event_time');
    expect(names(['events'])).not.toContain('phone');
  });

  it('offers only what every kind of a shared field can hold', () => {
    const shared = names(['people', 'events']);
    expect(shared).toEqual(expect.arrayContaining(['user_id', 'email', 'revenue', 'source']));
    expect(shared).not.toContain('phone');
    expect(shared).not.toContain('event_time');
  });

  it('offers every unified field once when no kind is known', () => {
    const all = names([]);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual(expect.arrayContaining(['phone', 'event_time', 'price']));
  });
});

describe('unifiedLabel', () => {
  it('labels a unified field, and keeps an unknown name as it is', () => {
    expect(unifiedLabel('ltv')).toBe('Lifetime value');
    expect(unifiedLabel('legacy_score')).toBe('legacy_score');
  });
});

const field = (name: string, sources: string[], sourceIds: string[]): MappedField => ({
  id: name,
  internalName: name,
  name,
  type: 'dimension',
  description: '',
  isCustom: false,
  sources,
  sourceIds,
  unifiedField: null,
  removed: false,
});

describe('sourcesOfFields and writeBlocked', () => {
  it('lists each source once, named as the source list names it', () => {
    const fields = [field('id', ['HubSpot', 'Stripe'], ['ds-hubspot', 'ds-stripe']), field('amount', ['Stripe'], ['ds-stripe'])];
    expect(sourcesOfFields(fields)).toEqual([
      { id: 'ds-hubspot', name: 'HubSpot' },
      { id: 'ds-stripe', name: 'Stripe' },
    ]);
    expect(sourcesOfFields(fields, [{ ...SOURCES.stripe, name: 'Stripe (EU)' }])[1]).toEqual({ id: 'ds-stripe', name: 'Stripe (EU)' });
  });

  it('offers every source first in the Source filter', () => {
    expect(sourceFilterOptions([{ id: 'ds-stripe', name: 'Stripe' }])).toEqual([
      { value: ALL_SOURCES, label: FIELD_MAPPING_LABELS.allSources },
      { value: 'ds-stripe', label: 'Stripe' },
    ]);
  });

  it('blocks writes only for a global admin viewing every company', () => {
    expect(writeBlocked(undefined, null)).toBe(true);
    expect(writeBlocked(undefined, 'c-acme')).toBe(false);
    expect(writeBlocked('c-acme', null)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { DATA_TYPE_LIST, DATA_TYPES } from './fixtures';
import { companyChoices, companyLabel, creatorLabel, filterDataTypes, mayChange, NO_FILTERS } from './filtering';

const names = (types: { name: string }[]) => types.map((type) => type.name).sort();

describe('filterDataTypes', () => {
  it('keeps everything without filters', () => {
    expect(filterDataTypes(DATA_TYPE_LIST, NO_FILTERS)).toEqual(DATA_TYPE_LIST);
  });

  it('keeps only the global types with Global Only', () => {
    expect(names(filterDataTypes(DATA_TYPE_LIST, { company: 'global', type: 'all' }))).toEqual(['Age Band', 'Last Purchase Date']);
  });

  it("keeps one company's types and the global ones for that company, never another's", () => {
    expect(names(filterDataTypes(DATA_TYPE_LIST, { company: 'c-acme', type: 'all' }))).toEqual([
      'Age Band',
      'Last Purchase Date',
      'Loyalty Tier',
      'Preferred Store',
    ]);
  });

  it('combines the company and type filters', () => {
    expect(names(filterDataTypes(DATA_TYPE_LIST, { company: 'c-globex', type: 'static' }))).toEqual(['Age Band', 'Home Clinic']);
    expect(names(filterDataTypes(DATA_TYPE_LIST, { company: 'global', type: 'dynamic' }))).toEqual(['Last Purchase Date']);
    expect(filterDataTypes([DATA_TYPES.clinic], { company: 'c-acme', type: 'all' })).toEqual([]);
  });
});

describe('the filter choices and labels', () => {
  it('lists All Companies, Global Only, then the companies by name', () => {
    expect(
      companyChoices([
        { id: 'c-2', name: 'Zeta' },
        { id: 'c-1', name: 'Alpha' },
      ]),
    ).toEqual([
      { value: 'all', label: 'All Companies' },
      { value: 'global', label: 'Global Only' },
      { value: 'c-1', label: 'Alpha' },
      { value: 'c-2', label: 'Zeta' },
    ]);
  });

  it('keeps global types for the global admin', () => {
    expect(mayChange(DATA_TYPES.ageBand, false)).toBe(false);
    expect(mayChange(DATA_TYPES.ageBand, true)).toBe(true);
    expect(mayChange(DATA_TYPES.loyaltyTier, false)).toBe(true);
  });

  it('names the company or Global, and the creator or a dash once the account is gone', () => {
    expect(companyLabel(DATA_TYPES.ageBand)).toBe('Global');
    expect(companyLabel(DATA_TYPES.clinic)).toBe('Globex Health');
    expect(creatorLabel(DATA_TYPES.loyaltyTier)).toBe('Alice Martin');
    expect(creatorLabel({ ...DATA_TYPES.loyaltyTier, createdByName: null, createdByProfileName: null, createdByEmail: 'x@y.example' })).toBe(
      'x@y.example',
    );
    expect(creatorLabel({ ...DATA_TYPES.loyaltyTier, createdByName: null, createdByProfileName: null, createdByEmail: null })).toBe('—');
  });
});

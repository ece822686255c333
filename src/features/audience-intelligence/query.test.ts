import { describe, expect, it } from 'vitest';
import { NO_AUDIENCE_FILTERS } from '@domain/audience/contract';
import { audienceParams, describeQuery, hasActiveFilters, isNarrowed, NO_AUDIENCE_QUERY } from './query';

describe('audienceParams', () => {
  it('sends only the company when nothing narrows the audience', () => {
    expect(audienceParams('c-acme', NO_AUDIENCE_QUERY)).toEqual({
      companyFilter: 'c-acme',
      dataSource: undefined,
      lifecycle: undefined,
      risk: undefined,
      recency: undefined,
      search: undefined,
    });
  });

  it('joins each filter with commas and trims the search', () => {
    expect(
      audienceParams('c-acme', { dataSource: ['web', 'crm'], lifecycle: ['at_risk'], risk: ['medium', 'high'], recency: [30, 1], search: '  maya ' }),
    ).toEqual({ companyFilter: 'c-acme', dataSource: 'web,crm', lifecycle: 'at_risk', risk: 'medium,high', recency: '1,30', search: 'maya' });
  });

  it('leaves out a search of only spaces', () => {
    expect(audienceParams('c-acme', { ...NO_AUDIENCE_QUERY, search: '   ' }).search).toBeUndefined();
  });
});

describe('hasActiveFilters and isNarrowed', () => {
  it('tells filters and searches apart', () => {
    expect(hasActiveFilters(NO_AUDIENCE_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...NO_AUDIENCE_FILTERS, recency: [7] })).toBe(true);
    expect(isNarrowed({ ...NO_AUDIENCE_QUERY, search: 'acme' })).toBe(true);
    expect(isNarrowed({ ...NO_AUDIENCE_QUERY, search: ' ' })).toBe(false);
  });
});

describe('describeQuery', () => {
  it('words every filter with the specification labels, in the bar order', () => {
    expect(describeQuery({ dataSource: ['mobile'], lifecycle: ['at_risk', 'churned'], risk: ['high'], recency: [90, 7], search: 'northwind' }, 'high-value')).toEqual([
      'Data Source: Mobile',
      'Lifecycle Stage: At-Risk, Churned',
      'Risk Level: High',
      'Recency: Last 7 days, Last 90 days',
      'Search: “northwind”',
      'Category: High Value',
    ]);
  });

  it('says nothing when nothing is set', () => {
    expect(describeQuery(NO_AUDIENCE_QUERY)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { audienceQueryOf, audienceQueryParams, audiencePageQuerySchema, audienceViewSchema, pagingOf } from './query';

const valid = (query: Record<string, string>) => audiencePageQuerySchema.isValid(query, { strict: true });

describe('audience query', () => {
  it('reads comma-separated filters, search and paging', () => {
    const query = audienceQueryOf({ dataSource: 'web, crm,web', lifecycle: 'active', risk: '', recency: '7,30', search: '  ann ' });
    expect(query).toEqual({ dataSource: ['web', 'crm'], lifecycle: ['active'], risk: [], recency: [7, 30], search: 'ann' });
    expect(audienceQueryParams(query)).toEqual({ dataSource: 'web,crm', lifecycle: 'active', recency: '7,30', search: 'ann' });
    expect(pagingOf({})).toEqual({ page: 1, limit: 20 });
    expect(pagingOf({ page: '3', limit: '50' })).toEqual({ page: 3, limit: 50 });
  });

  it('refuses values that are not ids of the page', async () => {
    expect(await valid({ dataSource: 'web,crm', recency: '1,90', page: '2', limit: '100' })).toBe(true);
    for (const query of <Array<Record<string, string>>>[{ dataSource: 'fax' }, { lifecycle: 'dormant' }, { risk: 'low,extreme' }, { recency: '3' }, { page: '0' }, { limit: '101' }, { limit: '1.5' }, { search: 'x'.repeat(201) }]) {
      expect(await valid(query), JSON.stringify(query)).toBe(false);
    }
  });

  it('checks a saved view', async () => {
    const filters = { dataSource: ['web'], lifecycle: [], risk: ['high'], recency: [7] };
    const check = (body: object) => audienceViewSchema.isValid(body, { strict: true });
    expect(await check({ name: 'Web at risk', filters })).toBe(true);
    expect(await check({ name: '  ', filters })).toBe(false);
    expect(await check({ name: 'x'.repeat(101), filters })).toBe(false);
    expect(await check({ name: 'Bad', filters: { ...filters, recency: [2] } })).toBe(false);
    expect(await check({ name: 'Bad', filters: { ...filters, extra: [] } })).toBe(false);
    expect(await check({ name: 'Category', filters, categoryId: 'power-users' })).toBe(true);
    expect(await check({ name: 'Category', filters, categoryId: 'nope' })).toBe(false);
  });
});

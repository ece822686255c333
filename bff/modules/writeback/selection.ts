/**
 * Which profiles a writeback request selects: its profile ids (each must be one of the
 * company's), or the matches of its audience query, read with the Users table's own filter
 * (bff/modules/audience) and refused when it selects none or too many.
 */
import { NO_AUDIENCE_FILTERS } from '@domain/audience/contract';
import { WRITEBACK_LIMITS, WRITEBACK_MESSAGES, type WritebackRequestInput } from '@domain/audience/writeback';
import type { AudienceService } from '../audience';
import type { ProfileReader } from './payload';
import { invalid } from './present';

export interface SelectionDeps {
  audience: Pick<AudienceService, 'users'>;
  profiles: ProfileReader;
}

/** The profiles a request selects: its ids (each must be the company's), or the audience query's matches. */
export async function selectedProfiles({ audience, profiles }: SelectionDeps, companyId: string, input: WritebackRequestInput): Promise<string[]> {
  if (input.profileIds) {
    const ids = [...new Set(input.profileIds)];
    const found = await profiles.existing(companyId, ids);
    const unknown = ids.length - found.size;
    if (unknown) throw invalid('profileIds', WRITEBACK_MESSAGES.unknownProfiles(unknown));
    return ids;
  }
  const query = input.query!;
  const filters = {
    ...NO_AUDIENCE_FILTERS,
    dataSource: query.dataSource ?? [],
    lifecycle: query.lifecycle ?? [],
    risk: query.risk ?? [],
    recency: query.recency ?? [],
    search: query.search ?? '',
  } as Parameters<AudienceService['users']>[1];
  // The Users table's own filter (bff/modules/audience); its total tells a query that selects too many.
  const page = await audience.users(companyId, filters, { page: 1, limit: WRITEBACK_LIMITS.profiles }, query.categoryId ?? null);
  if (page.total > WRITEBACK_LIMITS.profiles) throw invalid('query', WRITEBACK_MESSAGES.tooManyProfiles(page.total));
  if (!page.users.length) throw invalid('query', WRITEBACK_MESSAGES.noProfiles);
  return page.users.map((user) => user.id);
}

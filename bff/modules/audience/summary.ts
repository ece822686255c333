/**
 * The counts behind the unfiltered metrics and categories, summed while a build writes its
 * profiles and stored with it (audience_builds.summary): the page's first view is then one row
 * read instead of a scan of every profile. Filtered views still count in SQL (service.ts), and
 * both give the same figures (tests/bff/audience.test.ts compares them).
 */
import { CATEGORY_IDS, type CategoryId } from '@domain/audience/contract';
import { categoryBit } from '@domain/audience/categories';
import type { AudienceSummary, SummaryGroup } from '../../entities';

/** What the metrics and categories are computed from, whether counted in SQL or read from a summary. */
export interface AudienceCounts {
  total: number;
  /** Mean coverage, rounded to 0.1. */
  coverage: number;
  unified: number;
  unknown: number;
  categories: Record<CategoryId, number>;
}

/**
 * The mean coverage from the sum of the profiles' coverage in tenths of a percent. Each coverage
 * is a multiple of 0.1 (coverageOfMask), stored as a float (PostgreSQL's real): summing exact
 * tenths makes the SQL count and the stored summary agree to the last digit, where averaging the
 * floats could round a mean of x.x5 up on one side and down on the other.
 */
export const meanCoverage = (tenths: number, total: number) => (total ? Math.round(tenths / total) / 10 : 0);
const emptyGroup = (): SummaryGroup => ({ total: 0, coverageSum: 0, unified: 0, unknown: 0, categories: {} });

export function summaryCounter() {
  const all = emptyGroup();
  const byCategory = new Map<CategoryId, SummaryGroup>();
  const addTo = (group: SummaryGroup, profile: ProfileCounts, inCategories: readonly CategoryId[]) => {
    group.total++;
    group.coverageSum += profile.coverage;
    if (profile.isUnified) group.unified++;
    if (profile.isUnknown) group.unknown++;
    for (const id of inCategories) group.categories[id] = (group.categories[id] ?? 0) + 1;
  };
  return {
    add(profile: ProfileCounts): void {
      const inCategories = CATEGORY_IDS.filter((id) => (profile.categoryMask & categoryBit(id)) !== 0);
      addTo(all, profile, inCategories);
      for (const id of inCategories) {
        let group = byCategory.get(id);
        if (!group) byCategory.set(id, (group = emptyGroup()));
        addTo(group, profile, inCategories);
      }
    },
    summary(): AudienceSummary {
      return { version: 1, all, byCategory: Object.fromEntries(byCategory) };
    },
  };
}

interface ProfileCounts {
  categoryMask: number;
  coverage: number;
  isUnified: boolean;
  isUnknown: boolean;
}

/** A stored summary's counts of all profiles (categoryId null) or of one category's; null when it is not a summary this code wrote. */
export function countsOfSummary(summary: unknown, categoryId: CategoryId | null): AudienceCounts | null {
  if (!summary || typeof summary !== 'object' || (summary as AudienceSummary).version !== 1) return null;
  const stored = summary as AudienceSummary;
  const group = (categoryId ? stored.byCategory?.[categoryId] : stored.all) ?? emptyGroup();
  return {
    total: group.total,
    coverage: meanCoverage(Math.round(group.coverageSum * 10), group.total),
    unified: group.unified,
    unknown: group.unknown,
    categories: Object.fromEntries(CATEGORY_IDS.map((id) => [id, group.categories[id] ?? 0])) as Record<CategoryId, number>,
  };
}

import { useState } from 'react';
import type { AudienceView, CategoryId } from '@domain/audience/contract';
import type { ExplorerTab } from './explorer/ExplorerPanel';
import { audienceParams } from './query';
import type { AudienceQueryState } from './useAudienceQuery';

/** What the page shows of the audience: the categories or the users (of one category or all), and which page of them. */
export function useAudienceSelection(companyId: string, audience: AudienceQueryState) {
  const [tab, setTab] = useState<ExplorerTab>('categories');
  const [categoryId, setCategoryId] = useState<CategoryId | null>(null);
  // The page belongs to one audience: another filter, search or category starts at page 1.
  const pagingKey = JSON.stringify([audienceParams(companyId, audience.query), categoryId]);
  const [paging, setPaging] = useState({ key: pagingKey, page: 1 });
  const page = paging.key === pagingKey ? paging.page : 1;

  const selectCategory = (id: CategoryId | null) => {
    setCategoryId(id);
    setTab('users');
  };
  const backToCategories = () => {
    setCategoryId(null);
    setTab('categories');
  };
  return {
    tab,
    changeTab: (next: ExplorerTab) => (next === 'categories' ? backToCategories() : setTab(next)),
    categoryId,
    page,
    setPage: (next: number) => setPaging({ key: pagingKey, page: next }),
    selectCategory,
    backToCategories,
    openView: (view: AudienceView) => {
      audience.apply({ ...view.filters, search: view.search });
      selectCategory(view.categoryId);
    },
  };
}

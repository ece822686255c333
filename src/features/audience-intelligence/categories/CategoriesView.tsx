import Stack from '@mui/material/Stack';
import type { AudienceCategory, AudienceView, CategoryId } from '@domain/audience/contract';
import { CategoryCharts } from './CategoryCharts';
import { CategoryTable } from './CategoryTable';

export interface CategoriesViewProps {
  categories: AudienceCategory[];
  views: AudienceView[];
  averageCoverage: number;
  onViewUsers: (categoryId: CategoryId) => void;
  onOpenView: (view: AudienceView) => void;
  onDeleteView: (view: AudienceView) => void;
}

/** The Categories view (section 2): the charts above, the detail table below. */
export function CategoriesView({ categories, views, averageCoverage, onViewUsers, onOpenView, onDeleteView }: CategoriesViewProps) {
  return (
    <Stack spacing={2}>
      <CategoryCharts categories={categories} averageCoverage={averageCoverage} />
      <CategoryTable categories={categories} views={views} onViewUsers={onViewUsers} onOpenView={onOpenView} onDeleteView={onDeleteView} />
    </Stack>
  );
}

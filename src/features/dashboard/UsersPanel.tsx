import type { ChartType, DashboardMetrics } from '@domain/dashboard/contract';
import { useCategorySeries, type DashboardScope } from './api';
import type { UsersMode } from './chartModel';
import { CategoryDetails } from './CategoryDetails';
import { UsersChart, type UsersCategory } from './UsersChart';

/** The Users tab's bars: the audience's categories, then the ones added with "+ Add Category". */
export function usersCategories(users: DashboardMetrics['users'], extras: readonly UsersCategory[]): UsersCategory[] {
  const own: UsersCategory[] = users.categories.map((name, index) => ({
    kind: 'category',
    id: users.categoryIds[index] ?? name,
    name,
    userCount: users.userCounts[index] ?? 0,
    conversionRate: users.conversionRates[index] ?? 0,
  }));
  const shown = new Set(own.map((category) => `${category.kind}:${category.id}`));
  return [...own, ...extras.filter((extra) => !shown.has(`${extra.kind}:${extra.id}`))];
}

export interface UsersPanelProps {
  categories: readonly UsersCategory[];
  mode: UsersMode;
  onModeChange: (mode: UsersMode) => void;
  chartType: ChartType;
  drilled: UsersCategory | null;
  onDrill: (category: UsersCategory | null) => void;
  onSaveView: () => void;
  onAddCategory: () => void;
  scope: DashboardScope;
  rangeLabel: string;
}

/** The Users tab: the categories' bars, or one category's details once a bar is clicked. */
export function UsersPanel({ categories, mode, onModeChange, chartType, drilled, onDrill, onSaveView, onAddCategory, scope, rangeLabel }: UsersPanelProps) {
  const series = useCategorySeries(scope, drilled);
  if (drilled) {
    return (
      <CategoryDetails
        categoryName={drilled.name}
        mode={mode}
        series={series.data?.id === drilled.id && series.data.kind === drilled.kind ? series.data : undefined}
        isLoading={series.isFetching && !series.data}
        error={series.error}
        onRetry={() => void series.refetch()}
        rangeLabel={rangeLabel}
        onBack={() => onDrill(null)}
        onSaveView={onSaveView}
      />
    );
  }
  return (
    <UsersChart
      categories={categories}
      mode={mode}
      onModeChange={onModeChange}
      chartType={chartType}
      rangeLabel={rangeLabel}
      onDrill={onDrill}
      onAddCategory={onAddCategory}
    />
  );
}

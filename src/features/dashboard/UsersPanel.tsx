import type { ChartType } from '@domain/dashboard/contract';
import { useCategorySeries, type DashboardScope } from './api';
import type { UsersMode } from './chartModel';
import { CategoryDetails } from './CategoryDetails';
import { UsersChart } from './UsersChart';
import type { UsersCategory } from './usersCategories';

export { usersCategories } from './usersCategories';

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

/**
 * What the Other Charts grid and its lazily loaded sortable list share: their labels, the grid's
 * layout and the grid's props. Apart from both, so the list loaded later does not import the grid.
 */
import type { ReactNode } from 'react';
import type { ChartType, DashboardChart, DashboardMetrics } from '@domain/dashboard/contract';

export const GRID_LABELS = {
  title: 'Other Charts',
  hint: 'Drag a chart to reorder, or click it to make it the main chart.',
  move: (title: string) => `Move ${title}`,
  show: (title: string) => `Show ${title} as the main chart`,
  instructions:
    'To move a chart, press Space or Enter on its handle, use the arrow keys to choose its place, then press Space or Enter again to drop it, or Escape to cancel.',
} as const;

/** One column on phones, two on laptops, three on wide screens. */
export const GRID_SX = {
  listStyle: 'none',
  p: 0,
  m: 0,
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' },
} as const;

export interface OtherChartsGridProps {
  /** The charts of the grid, in the user's order (the main chart is not among them). */
  charts: readonly DashboardChart[];
  metrics: DashboardMetrics;
  chartTypes: Record<string, ChartType>;
  rangeLabel: string;
  /** `active` dropped at the place of `over`. */
  onMove: (active: DashboardChart, over: DashboardChart) => void;
  onSelect: (chart: DashboardChart) => void;
  /** Extra buttons of one chart's card (the per-key breakdown of the calls chart). */
  actionsFor?: (chart: DashboardChart) => ReactNode;
}

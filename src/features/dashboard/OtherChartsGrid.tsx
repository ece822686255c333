import { lazy, Suspense, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ChartType, DashboardChart, DashboardMetrics } from '@domain/dashboard/contract';
import { ChartSkeleton } from '@/ui/WhenOnScreen';

// Drag and drop (@dnd-kit) and the cards come after the page's first paint: the grid is below the fold.
const SortableChartList = lazy(async () => ({ default: (await import('./SortableChartList')).SortableChartList }));

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

/** The height of a card while its list loads: padding, caption, a 220 px chart and its buttons. */
const CARD_HEIGHT = 324;

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

/** "Other Charts": every chart but the main one, reordered by drag and drop (mouse or keyboard). */
export function OtherChartsGrid(props: OtherChartsGridProps) {
  return (
    <Box component="section" aria-labelledby="other-charts-title">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline', mb: 1.5, flexWrap: 'wrap' }}>
        <Typography id="other-charts-title" variant="h6" component="h2">
          {GRID_LABELS.title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {GRID_LABELS.hint}
        </Typography>
      </Stack>
      <Suspense
        fallback={
          <Box component="ul" sx={GRID_SX}>
            {props.charts.map((chart) => (
              <Box component="li" key={chart} aria-hidden>
                <ChartSkeleton height={CARD_HEIGHT} />
              </Box>
            ))}
          </Box>
        }
      >
        <SortableChartList {...props} />
      </Suspense>
    </Box>
  );
}

import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ChartSkeleton } from '@/ui/WhenOnScreen';
import { GRID_LABELS, GRID_SX, type OtherChartsGridProps } from './chartGrid';

export { GRID_LABELS, type OtherChartsGridProps } from './chartGrid';

// Drag and drop (@dnd-kit) and the cards come after the page's first paint: the grid is below the fold.
const SortableChartList = lazy(async () => ({ default: (await import('./SortableChartList')).SortableChartList }));

/** The height of a card while its list loads: padding, caption, a 220 px chart and its buttons. */
const CARD_HEIGHT = 324;

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

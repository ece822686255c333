import { lazy, Suspense, type ReactNode } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ChartType } from '@domain/dashboard/contract';
import { saveFile } from '@/lib/download';
import { ChartFigure } from '@/ui/ChartFigure';
import { ChartSkeleton, WhenOnScreen } from '@/ui/WhenOnScreen';
import { chartCsv, chartCsvFileName } from './chartCsv';
import { chartSummary, isBlankChart, type ChartModel } from './chartModel';

// The chart library is loaded with the first chart that comes into view, not with the page.
const CHART_MIN_WIDTH = 200;
const MetricChartDrawing = lazy(async () => ({ default: (await import('./MetricChartDrawing')).MetricChartDrawing }));

export const DOWNLOAD_CSV = 'Download CSV';
export const NO_ACTIVITY = 'No activity in this period.';
/** The height of MUI X Charts' legend row (one line of series names) above the plot. */
const LEGEND_HEIGHT = 30;

export interface MetricChartProps {
  model: ChartModel;
  chartType: ChartType;
  height?: number;
  /** The range's label, for the CSV file's name ("7 Days"). */
  rangeLabel: string;
  /** A bar or point (or anywhere in its column) clicked: drills into it. */
  onPointClick?: (index: number) => void;
  /** Buttons beside "Download CSV" (the per-key breakdown of the calls chart). */
  actions?: ReactNode;
  /** Hides the legend where space is short; the summary still names every series. */
  compact?: boolean;
}

/** One chart of the overview: line or bar, with tooltips, a summary for screen readers, and its CSV. */
export function MetricChart({ model, chartType, height = 320, rangeLabel, onPointClick, actions, compact }: MetricChartProps) {
  const download = () => saveFile(new Blob([chartCsv(model)], { type: 'text/csv;charset=utf-8' }), chartCsvFileName(model.title, rangeLabel));
  const hideLegend = compact || model.series.length < 2;
  // The skeleton takes the drawing's place at its size: the plot, and the legend's row above it.
  const drawnHeight = height + (hideLegend ? 0 : LEGEND_HEIGHT);

  const chart = (
    <WhenOnScreen height={drawnHeight}>
      <Suspense fallback={<ChartSkeleton height={drawnHeight} />}>
        <MetricChartDrawing model={model} chartType={chartType} height={height} onPointClick={onPointClick} hideLegend={hideLegend} />
      </Suspense>
    </WhenOnScreen>
  );

  return (
    // Never narrower than its axes (56 px, 48 more for a rate's) and a plot: a chart measured
    // narrower mid-layout drew its plot with a negative width, which the browser reports as an error.
    <Box sx={{ position: 'relative', minWidth: CHART_MIN_WIDTH, ...(onPointClick && { '& svg': { cursor: 'pointer' } }) }}>
      <ChartFigure title={model.title} summary={chartSummary(model)}>
        {chart}
      </ChartFigure>
      {isBlankChart(model) && (
        <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'center', mt: -1 }}>
          {NO_ACTIVITY}
        </Typography>
      )}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', rowGap: 1, mt: 1 }}>
        {actions}
        <Button size="small" startIcon={<DownloadIcon />} onClick={download} aria-label={`${DOWNLOAD_CSV}: ${model.title}`}>
          {DOWNLOAD_CSV}
        </Button>
      </Stack>
    </Box>
  );
}

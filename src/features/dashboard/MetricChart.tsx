import type { ReactNode } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { ChartType } from '@domain/dashboard/contract';
import { saveFile } from '@/lib/download';
import { chartPalette } from '@/theme';
import { ChartFigure } from '@/ui/ChartFigure';
import { chartCsv, chartCsvFileName } from './chartCsv';
import { chartSummary, isBlankChart, type ChartModel } from './chartModel';
import { formatFigure } from './format';

export const DOWNLOAD_CSV = 'Download CSV';
export const NO_ACTIVITY = 'No activity in this period.';

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

const PERCENT_AXIS = 'percent';
const COUNT_AXIS = 'count';

/** One chart of the overview: line or bar, with tooltips, a summary for screen readers, and its CSV. */
export function MetricChart({ model, chartType, height = 320, rangeLabel, onPointClick, actions, compact }: MetricChartProps) {
  // A rate drawn beside counts gets its own axis on the right, or it would lie flat along zero.
  const mixed = model.series.some((series) => series.unit === 'percent') && model.series.some((series) => series.unit !== 'percent');
  const yAxis = mixed
    ? [
        { id: COUNT_AXIS, width: 56 },
        { id: PERCENT_AXIS, position: 'right' as const, width: 48, valueFormatter: (value: number) => `${value}%` },
      ]
    : [{ id: COUNT_AXIS, width: 56 }];
  const axisOf = (unit: string) => (mixed && unit === 'percent' ? PERCENT_AXIS : COUNT_AXIS);
  const byCategory = model.axis === 'category';
  const tickLabelStyle = byCategory ? { angle: -30, textAnchor: 'end' as const, fontSize: 11 } : { fontSize: 12 };
  const xHeight = byCategory ? 64 : 30;
  const download = () => saveFile(new Blob([chartCsv(model)], { type: 'text/csv;charset=utf-8' }), chartCsvFileName(model.title, rangeLabel));
  const onAxisClick = onPointClick ? (_event: unknown, data: { dataIndex: number } | null) => data && onPointClick(data.dataIndex) : undefined;
  const hideLegend = compact || model.series.length < 2;

  const bar = chartType === 'bar';
  const Chart = bar ? BarChart : LineChart;
  const xAxis = {
    scaleType: bar ? ('band' as const) : ('point' as const),
    data: model.labels,
    tickLabelStyle,
    height: xHeight,
    // Categories are told apart by colour, one palette colour each.
    ...(bar && byCategory && model.series.length === 1
      ? { colorMap: { type: 'ordinal' as const, values: model.labels, colors: model.labels.map((_, index) => chartPalette[index % chartPalette.length]) } }
      : {}),
  };

  const chart = (
    <Chart
      height={height}
      xAxis={[xAxis]}
      yAxis={yAxis}
      series={model.series.map((series) => ({
        id: series.id,
        label: series.label,
        data: series.data,
        color: series.color,
        yAxisId: axisOf(series.unit),
        valueFormatter: (value: number | null) => formatFigure(value, series.unit),
      }))}
      onAxisClick={onAxisClick}
      hideLegend={hideLegend}
      skipAnimation
    />
  );

  return (
    <Box sx={{ position: 'relative', ...(onPointClick && { '& svg': { cursor: 'pointer' } }) }}>
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

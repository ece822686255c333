/**
 * The drawing of a MetricChart: MUI X Charts, its own chunk, downloaded when a chart is about to be
 * seen (the library is most of the overview's weight and the first paint does not need it).
 */
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { ChartType } from '@domain/dashboard/contract';
import { chartPalette } from '@/theme/palette';
import type { ChartModel } from './chartModel';
import { formatFigure } from './format';

export interface MetricChartDrawingProps {
  model: ChartModel;
  chartType: ChartType;
  height: number;
  onPointClick?: (index: number) => void;
  hideLegend: boolean;
}

const PERCENT_AXIS = 'percent';
const COUNT_AXIS = 'count';

export function MetricChartDrawing({ model, chartType, height, onPointClick, hideLegend }: MetricChartDrawingProps) {
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
  const onAxisClick = onPointClick ? (_event: unknown, data: { dataIndex: number } | null) => data && onPointClick(data.dataIndex) : undefined;

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

  return (
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
}

/**
 * The drawing of a MetricChart: MUI X Charts, its own chunk, downloaded when a chart is about to be
 * seen (the library is most of the overview's weight and the first paint does not need it).
 *
 * The axes are worked out in metricChartAxes.ts and the series in metricChartSeries.ts. The period
 * still under way is drawn dashed (a line) or hatched (a bar), marked with its note, and named so in
 * the tooltip.
 */
import { useId } from 'react';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart, lineClasses } from '@mui/x-charts/LineChart';
import type { ChartType } from '@domain/dashboard/contract';
import type { ChartModel, ChartSeriesModel } from './chartModel';
import { partialPeriodOf, xAxisOf, yAxesOf } from './metricChartAxes';
import { barSeriesOf, lineSeriesOf, PARTIAL_SERIES_SUFFIX } from './metricChartSeries';
import { PartialPeriodMarker } from './PartialPeriodMarker';

export interface MetricChartDrawingProps {
  model: ChartModel;
  chartType: ChartType;
  height: number;
  onPointClick?: (index: number) => void;
  hideLegend: boolean;
}

export function MetricChartDrawing({ model, chartType, height, onPointClick, hideLegend }: MetricChartDrawingProps) {
  const theme = useTheme();
  const patternPrefix = useId().replace(/:/g, '');
  const partial = partialPeriodOf(model);
  const { yAxis, axisOf } = yAxesOf(model);
  const { xAxis, margin, partialLabel } = xAxisOf(model, chartType, theme.typography.fontFamily, partial);
  const onAxisClick = onPointClick ? (_event: unknown, data: { dataIndex: number } | null) => data && onPointClick(data.dataIndex) : undefined;

  const common = {
    height,
    xAxis: [xAxis],
    yAxis,
    margin,
    onAxisClick,
    hideLegend,
    skipAnimation: true,
  };
  const marker = partial && partialLabel !== undefined ? <PartialPeriodMarker x={partialLabel} note={partial.note} /> : null;
  const patternId = (series: ChartSeriesModel) => `${patternPrefix}-${series.id}-so-far`;

  if (chartType === 'bar') {
    return (
      <BarChart
        {...common}
        series={barSeriesOf(model, axisOf)}
        slotProps={{
          // The bar under way is hatched in its series' colour and outlined with dashes.
          bar: ({ seriesId, dataIndex, color }) => {
            const series = model.series.find((entry) => entry.id === seriesId);
            return partial && series && dataIndex === partial.index
              ? {
                  fill: `url(#${patternId(series)})`,
                  stroke: color,
                  strokeDasharray: '4 3',
                  strokeWidth: 1.5,
                  'data-partial': '',
                }
              : {};
          },
        }}
      >
        {partial && (
          <defs>
            {model.series.map((series) => (
              <pattern key={series.id} id={patternId(series)} patternUnits="userSpaceOnUse" width={6} height={6} patternTransform="rotate(45)">
                <rect width={6} height={6} fill={series.color} fillOpacity={0.25} />
                <line x1={0} y1={0} x2={0} y2={6} stroke={series.color} strokeWidth={3} />
              </pattern>
            ))}
          </defs>
        )}
        {marker}
      </BarChart>
    );
  }

  return (
    <LineChart
      {...common}
      series={lineSeriesOf(model, axisOf, partial)}
      sx={{
        [`& .${lineClasses.line}[data-series$="${PARTIAL_SERIES_SUFFIX}"]`]: {
          strokeDasharray: '6 4',
        },
      }}
    >
      {marker}
    </LineChart>
  );
}

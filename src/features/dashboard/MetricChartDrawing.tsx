/**
 * The drawing of a MetricChart: MUI X Charts, its own chunk, downloaded when a chart is about to be
 * seen (the library is most of the overview's weight and the first paint does not need it).
 *
 * No tick label is cut: counts are written short (15K), periods of several days on two lines, the
 * axes sized by the library to their labels, and the edges given room for the labels on them
 * (chartAxes.ts). The period still under way is drawn dashed (a line) or hatched (a bar), marked
 * with its note, and named so in the tooltip.
 */
import { useId } from 'react';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart, lineClasses } from '@mui/x-charts/LineChart';
import type { ChartType } from '@domain/dashboard/contract';
import { chartPalette } from '@/theme/palette';
import { compactCount, edgeMargins, TICK_FONT_SIZE, twoLineSpan } from '@/ui/chartAxes';
import type { ChartModel, ChartSeriesModel } from './chartModel';
import { formatFigure, type FigureUnit } from './format';
import { PartialPeriodMarker } from './PartialPeriodMarker';

export interface MetricChartDrawingProps {
  model: ChartModel;
  chartType: ChartType;
  height: number;
  onPointClick?: (index: number) => void;
  hideLegend: boolean;
}

const PERCENT_AXIS = 'percent';
const COUNT_AXIS = 'count';
/** The dashed continuation of a line to the point under way is a series of its own, with this id suffix. */
export const PARTIAL_SERIES_SUFFIX = '-so-far';
const CATEGORY_ANGLE = -30;
const CATEGORY_FONT_SIZE = 11;

const tickOf = (unit: FigureUnit) => (value: number) => (unit === 'percent' ? `${value}%` : compactCount(value));

/** A series' label in the tooltip; absent from the legend when `inLegend` is false. */
const labelFor = (text: string, inLegend: boolean) =>
  // The library leaves a series whose legend label is undefined out of the legend (its types say string).
  ((location: 'tooltip' | 'legend') => (location === 'legend' && !inLegend ? undefined : text)) as (location: 'tooltip' | 'legend') => string;

export function MetricChartDrawing({ model, chartType, height, onPointClick, hideLegend }: MetricChartDrawingProps) {
  const theme = useTheme();
  const patternPrefix = useId().replace(/:/g, '');
  const fontFamily = theme.typography.fontFamily;
  // A rate drawn beside counts gets its own axis on the right, or it would lie flat along zero.
  const mixed = model.series.some((series) => series.unit === 'percent') && model.series.some((series) => series.unit !== 'percent');
  const countUnit = model.series.find((series) => !mixed || series.unit !== 'percent')?.unit ?? 'count';
  const yAxis = [
    {
      id: COUNT_AXIS,
      width: 'auto' as const,
      valueFormatter: tickOf(countUnit),
      label: model.axisTitles?.y,
    },
    ...(mixed
      ? [
          {
            id: PERCENT_AXIS,
            position: 'right' as const,
            width: 'auto' as const,
            valueFormatter: tickOf('percent'),
          },
        ]
      : []),
  ];
  const axisOf = (unit: string) => (mixed && unit === 'percent' ? PERCENT_AXIS : COUNT_AXIS);
  const byCategory = model.axis === 'category';
  const fontSize = byCategory ? CATEGORY_FONT_SIZE : TICK_FONT_SIZE;
  const tickLabelStyle = byCategory ? { angle: CATEGORY_ANGLE, textAnchor: 'end' as const, fontSize } : { fontSize };
  const tickTexts = byCategory ? model.labels : model.labels.map(twoLineSpan);
  const margin = edgeMargins(tickTexts, {
    fontSize,
    fontFamily,
    angle: byCategory ? CATEGORY_ANGLE : 0,
  });
  const onAxisClick = onPointClick ? (_event: unknown, data: { dataIndex: number } | null) => data && onPointClick(data.dataIndex) : undefined;

  const partial = model.axis === 'time' && model.partial && model.partial.index < model.labels.length ? model.partial : null;
  const partialLabel = partial ? model.labels[partial.index] : undefined;
  const bar = chartType === 'bar';
  const xAxis = {
    scaleType: bar ? ('band' as const) : ('point' as const),
    data: model.labels,
    tickLabelStyle,
    height: 'auto' as const,
    label: model.axisTitles?.x,
    valueFormatter: (value: string, context: { location: string }) =>
      context.location === 'tick'
        ? byCategory
          ? value
          : twoLineSpan(value)
        : value === partialLabel && partial
          ? `${value} (${partial.note.toLowerCase()})`
          : value,
    // Categories are told apart by colour, one palette colour each.
    ...(bar && byCategory && model.series.length === 1
      ? {
          colorMap: {
            type: 'ordinal' as const,
            values: model.labels,
            colors: model.labels.map((_, index) => chartPalette[index % chartPalette.length]),
          },
        }
      : {}),
  };

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

  if (bar) {
    return (
      <BarChart
        {...common}
        series={model.series.map((series) => ({
          id: series.id,
          label: series.label,
          data: series.data,
          color: series.color,
          yAxisId: axisOf(series.unit),
          valueFormatter: (value: number | null) => formatFigure(value, series.unit),
        }))}
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

  // A line runs solid through the periods that are over and dashed to the one under way.
  const lineSeries = model.series.flatMap((series) => {
    const solid = {
      id: series.id,
      label: series.label,
      color: series.color,
      yAxisId: axisOf(series.unit),
      data: partial ? series.data.map((value, index) => (index === partial.index ? null : value)) : series.data,
      valueFormatter: (value: number | null, { dataIndex }: { dataIndex: number }) =>
        partial && dataIndex === partial.index ? null : formatFigure(value, series.unit),
    };
    if (!partial) return [solid];
    const soFar = {
      id: `${series.id}${PARTIAL_SERIES_SUFFIX}`,
      label: labelFor(`${series.label} (${partial.note.toLowerCase()})`, false),
      color: series.color,
      yAxisId: axisOf(series.unit),
      data: series.data.map((value, index) => (index === partial.index || index === partial.index - 1 ? value : null)),
      showMark: ({ index }: { index: number }) => index === partial.index,
      shape: 'circle' as const,
      valueFormatter: (value: number | null, { dataIndex }: { dataIndex: number }) => (dataIndex === partial.index ? formatFigure(value, series.unit) : null),
    };
    return [solid, soFar];
  });
  return (
    <LineChart
      {...common}
      series={lineSeries}
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

/**
 * The axes of a MetricChart's drawing. No tick label is cut: counts are written short (15K),
 * periods of several days on two lines, the axes sized by the library to their labels, and the
 * edges given room for the labels on them (chartAxes.ts).
 */
import type { ChartType } from '@domain/dashboard/contract';
import { chartPalette } from '@/theme/palette';
import { compactCount, edgeMargins, TICK_FONT_SIZE, twoLineSpan } from '@/ui/chartAxes';
import type { ChartModel } from './chartModel';
import type { FigureUnit } from './format';

const PERCENT_AXIS = 'percent';
const COUNT_AXIS = 'count';
const CATEGORY_ANGLE = -30;
const CATEGORY_FONT_SIZE = 11;

const tickOf = (unit: FigureUnit) => (value: number) => (unit === 'percent' ? `${value}%` : compactCount(value));

/** The period still under way, when the chart runs over time and shows it. */
export function partialPeriodOf(model: ChartModel) {
  return model.axis === 'time' && model.partial && model.partial.index < model.labels.length ? model.partial : null;
}

export type PartialPeriod = NonNullable<ReturnType<typeof partialPeriodOf>>;

/** The y axes: counts on the left, and a rate drawn beside counts on its own axis on the right. */
export function yAxesOf(model: ChartModel) {
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
  /** The axis a series of this unit is drawn against. */
  const axisOf = (unit: string) => (mixed && unit === 'percent' ? PERCENT_AXIS : COUNT_AXIS);
  return { yAxis, axisOf };
}

/** The x axis (periods or categories) and the room its labels need at the chart's edges. */
export function xAxisOf(model: ChartModel, chartType: ChartType, fontFamily: string | undefined, partial: PartialPeriod | null) {
  const byCategory = model.axis === 'category';
  const fontSize = byCategory ? CATEGORY_FONT_SIZE : TICK_FONT_SIZE;
  const tickLabelStyle = byCategory ? { angle: CATEGORY_ANGLE, textAnchor: 'end' as const, fontSize } : { fontSize };
  const tickTexts = byCategory ? model.labels : model.labels.map(twoLineSpan);
  const margin = edgeMargins(tickTexts, {
    fontSize,
    fontFamily,
    angle: byCategory ? CATEGORY_ANGLE : 0,
  });
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
  return { xAxis, margin, partialLabel };
}

/**
 * The series of a MetricChart's drawing. The period still under way is drawn dashed (a line) or
 * hatched (a bar), and named so in the tooltip.
 */
import type { ChartModel } from './chartModel';
import { formatFigure } from './format';
import type { PartialPeriod } from './metricChartAxes';

/** The dashed continuation of a line to the point under way is a series of its own, with this id suffix. */
export const PARTIAL_SERIES_SUFFIX = '-so-far';

/** A series' label in the tooltip; absent from the legend when `inLegend` is false. */
const labelFor = (text: string, inLegend: boolean) =>
  // The library leaves a series whose legend label is undefined out of the legend (its types say string).
  ((location: 'tooltip' | 'legend') => (location === 'legend' && !inLegend ? undefined : text)) as (location: 'tooltip' | 'legend') => string;

export function barSeriesOf(model: ChartModel, axisOf: (unit: string) => string) {
  return model.series.map((series) => ({
    id: series.id,
    label: series.label,
    data: series.data,
    color: series.color,
    yAxisId: axisOf(series.unit),
    valueFormatter: (value: number | null) => formatFigure(value, series.unit),
  }));
}

/** A line runs solid through the periods that are over and dashed to the one under way. */
export function lineSeriesOf(model: ChartModel, axisOf: (unit: string) => string, partial: PartialPeriod | null) {
  return model.series.flatMap((series) => {
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
}

/**
 * Every chart of the overview as one shape, built from the metrics: the points' labels and the
 * series with their colours and units. The main chart, the grid, the summaries read by screen
 * readers and the CSV downloads all start from it.
 */
import {
  DASHBOARD_CHART_TITLES,
  DASHBOARD_TAB_LABELS,
  PARTIAL_BUCKET_NOTES,
  type CategorySeries,
  type DashboardBucket,
  type ChartType,
  type DashboardChart,
  type DashboardMetrics,
  type PartialBucket,
  type SavedChart,
} from '@domain/dashboard/contract';
import { chartPalette } from '@/theme/palette';
import { formatFigure, type FigureUnit } from './format';

export interface ChartSeriesModel {
  id: string;
  label: string;
  data: Array<number | null>;
  color: string;
  unit: FigureUnit;
}

export interface ChartModel {
  title: string;
  /** What the points are: periods of time, or audience categories (one colour per bar). */
  axis: 'time' | 'category';
  labels: string[];
  series: ChartSeriesModel[];
  /**
   * The last point's period is still under way (a time chart's today, this week, this month): it is
   * drawn dashed or hatched, with this note, and never read as a whole period.
   */
  partial?: PartialPoint | null;
  /** Titles of the axes: what each point covers, and what is counted. */
  axisTitles?: { x: string; y: string };
}

export interface PartialPoint {
  index: number;
  /** "Today so far". */
  note: string;
}

/** What one point of a time chart covers, as its axis is titled. */
export const BUCKET_AXIS_TITLES: Record<DashboardBucket, string> = { '4h': '4-hour block', day: 'Day', week: 'Week', month: 'Month' };

export const partialPoint = (partial: PartialBucket | null | undefined, bucket: DashboardBucket): PartialPoint | null =>
  partial ? { index: partial.index, note: PARTIAL_BUCKET_NOTES[bucket] } : null;

/** Each metric keeps its colour wherever it is drawn (a token of the 15-colour palette). */
export const METRIC_COLORS = {
  recommendations: chartPalette[0],
  conversion: chartPalette[1],
  clicks: chartPalette[2],
  holdoutClicks: chartPalette[3],
  calls: chartPalette[4],
  duration: chartPalette[5],
  users: chartPalette[7],
} as const;

export const SERIES_LABELS = {
  recommendations: 'Recommendations served',
  conversion: 'Conversion rate (%)',
  clicks: 'Recommended (treatment)',
  holdoutClicks: 'Holdout (control)',
  calls: 'Calls',
  duration: 'Average duration (ms)',
  users: 'Users',
} as const;

export type ChartKey = DashboardChart | 'all';

export function chartModel(chart: ChartKey, metrics: DashboardMetrics): ChartModel {
  const model = timeOrCategoryModel(chart, metrics);
  return model.axis === 'time' ? { ...model, partial: partialPoint(metrics.partial, metrics.range.bucket) } : model;
}

function timeOrCategoryModel(chart: ChartKey, metrics: DashboardMetrics): ChartModel {
  const { labels } = metrics;
  const recommendations = { id: 'recommendations', label: SERIES_LABELS.recommendations, data: metrics.recommendations, color: METRIC_COLORS.recommendations, unit: 'count' } as const;
  const conversion = { id: 'conversion', label: SERIES_LABELS.conversion, data: metrics.conversion, color: METRIC_COLORS.conversion, unit: 'percent' } as const;
  const clicks = { id: 'clicks', label: SERIES_LABELS.clicks, data: metrics.clicks, color: METRIC_COLORS.clicks, unit: 'count' } as const;
  const holdout = { id: 'holdoutClicks', label: SERIES_LABELS.holdoutClicks, data: metrics.holdoutClicks, color: METRIC_COLORS.holdoutClicks, unit: 'count' } as const;
  const calls = { id: 'calls', label: SERIES_LABELS.calls, data: metrics.calls, color: METRIC_COLORS.calls, unit: 'count' } as const;
  switch (chart) {
    case 'all':
      return { title: DASHBOARD_TAB_LABELS.all, axis: 'time', labels, series: [recommendations, clicks, calls, conversion] };
    case 'recommendations':
      return { title: DASHBOARD_CHART_TITLES.recommendations, axis: 'time', labels, series: [recommendations] };
    case 'conversion':
      return { title: DASHBOARD_CHART_TITLES.conversion, axis: 'time', labels, series: [conversion] };
    case 'clicks':
      return { title: DASHBOARD_CHART_TITLES.clicks, axis: 'time', labels, series: [clicks, holdout] };
    case 'calls':
      return { title: DASHBOARD_CHART_TITLES.calls, axis: 'time', labels, series: [calls] };
    case 'duration':
      return {
        title: DASHBOARD_CHART_TITLES.duration,
        axis: 'time',
        labels,
        series: [{ id: 'duration', label: SERIES_LABELS.duration, data: metrics.averageCallDurationMs, color: METRIC_COLORS.duration, unit: 'ms' }],
      };
    case 'segments':
      return {
        title: DASHBOARD_CHART_TITLES.segments,
        axis: 'category',
        labels: metrics.users.categories,
        series: [{ id: 'users', label: SERIES_LABELS.users, data: metrics.users.userCounts, color: METRIC_COLORS.users, unit: 'count' }],
      };
  }
}

export type UsersMode = SavedChart['mode'];

/** A drilled-in category (or a saved chart of one) over time, in the mode it was opened in. */
export function categorySeriesModel(title: string, series: CategorySeries, mode: UsersMode): ChartModel {
  const points = series.points;
  const drawn: ChartSeriesModel =
    mode === 'conversion'
      ? { id: 'conversion', label: SERIES_LABELS.conversion, data: points.map((point) => point.conversion), color: METRIC_COLORS.conversion, unit: 'percent' }
      : { id: 'users', label: SERIES_LABELS.users, data: points.map((point) => point.users), color: METRIC_COLORS.users, unit: 'count' };
  return {
    title,
    axis: 'time',
    labels: points.map((point) => point.label),
    series: [drawn],
    partial: partialPoint(series.partial, series.bucket),
    axisTitles: { x: BUCKET_AXIS_TITLES[series.bucket], y: mode === 'conversion' ? SERIES_LABELS.conversion : ACTIVE_USERS_TITLE },
  };
}

/** A drilled-in category's users per point: its people with an event in the period. */
export const ACTIVE_USERS_TITLE = 'Active users';

/** A point's label in words, the period under way marked: "Nov 29 (today so far)". */
export const pointLabel = (model: ChartModel, index: number): string => {
  const label = model.labels[index] ?? '';
  return model.partial?.index === index ? `${label} (${model.partial.note.toLowerCase()})` : label;
};

/** The chart in words: "Calls: Mon 3: 120, Tue 4: 98." — what a screen reader says instead of the drawing. */
export function chartSummary(model: ChartModel): string {
  if (model.labels.length === 0 || model.series.length === 0) return `${model.title}: no data.`;
  const parts = model.series.map(
    (series) => `${series.label}: ${model.labels.map((_, index) => `${pointLabel(model, index)} ${formatFigure(series.data[index] ?? null, series.unit)}`).join(', ')}`,
  );
  return `${parts.join('. ')}.`;
}

/** True when no series has a figure above zero: the chart would be a flat line. */
export function isBlankChart(model: ChartModel): boolean {
  return model.series.every((series) => series.data.every((value) => value === null || value === 0));
}

/** Segments are categories, not a time line: they start as bars. */
export const defaultChartType = (chart: string): ChartType => (chart === 'segments' || chart === 'users' ? 'bar' : 'line');

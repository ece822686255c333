import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { DASHBOARD_CHART_TITLES, DASHBOARD_TAB_LABELS } from '@domain/dashboard/contract';
import { expectWholeTickLabels, svgTexts, tickLabels } from '@/lib/testing/chartText';
import { catchDownloads, type CaughtDownload } from '@/lib/testing/downloads';
import { PHONE_GLOBALS } from '@/lib/testing/phone';
import { chartModel, type ChartModel } from './chartModel';
import { emptyMetrics, METRICS_30D, METRICS_7D, metricsFor } from './fixtures';
import { DOWNLOAD_CSV, MetricChart, NO_ACTIVITY } from './MetricChart';
import { PARTIAL_SERIES_SUFFIX } from './metricChartSeries';

let downloads: CaughtDownload[] = [];

/** Catches the CSV the chart hands to the browser, before it would be downloaded. */
function catchChartDownloads() {
  const restore = catchDownloads();
  downloads = restore.downloads;
  return restore;
}

const meta = {
  title: 'Dashboard/MetricChart',
  component: MetricChart,
  args: { model: chartModel('calls', METRICS_7D), chartType: 'line', rangeLabel: '7 Days' },
  beforeEach: catchChartDownloads,
} satisfies Meta<typeof MetricChart>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Calls per day as a line; Download CSV gives the labels and figures, today marked as under way. */
export const CallsLine: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('figure', { name: DASHBOARD_CHART_TITLES.calls })).toHaveAccessibleDescription(new RegExp(`^Calls: ${METRICS_7D.labels[0]} `));
    await userEvent.click(canvas.getByRole('button', { name: `${DOWNLOAD_CSV}: ${DASHBOARD_CHART_TITLES.calls}` }));
    await expect(downloads.map((download) => download.name)).toEqual(['number-of-calls-7-days.csv']);
    const lines = (await downloads[0].text).split('\r\n');
    await expect(lines[0]).toBe('Period,Calls');
    await expect(lines[1]).toBe(`${METRICS_7D.labels[0]},${METRICS_7D.calls[0]}`);
    // Today is under way: its row says so, as the chart does.
    const last = METRICS_7D.labels.length - 1;
    await expect(METRICS_7D.partial?.index).toBe(last);
    await expect(lines[last + 1]).toBe(`${METRICS_7D.labels[last]} (today so far),${METRICS_7D.calls[last]}`);
  },
};

export const RecommendationsBar: Story = {
  args: { model: chartModel('recommendations', METRICS_30D), chartType: 'bar', rangeLabel: '30 Days' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('figure', { name: DASHBOARD_CHART_TITLES.recommendations })).toBeVisible();
  },
};

/** Counts and the conversion rate together: the rate has its own axis on the right. */
export const AllMetrics: Story = {
  args: { model: chartModel('all', METRICS_7D) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('figure', { name: DASHBOARD_TAB_LABELS.all })).toHaveAccessibleDescription(/Conversion rate \(%\): .*%/);
  },
};

/** A/B clicks: the treatment beside the holdout, over three months. */
export const AbClicks: Story = {
  args: { model: chartModel('clicks', metricsFor({ range: '90d' })), rangeLabel: '90 Days' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('figure', { name: DASHBOARD_CHART_TITLES.clicks })).toHaveAccessibleDescription(/Holdout \(control\)/);
  },
};

/** Segments: one palette colour per category; a bar click reports its index. */
export const SegmentsBar: Story = {
  args: { model: chartModel('segments', METRICS_7D), chartType: 'bar', onPointClick: fn() },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('figure', { name: DASHBOARD_CHART_TITLES.segments })).toHaveAccessibleDescription(/New Users 1,284/);
  },
};

/** A category named like a formula is neutralised in the CSV. */
export const FormulaSafeCsv: Story = {
  args: {
    model: { title: 'Users by Category', axis: 'category', labels: ['=HYPERLINK("x")', 'Plain'], series: [{ id: 'users', label: 'Users', data: [3, 4], color: '#118898', unit: 'count' }] } satisfies ChartModel,
    chartType: 'bar',
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: `${DOWNLOAD_CSV}: Users by Category` }));
    const lines = (await downloads[0].text).split('\r\n');
    await expect(lines[1]).toBe(`"'=HYPERLINK(""x"")",3`);
  },
};

/** Nothing happened in the range: said under the flat chart. */
export const NoActivity: Story = {
  args: { model: chartModel('duration', emptyMetrics()) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(NO_ACTIVITY)).toBeVisible();
  },
};

const METRICS_90D = metricsFor({ range: '90d' });
const lastOf = (labels: readonly string[]) => labels[labels.length - 1]!;

/**
 * Today is under way: its point is joined by a dashed line and marked "Today so far", and the
 * summary says so; it is not drawn as a whole day (the fixture's figures drop on it as the
 * product's do at 10:30).
 */
export const TodaySoFar: Story = {
  args: { model: chartModel('recommendations', METRICS_7D) },
  play: async ({ canvas, canvasElement }) => {
    const figure = canvas.getByRole('figure', { name: DASHBOARD_CHART_TITLES.recommendations });
    await waitFor(() => expect(svgTexts(figure)).toContain('Today so far'));
    await expect(figure.querySelector(`path[data-series="recommendations${PARTIAL_SERIES_SUFFIX}"]`)).not.toBeNull();
    await expect(getComputedStyle(figure.querySelector(`path[data-series="recommendations${PARTIAL_SERIES_SUFFIX}"]`)!).strokeDasharray).not.toBe('none');
    await expect(figure).toHaveAccessibleDescription(new RegExp(`${lastOf(METRICS_7D.labels)} \\(today so far\\) `));
    const { x, y } = await expectWholeTickLabels(canvasElement);
    await expect(x[x.length - 1]).toBe(lastOf(METRICS_7D.labels));
    // Thousands are written short: "2K", "2.5K", never "2,500" squeezed into the axis.
    await expect(y.some((label) => /^\d+(\.\d)?K$/.test(label))).toBe(true);
  },
};

/** Weeks as bars: the labels of several days on two lines, whole; this week hatched and marked. */
export const WeeksBar: Story = {
  args: { model: chartModel('calls', METRICS_30D), chartType: 'bar', rangeLabel: '30 Days' },
  play: async ({ canvas, canvasElement }) => {
    const figure = canvas.getByRole('figure', { name: DASHBOARD_CHART_TITLES.calls });
    await waitFor(() => expect(svgTexts(figure)).toContain('This week so far'));
    await expect(figure.querySelectorAll('[data-partial]')).toHaveLength(1);
    const { x } = await expectWholeTickLabels(canvasElement);
    await expect(x).toEqual(METRICS_30D.labels);
  },
};

/** Three months, this month to date last: its label ("Nov 1 – Nov 23") is whole at the chart's edge. */
export const MonthsLine: Story = {
  args: { model: chartModel('clicks', METRICS_90D), rangeLabel: '90 Days' },
  play: async ({ canvasElement }) => {
    const { x } = await expectWholeTickLabels(canvasElement);
    await expect(x).toEqual(METRICS_90D.labels);
    await expect(svgTexts(canvasElement)).toContain('This month so far');
  },
};

/** At phone width the labels that are drawn are whole (those with no room are left out, never cut). */
export const WeeksOnPhone: Story = {
  args: { model: chartModel('all', METRICS_30D), rangeLabel: '30 Days' },
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    const { x, y } = await expectWholeTickLabels(canvasElement);
    await expect(x.length).toBeGreaterThan(1);
    await expect(x[x.length - 1]).toBe(lastOf(METRICS_30D.labels));
    // The rate's own axis on the right is whole too.
    await expect(y.some((label) => label.endsWith('%'))).toBe(true);
    await expect(tickLabels(canvasElement, 'y').every((label) => !label.includes(','))).toBe(true);
  },
};

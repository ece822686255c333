import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { emptyMetrics, METRICS_7D } from './fixtures';
import { NOT_COMPARABLE } from './format';
import { HEADLINE_LABELS, HeadlineFigures, PARTIAL_COMPARISON } from './HeadlineFigures';

const meta = {
  title: 'Dashboard/HeadlineFigures',
  component: HeadlineFigures,
  args: { totals: METRICS_7D.totals, comparable: true },
} satisfies Meta<typeof HeadlineFigures>;
export default meta;

type Story = StoryObj<typeof meta>;
const card = (canvas: ReturnType<typeof within>, label: string) => within(canvas.getByRole('region', { name: label }));

/** Each figure beside the previous period: percent for counts, points for the rate. */
export const SevenDays: Story = {
  args: {
    totals: {
      ...METRICS_7D.totals,
      calls: { value: 2_200, previous: 2_000 },
      conversion: { value: 3.6, previous: 3.9 },
      averageCallDurationMs: { value: 46, previous: 51 },
    },
  },
  play: async ({ canvas }) => {
    await expect(card(canvas, HEADLINE_LABELS.calls).getByText('2,200')).toBeVisible();
    await expect(card(canvas, HEADLINE_LABELS.calls).getByText('+10% vs previous period')).toBeVisible();
    await expect(card(canvas, HEADLINE_LABELS.conversion).getByText('−0.3 pts vs previous period')).toBeVisible();
    await expect(card(canvas, HEADLINE_LABELS.duration).getByText('46 ms')).toBeVisible();
  },
};

/** Nothing before to compare with: said plainly, never an infinite rise. */
export const NothingBefore: Story = {
  args: {
    totals: {
      ...METRICS_7D.totals,
      calls: { value: 120, previous: 0 },
      recommendations: { value: 540, previous: null },
    },
  },
  play: async ({ canvas }) => {
    await expect(card(canvas, HEADLINE_LABELS.calls).getByText('New this period (none before)')).toBeVisible();
    await expect(card(canvas, HEADLINE_LABELS.recommendations).getByText('No data in the previous period')).toBeVisible();
  },
};

/** The figures began after the period before the range started: no change is claimed. */
export const FiguresBeganThisPeriod: Story = {
  args: {
    comparable: false,
    totals: {
      ...METRICS_7D.totals,
      calls: { value: 2_726, previous: null },
      conversion: { value: 0.6, previous: null },
    },
  },
  play: async ({ canvas }) => {
    await expect(card(canvas, HEADLINE_LABELS.calls).getByText('2,726')).toBeVisible();
    for (const label of Object.values(HEADLINE_LABELS)) await expect(card(canvas, label).getByText(NOT_COMPARABLE)).toBeVisible();
    await expect(canvas.queryByText(/vs previous period/)).not.toBeInTheDocument();
  },
};

export const NoData: Story = {
  args: { totals: emptyMetrics().totals },
  play: async ({ canvas }) => {
    await expect(card(canvas, HEADLINE_LABELS.conversion).getByText('No data in this period')).toBeVisible();
    await expect(card(canvas, HEADLINE_LABELS.calls).getByText('No change from the previous period')).toBeVisible();
  },
};

/** The range ends today, under way: the figures say they are compared with as long a period before, not with whole days. */
export const TodaySoFar: Story = {
  args: { partialNote: 'Today so far' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(PARTIAL_COMPARISON('Today so far'))).toBeVisible();
    await expect(canvas.getByText(/^The range runs to now \(today so far\)/)).toBeVisible();
  },
};

/** Nothing to compare with: no word on how the comparison is made. */
export const TodaySoFarNotComparable: Story = {
  args: { partialNote: 'Today so far', comparable: false },
  play: async ({ canvas }) => {
    await expect(canvas.queryByText(/^The range runs to now/)).not.toBeInTheDocument();
  },
};

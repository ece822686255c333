import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AUDIENCE_CATEGORIES, AUDIENCE_METRICS, metricsOfUsers } from '../fixtures';
import { formatCount, formatPercent } from '../format';
import { SUMMARY_LABELS } from '../labels';
import { SummaryCards } from './SummaryCards';

const meta = {
  title: 'Audience Intelligence/SummaryCards',
  component: SummaryCards,
  args: { metrics: AUDIENCE_METRICS, category: null },
} satisfies Meta<typeof SummaryCards>;
export default meta;

type Story = StoryObj<typeof meta>;

const value = (canvas: ReturnType<typeof within>, label: string) => within(canvas.getByRole('region', { name: label }));

export const WholeAudience: Story = {
  play: async ({ canvas }) => {
    await expect(value(canvas, SUMMARY_LABELS.totalUsers).getByText(formatCount(AUDIENCE_METRICS.totalUsers))).toBeVisible();
    await expect(value(canvas, SUMMARY_LABELS.unified).getByText(formatPercent(AUDIENCE_METRICS.unifiedIdentities))).toBeVisible();
    await expect(value(canvas, SUMMARY_LABELS.unknowns).getByText(formatPercent(AUDIENCE_METRICS.unknowns))).toBeVisible();
    await expect(value(canvas, SUMMARY_LABELS.coverage).getByText(formatPercent(AUDIENCE_METRICS.dataSourceCoverage))).toBeVisible();
    const top = AUDIENCE_METRICS.topSegments[0];
    await expect(value(canvas, SUMMARY_LABELS.topSegments).getByText(`${top.name} (${formatCount(top.userCount)})`)).toBeVisible();
  },
};

/** A category chosen: its users, coverage and top traits. */
export const Category: Story = {
  args: { category: AUDIENCE_CATEGORIES[0] },
  play: async ({ canvas }) => {
    const category = AUDIENCE_CATEGORIES[0];
    await expect(value(canvas, SUMMARY_LABELS.categoryUsers).getByText(formatCount(category.userCount))).toBeVisible();
    await expect(value(canvas, SUMMARY_LABELS.coverage).getByText(formatPercent(category.coverage))).toBeVisible();
    await expect(value(canvas, SUMMARY_LABELS.topTraits).getByText(category.topTraits[0])).toBeVisible();
    await expect(canvas.queryByRole('region', { name: SUMMARY_LABELS.topSegments })).not.toBeInTheDocument();
  },
};

export const NoSegmentsYet: Story = {
  args: { metrics: metricsOfUsers([]) },
  play: async ({ canvas }) => {
    await expect(value(canvas, SUMMARY_LABELS.topSegments).getByText(SUMMARY_LABELS.none)).toBeVisible();
    await expect(value(canvas, SUMMARY_LABELS.totalUsers).getByText('0')).toBeVisible();
  },
};

export const Loading: Story = {
  args: { metrics: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading summary' })).toBeVisible();
  },
};

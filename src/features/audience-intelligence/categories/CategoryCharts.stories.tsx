import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { AUDIENCE_CATEGORIES, AUDIENCE_METRICS } from '../fixtures';
import { formatPercent } from '../format';
import { CATEGORY_LABELS } from '../labels';
import { CategoryCharts } from './CategoryCharts';

const meta = {
  title: 'Audience Intelligence/Categories/CategoryCharts',
  component: CategoryCharts,
  args: { categories: AUDIENCE_CATEGORIES, averageCoverage: AUDIENCE_METRICS.dataSourceCoverage },
} satisfies Meta<typeof CategoryCharts>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Users per category, and the donut with the average coverage in its hole. */
export const AcmeRetail: Story = {
  play: async ({ canvas }) => {
    const first = AUDIENCE_CATEGORIES[0];
    await expect(canvas.getByRole('figure', { name: CATEGORY_LABELS.usersChart })).toHaveAccessibleDescription(new RegExp(`${first.name}: ${first.userCount}`));
    const coverage = formatPercent(AUDIENCE_METRICS.dataSourceCoverage);
    await expect(canvas.getByRole('figure', { name: CATEGORY_LABELS.coverageChart })).toHaveAccessibleDescription(`Average data-source coverage: ${coverage}.`);
    await expect(canvas.getByText(coverage)).toBeVisible();
  },
};

export const NoCategories: Story = {
  args: { categories: [], averageCoverage: 0 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('figure', { name: CATEGORY_LABELS.usersChart })).toHaveAccessibleDescription('Users per category: none.');
    await expect(canvas.getByText('0%')).toBeVisible();
  },
};

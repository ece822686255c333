import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { expectWholeTickLabels, tickLabels } from '@/lib/testing/chartText';
import { PHONE_GLOBALS } from '@/lib/testing/phone';
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

/** Counts of a real company (Total Users 14,365): as many people per category as the axes must hold. */
const LARGE_COUNTS = [14_365, 11_902, 8_740, 6_215, 4_380, 2_975, 1_204, 860, 412, 97];
const LARGE = AUDIENCE_CATEGORIES.map((category, index) => ({ ...category, userCount: LARGE_COUNTS[index % LARGE_COUNTS.length]! }));

/** Thousands on the y-axis are written short ("15K"), and every label is whole: none ends in "…". */
export const ThousandsOfUsers: Story = {
  args: { categories: LARGE },
  play: async ({ canvas }) => {
    const figure = canvas.getByRole('figure', { name: CATEGORY_LABELS.usersChart });
    await waitFor(() => expect(tickLabels(figure, 'y').length).toBeGreaterThan(2));
    const { x, y } = await expectWholeTickLabels(figure);
    await expect(y.filter((label) => label !== '0').every((label) => /^\d+(\.\d)?K$/.test(label))).toBe(true);
    await expect(x).toEqual(LARGE.map((category) => category.name));
    // The summary keeps the exact figure.
    await expect(figure).toHaveAccessibleDescription(new RegExp(`${LARGE[0]!.name}: 14,365`));
  },
};

/** The same at phone width: labels with room are whole; the page does not scroll sideways. */
export const ThousandsOfUsersOnPhone: Story = {
  args: { categories: LARGE },
  globals: PHONE_GLOBALS,
  play: async ({ canvas }) => {
    const figure = canvas.getByRole('figure', { name: CATEGORY_LABELS.usersChart });
    await waitFor(() => expect(tickLabels(figure, 'y').length).toBeGreaterThan(1));
    const { y } = await expectWholeTickLabels(figure);
    await expect(y.some((label) => label.endsWith('K'))).toBe(true);
  },
};

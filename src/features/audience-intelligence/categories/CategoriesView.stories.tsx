import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { AUDIENCE_CATEGORIES, AUDIENCE_METRICS, SAVED_VIEWS } from '../fixtures';
import { CATEGORY_LABELS } from '../labels';
import { CategoriesView } from './CategoriesView';

const meta = {
  title: 'Audience Intelligence/Categories/CategoriesView',
  component: CategoriesView,
  args: {
    categories: AUDIENCE_CATEGORIES,
    views: SAVED_VIEWS,
    averageCoverage: AUDIENCE_METRICS.dataSourceCoverage,
    onViewUsers: fn(),
    onOpenView: fn(),
    onDeleteView: fn(),
  },
} satisfies Meta<typeof CategoriesView>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The charts above the detail table. */
export const AcmeRetail: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('figure', { name: CATEGORY_LABELS.usersChart })).toBeVisible();
    await expect(canvas.getByRole('figure', { name: CATEGORY_LABELS.coverageChart })).toBeVisible();
    await expect(canvas.getAllByRole('button', { name: new RegExp(`^${CATEGORY_LABELS.viewUsers}`) })).toHaveLength(AUDIENCE_CATEGORIES.length + SAVED_VIEWS.length);
  },
};

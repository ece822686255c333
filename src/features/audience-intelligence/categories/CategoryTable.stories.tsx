import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { AUDIENCE_CATEGORIES, SAVED_VIEWS } from '../fixtures';
import { formatPercent } from '../format';
import { CATEGORY_LABELS } from '../labels';
import { CategoryTable } from './CategoryTable';

const meta = {
  title: 'Audience Intelligence/Categories/CategoryTable',
  component: CategoryTable,
  args: { categories: AUDIENCE_CATEGORIES, views: SAVED_VIEWS, onViewUsers: fn(), onOpenView: fn(), onDeleteView: fn() },
} satisfies Meta<typeof CategoryTable>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Each category's description, users, coverage and traits; saved views follow as custom categories. */
export const WithSavedView: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const table = within(canvas.getByRole('table', { name: CATEGORY_LABELS.table }));
    const first = AUDIENCE_CATEGORIES[0];
    const row = within(table.getByRole('rowheader', { name: first.name }).closest('tr')!);
    await expect(row.getByText(first.description)).toBeVisible();
    await expect(row.getByText(formatPercent(first.coverage))).toBeVisible();
    await expect(row.getByText(first.topTraits[0])).toBeVisible();
    await userEvent.click(row.getByRole('button', { name: `${CATEGORY_LABELS.viewUsers}: ${first.name}` }));
    await expect(args.onViewUsers).toHaveBeenCalledWith(first.id);
    await expect(table.getByText(CATEGORY_LABELS.customView)).toBeVisible();
    await userEvent.click(table.getByRole('button', { name: `${CATEGORY_LABELS.viewUsers}: ${SAVED_VIEWS[0].name}` }));
    await expect(args.onOpenView).toHaveBeenCalledWith(SAVED_VIEWS[0]);
    await userEvent.click(table.getByRole('button', { name: `${CATEGORY_LABELS.deleteView} ${SAVED_VIEWS[0].name}` }));
    await expect(args.onDeleteView).toHaveBeenCalledWith(SAVED_VIEWS[0]);
  },
};

/** A saved view without a description describes its filters. */
export const ViewDescribedByFilters: Story = {
  args: { categories: [], views: [{ ...SAVED_VIEWS[0], description: '' }] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Data Source: Mobile · Risk Level: High')).toBeVisible();
  },
};

export const NothingUnderFilters: Story = {
  args: { categories: [], views: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(CATEGORY_LABELS.noCategories)).toBeVisible();
  },
};

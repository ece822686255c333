import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { AUDIENCE_CATEGORIES, SAVED_VIEWS } from '../fixtures';
import { CATEGORY_LABELS, EXPLORER_LABELS } from '../labels';
import { ExplorerPanel } from './ExplorerPanel';

const meta = {
  title: 'Audience Intelligence/ExplorerPanel',
  component: ExplorerPanel,
  args: {
    tab: 'categories',
    onTabChange: fn(),
    searchText: '',
    onSearchChange: fn(),
    categories: AUDIENCE_CATEGORIES,
    views: SAVED_VIEWS,
    selectedCategoryId: null,
    onSelectCategory: fn(),
    onOpenView: fn(),
    onDeleteView: fn(),
  },
  decorators: [(Story) => <div style={{ maxWidth: 320 }}><Story /></div>],
} satisfies Meta<typeof ExplorerPanel>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The tabs, the search, every category with its count, and the saved views. */
export const Categories: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('navigation', { name: EXPLORER_LABELS.title })).toBeVisible();
    await expect(canvas.getByRole('tab', { name: EXPLORER_LABELS.categoriesTab, selected: true })).toBeVisible();
    const list = within(canvas.getByRole('list', { name: EXPLORER_LABELS.builtIn }));
    await userEvent.click(list.getByRole('button', { name: new RegExp(`^${AUDIENCE_CATEGORIES[1].name}`) }));
    await expect(args.onSelectCategory).toHaveBeenCalledWith(AUDIENCE_CATEGORIES[1].id);
    await userEvent.click(canvas.getByRole('tab', { name: EXPLORER_LABELS.usersTab }));
    await expect(args.onTabChange).toHaveBeenCalledWith('users');
    await userEvent.type(canvas.getByRole('searchbox', { name: EXPLORER_LABELS.search }), 'a');
    await expect(args.onSearchChange).toHaveBeenCalledWith('a');
    const views = within(canvas.getByRole('list', { name: EXPLORER_LABELS.savedViews }));
    await userEvent.click(views.getByRole('button', { name: `${CATEGORY_LABELS.deleteView} ${SAVED_VIEWS[0].name}` }));
    await expect(args.onDeleteView).toHaveBeenCalledWith(SAVED_VIEWS[0]);
  },
};

/** A category chosen in the Users tab is highlighted. */
export const CategorySelected: Story = {
  args: { tab: 'users', selectedCategoryId: AUDIENCE_CATEGORIES[0].id, searchText: 'northwind' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('searchbox', { name: EXPLORER_LABELS.search })).toHaveValue('northwind');
    await expect(canvas.getByRole('button', { name: new RegExp(`^${AUDIENCE_CATEGORIES[0].name}`) })).toHaveClass('Mui-selected');
  },
};

export const NoSavedViews: Story = {
  args: { views: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(EXPLORER_LABELS.noSavedViews)).toBeVisible();
  },
};

export const Loading: Story = {
  args: { categories: undefined, views: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: EXPLORER_LABELS.allUsers })).toBeVisible();
  },
};

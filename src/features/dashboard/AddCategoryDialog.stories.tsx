import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { CATEGORY_SEARCH_MIN_MS, DASHBOARD_MESSAGES, USERS_TAB_EXTRA_CATEGORIES_MAX } from '@domain/dashboard/contract';
import { ApiError } from '@/lib/apiClient';
import { ADD_CATEGORY_LABELS, AddCategoryDialog } from './AddCategoryDialog';
import { AT_RISK } from './fixtures';

const meta = {
  title: 'Dashboard/AddCategoryDialog',
  component: AddCategoryDialog,
  args: {
    open: true,
    onClose: fn(),
    onLookup: fn(async (name: string) => {
      if (name.toLowerCase() === AT_RISK.name.toLowerCase()) return AT_RISK;
      throw new ApiError(DASHBOARD_MESSAGES.categoryNotFound(name), 404, null);
    }),
    onAdd: fn(),
    shownNames: ['New Users', 'Premium Users'],
  },
} satisfies Meta<typeof AddCategoryDialog>;
export default meta;

type Story = StoryObj<typeof meta>;
const dialog = () => within(screen.getByRole('dialog', { name: ADD_CATEGORY_LABELS.title }));
const SEARCH_WAIT = { timeout: CATEGORY_SEARCH_MIN_MS + 2_000 };

/** "Searching..." while the lookup runs, then the category is added and the dialog closes. */
export const Found: Story = {
  play: async ({ userEvent, args }) => {
    await userEvent.type(dialog().getByLabelText(DASHBOARD_MESSAGES.categoryName), '  at risk ');
    await userEvent.click(dialog().getByRole('button', { name: ADD_CATEGORY_LABELS.add }));
    await expect(dialog().getByRole('button', { name: DASHBOARD_MESSAGES.searching })).toBeDisabled();
    await expect(args.onLookup).toHaveBeenCalledWith('at risk');
    await waitFor(() => expect(args.onAdd).toHaveBeenCalledWith(AT_RISK), SEARCH_WAIT);
    await expect(args.onClose).toHaveBeenCalled();
  },
};

/** An unknown name is answered with the server's words. */
export const NotFound: Story = {
  play: async ({ userEvent, args }) => {
    await userEvent.type(dialog().getByLabelText(DASHBOARD_MESSAGES.categoryName), 'Moon Walkers');
    await userEvent.click(dialog().getByRole('button', { name: ADD_CATEGORY_LABELS.add }));
    await waitFor(() => expect(dialog().getByRole('alert')).toHaveTextContent(DASHBOARD_MESSAGES.categoryNotFound('Moon Walkers')), SEARCH_WAIT);
    await expect(args.onAdd).not.toHaveBeenCalled();
  },
};

/** A blank name is not added: Add stays disabled and nothing is looked up. */
export const BlankName: Story = {
  play: async ({ userEvent, args }) => {
    await userEvent.type(dialog().getByLabelText(DASHBOARD_MESSAGES.categoryName), '    ');
    await expect(dialog().getByRole('button', { name: ADD_CATEGORY_LABELS.add })).toBeDisabled();
    await userEvent.keyboard('{Enter}');
    await expect(args.onLookup).not.toHaveBeenCalled();
  },
};

/** A category already on the chart is not looked up again. */
export const AlreadyShown: Story = {
  play: async ({ userEvent, args }) => {
    await userEvent.type(dialog().getByLabelText(DASHBOARD_MESSAGES.categoryName), 'premium users');
    await userEvent.click(dialog().getByRole('button', { name: ADD_CATEGORY_LABELS.add }));
    await expect(dialog().getByRole('alert')).toHaveTextContent(ADD_CATEGORY_LABELS.alreadyShown('premium users'));
    await expect(args.onLookup).not.toHaveBeenCalled();
  },
};

export const Full: Story = {
  args: { limitReached: USERS_TAB_EXTRA_CATEGORIES_MAX },
  play: async ({ userEvent, args }) => {
    await userEvent.type(dialog().getByLabelText(DASHBOARD_MESSAGES.categoryName), 'At Risk');
    await userEvent.click(dialog().getByRole('button', { name: ADD_CATEGORY_LABELS.add }));
    await expect(dialog().getByRole('alert')).toHaveTextContent(ADD_CATEGORY_LABELS.full(USERS_TAB_EXTRA_CATEGORIES_MAX));
    await expect(args.onLookup).not.toHaveBeenCalled();
  },
};

/** The categories and saved views are offered as the name is typed; those on the chart already are not. */
export const OffersWhatCanBeAdded: Story = {
  args: {
    choices: [
      { kind: 'category', id: 'at-risk', name: 'At Risk' },
      { kind: 'category', id: 'new-users', name: 'New Users' },
      { kind: 'view', id: 'view-vip', name: 'VIP Shoppers' },
    ],
  },
  play: async ({ userEvent, args }) => {
    await expect(dialog().getByText(DASHBOARD_MESSAGES.categoryExplained)).toBeVisible();
    const field = dialog().getByLabelText(DASHBOARD_MESSAGES.categoryName);
    await userEvent.click(field);
    const offered = await screen.findByRole('listbox');
    await expect(within(offered).getAllByRole('option').map((option) => option.textContent)).toEqual(['At Risk', 'VIP Shoppers']);
    await userEvent.type(field, 'vi');
    await userEvent.click(await screen.findByRole('option', { name: 'VIP Shoppers' }));
    await expect(field).toHaveValue('VIP Shoppers');
    await userEvent.click(dialog().getByRole('button', { name: ADD_CATEGORY_LABELS.add }));
    await expect(args.onLookup).toHaveBeenCalledWith('VIP Shoppers');
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { AUDIENCE_MESSAGES, AUDIENCE_PAGE_SIZE } from '@domain/audience/contract';
import { AUDIENCE_USERS } from '../fixtures';
import { EXPLORER_LABELS } from '../labels';
import { UsersView } from './UsersView';

const highValue = AUDIENCE_USERS.filter((user) => user.categories.includes('high-value'));

const meta = {
  title: 'Audience Intelligence/Users/UsersView',
  component: UsersView,
  args: {
    categoryName: 'High Value',
    page: { users: highValue.slice(0, AUDIENCE_PAGE_SIZE), total: highValue.length, page: 1, limit: AUDIENCE_PAGE_SIZE },
    currentPage: 1,
    loading: false,
    readAt: Date.now(),
    onPageChange: fn(),
    onOpenUser: fn(),
    onBackToCategories: fn(),
  },
} satisfies Meta<typeof UsersView>;
export default meta;

type Story = StoryObj<typeof meta>;

/** A category's users, with the way back. */
export const CategoryUsers: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { name: `High Value (${highValue.length})` })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: AUDIENCE_MESSAGES.backToCategories }));
    await expect(args.onBackToCategories).toHaveBeenCalled();
  },
};

/** Every user: no category to go back from. */
export const AllUsers: Story = {
  args: { categoryName: null, page: { users: AUDIENCE_USERS.slice(0, AUDIENCE_PAGE_SIZE), total: AUDIENCE_USERS.length, page: 1, limit: AUDIENCE_PAGE_SIZE } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: `${EXPLORER_LABELS.allUsers} (${AUDIENCE_USERS.length})` })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: AUDIENCE_MESSAGES.backToCategories })).not.toBeInTheDocument();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, within } from 'storybook/test';
import { AUDIENCE_PAGE_SIZE, CATEGORY_NAMES, RISK_LABELS } from '@domain/audience/contract';
import { AUDIENCE_USERS } from '../fixtures';
import { formatCurrency, formatDateTime, formatPercent } from '../format';
import { NO_USERS_MATCH, USER_COLUMNS, USERS_TABLE_LABEL } from '../labels';
import { UsersTable } from './UsersTable';

const firstPage = { users: AUDIENCE_USERS.slice(0, AUDIENCE_PAGE_SIZE), total: AUDIENCE_USERS.length, page: 1, limit: AUDIENCE_PAGE_SIZE };
const first = AUDIENCE_USERS[0];

const meta = {
  title: 'Audience Intelligence/Users/UsersTable',
  component: UsersTable,
  args: { page: firstPage, currentPage: 1, loading: false, readAt: Date.now(), onPageChange: fn(), onOpenUser: fn() },
} satisfies Meta<typeof UsersTable>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Every column of section 2; a row opens its profile; the next page is asked for. */
export const FirstPage: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const grid = within(canvas.getByRole('grid', { name: USERS_TABLE_LABEL }));
    for (const header of Object.values(USER_COLUMNS)) await expect(grid.getByRole('columnheader', { name: header })).toBeVisible();
    const row = within(grid.getByText(first.name!).closest('[role="row"]') as HTMLElement);
    await expect(row.getByText(first.email!)).toBeVisible();
    await expect(row.getByText(formatCurrency(first.ltv))).toBeVisible();
    await expect(row.getByText(RISK_LABELS[first.risk])).toBeVisible();
    await expect(row.getByText(formatPercent(first.dataSourceCoverage))).toBeVisible();
    if (first.categories[0]) await expect(row.getByText(CATEGORY_NAMES[first.categories[0]])).toBeVisible();
    await expect(canvas.getByText(`1–20 of ${AUDIENCE_USERS.length}`)).toBeVisible();
    await userEvent.click(grid.getByText(first.name!));
    await expect(args.onOpenUser).toHaveBeenCalledWith(first);
    await userEvent.click(canvas.getByRole('button', { name: 'Go to next page' }));
    await expect(args.onPageChange).toHaveBeenCalledWith(2);
  },
};

/** Last Seen is relative; hovering it shows the exact moment. */
export const LastSeenOnHover: Story = {
  play: async ({ canvas, userEvent }) => {
    const seen = AUDIENCE_USERS.slice(0, AUDIENCE_PAGE_SIZE).find((user) => user.lastSeen !== null)!;
    const row = within(canvas.getByText(seen.email ?? seen.id).closest('[role="row"]') as HTMLElement);
    const time = row.getByText((_text, element) => element?.tagName === 'TIME');
    await expect(time).toHaveAttribute('datetime', seen.lastSeen);
    await userEvent.hover(time);
    await expect(await screen.findByRole('tooltip')).toHaveTextContent(formatDateTime(seen.lastSeen!));
  },
};

export const NoMatches: Story = {
  args: { page: { users: [], total: 0, page: 1, limit: AUDIENCE_PAGE_SIZE } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(NO_USERS_MATCH)).toBeVisible();
  },
};

export const Loading: Story = {
  args: { page: undefined, loading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('grid', { name: USERS_TABLE_LABEL })).toBeVisible();
    // While the first page loads the grid shows its loading overlay, not "no users".
    await expect(canvas.queryByText(NO_USERS_MATCH)).not.toBeInTheDocument();
  },
};

import Paper from '@mui/material/Paper';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen } from 'storybook/test';
import { DASHBOARD_MESSAGES } from '@domain/dashboard/contract';
import { METRICS_7D, VIP_VIEW } from './fixtures';
import { USERS_CHART_LABELS, UsersChart } from './UsersChart';
import { usersCategories } from './UsersPanel';

const categories = usersCategories(METRICS_7D.users, [VIP_VIEW]);

const meta = {
  title: 'Dashboard/UsersChart',
  component: UsersChart,
  args: { categories, mode: 'users', onModeChange: fn(), chartType: 'bar', rangeLabel: '7 Days', onDrill: fn(), onAddCategory: fn() },
  // On the page it sits in the main chart's card.
  decorators: [(Story) => <Paper variant="outlined" sx={{ p: 2 }}><Story /></Paper>],
} satisfies Meta<typeof UsersChart>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The ten default segments and an added saved view, users per bar. */
export const Users: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('figure', { name: USERS_CHART_LABELS.title('users') })).toHaveAccessibleDescription(/New Users 1,284.*VIP Shoppers 186/);
    await userEvent.click(canvas.getByRole('button', { name: 'Conversion' }));
    await expect(args.onModeChange).toHaveBeenCalledWith('conversion');
    await userEvent.click(canvas.getByRole('button', { name: DASHBOARD_MESSAGES.addCategory }));
    await expect(args.onAddCategory).toHaveBeenCalled();
  },
};

/** Conversion per category; the details menu drills in from the keyboard. */
export const Conversion: Story = {
  args: { mode: 'conversion' },
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('figure', { name: USERS_CHART_LABELS.title('conversion') })).toHaveAccessibleDescription(/High Value Users 13\.7%/);
    await userEvent.click(canvas.getByLabelText(USERS_CHART_LABELS.details));
    await userEvent.click(await screen.findByRole('option', { name: VIP_VIEW.name }));
    await expect(args.onDrill).toHaveBeenCalledWith(expect.objectContaining({ kind: 'view', id: VIP_VIEW.id }));
  },
};

/** No audience built yet: an empty chart, and categories can still be added. */
export const NoCategories: Story = {
  args: { categories: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('figure', { name: USERS_CHART_LABELS.title('users') })).toHaveAccessibleDescription('Users by Category: no data.');
    await expect(canvas.getByRole('button', { name: DASHBOARD_MESSAGES.addCategory })).toBeEnabled();
  },
};

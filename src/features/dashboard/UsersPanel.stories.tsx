import Paper from '@mui/material/Paper';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { DASHBOARD_MESSAGES } from '@domain/dashboard/contract';
import { mockFetch } from '@/lib/testing/mockFetch';
import { ACME_ID, METRICS_7D, overviewRoutes } from './fixtures';
import { USERS_CHART_LABELS } from './UsersChart';
import { UsersPanel, usersCategories } from './UsersPanel';

const categories = usersCategories(METRICS_7D.users, []);

const meta = {
  title: 'Dashboard/UsersPanel',
  component: UsersPanel,
  args: {
    categories,
    mode: 'users',
    onModeChange: fn(),
    chartType: 'bar',
    drilled: null,
    onDrill: fn(),
    onSaveView: fn(),
    onAddCategory: fn(),
    scope: { companyFilter: ACME_ID, range: '7d' },
    rangeLabel: '7 Days',
  },
  beforeEach: () => mockFetch(overviewRoutes()),
  // On the page it sits in the main chart's card.
  decorators: [(Story) => <Paper variant="outlined" sx={{ p: 2 }}><Story /></Paper>],
} satisfies Meta<typeof UsersPanel>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Categories: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('figure', { name: USERS_CHART_LABELS.title('users') })).toBeVisible();
  },
};

/** Drilled into Weekend Users: its series from the server, and Back. */
export const DrilledIn: Story = {
  args: { drilled: categories[5] },
  play: async ({ canvas, userEvent, args }) => {
    await expect(await canvas.findByRole('figure', { name: DASHBOARD_MESSAGES.details('Weekend Users') })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: DASHBOARD_MESSAGES.back }));
    await expect(args.onDrill).toHaveBeenCalledWith(null);
  },
};

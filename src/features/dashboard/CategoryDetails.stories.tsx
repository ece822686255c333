import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { DASHBOARD_MESSAGES } from '@domain/dashboard/contract';
import { CATEGORY_DETAILS_LABELS, CategoryDetails } from './CategoryDetails';
import { seriesFor } from './fixtures';

const meta = {
  title: 'Dashboard/CategoryDetails',
  component: CategoryDetails,
  args: {
    categoryName: 'Premium Users',
    mode: 'conversion',
    series: seriesFor('category', 'premium', 'Premium Users'),
    isLoading: false,
    error: null,
    onRetry: fn(),
    rangeLabel: '7 Days',
    onBack: fn(),
    onSaveView: fn(),
  },
} satisfies Meta<typeof CategoryDetails>;
export default meta;

type Story = StoryObj<typeof meta>;

export const PremiumConversion: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('heading', { name: DASHBOARD_MESSAGES.details('Premium Users') })).toBeVisible();
    await expect(canvas.getByRole('figure', { name: DASHBOARD_MESSAGES.details('Premium Users') })).toHaveAccessibleDescription(/^Conversion rate \(%\)/);
    await userEvent.click(canvas.getByRole('button', { name: DASHBOARD_MESSAGES.back }));
    await expect(args.onBack).toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: DASHBOARD_MESSAGES.saveView }));
    await expect(args.onSaveView).toHaveBeenCalled();
  },
};

export const Users: Story = {
  args: { mode: 'users', categoryName: 'VIP Shoppers', series: seriesFor('view', 'view-vip-shoppers', 'VIP Shoppers', { range: '30d' }), rangeLabel: '30 Days' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('figure', { name: DASHBOARD_MESSAGES.details('VIP Shoppers') })).toHaveAccessibleDescription(/^Users: /);
  },
};

export const Loading: Story = {
  args: { series: undefined, isLoading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: CATEGORY_DETAILS_LABELS.loading })).toBeVisible();
  },
};

export const Failed: Story = {
  args: { series: undefined, error: new Error('Internal server error') },
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByText(CATEGORY_DETAILS_LABELS.failed)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

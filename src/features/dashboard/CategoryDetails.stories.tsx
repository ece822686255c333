import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { DASHBOARD_MESSAGES } from '@domain/dashboard/contract';
import { axisTitles, expectWholeTickLabels, svgTexts } from '@/lib/testing/chartText';
import { PHONE_GLOBALS } from '@/lib/testing/phone';
import { ACTIVE_USERS_TITLE, SERIES_LABELS } from './chartModel';
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
    const figure = canvas.getByRole('figure', { name: DASHBOARD_MESSAGES.details('Premium Users') });
    await expect(figure).toHaveAccessibleDescription(/^Conversion rate \(%\)/);
    // Its axes say what the points are and what is counted; today is marked as under way.
    await waitFor(() => expect(axisTitles(figure)).toEqual(['Day', SERIES_LABELS.conversion]));
    await expect(svgTexts(figure)).toContain('Today so far');
    await expectWholeTickLabels(figure);
    await userEvent.click(canvas.getByRole('button', { name: DASHBOARD_MESSAGES.back }));
    await expect(args.onBack).toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: DASHBOARD_MESSAGES.saveView }));
    await expect(args.onSaveView).toHaveBeenCalled();
  },
};

export const Users: Story = {
  args: { mode: 'users', categoryName: 'VIP Shoppers', series: seriesFor('view', 'view-vip-shoppers', 'VIP Shoppers', { range: '30d' }), rangeLabel: '30 Days' },
  play: async ({ canvas }) => {
    const figure = canvas.getByRole('figure', { name: DASHBOARD_MESSAGES.details('VIP Shoppers') });
    await expect(figure).toHaveAccessibleDescription(/^Users: /);
    await waitFor(() => expect(axisTitles(figure)).toEqual(['Week', ACTIVE_USERS_TITLE]));
    await expect(svgTexts(figure)).toContain('This week so far');
    await expectWholeTickLabels(figure);
  },
};

/** At phone width: the axis titles and the labels drawn are whole. */
export const UsersOnPhone: Story = {
  ...Users,
  globals: PHONE_GLOBALS,
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

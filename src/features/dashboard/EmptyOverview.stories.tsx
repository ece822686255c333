import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { DASHBOARD_MESSAGES } from '@domain/dashboard/contract';
import { EMPTY_OVERVIEW_LINKS, EmptyOverview } from './EmptyOverview';

const meta = {
  title: 'Dashboard/EmptyOverview',
  component: EmptyOverview,
} satisfies Meta<typeof EmptyOverview>;
export default meta;

type Story = StoryObj<typeof meta>;

export const NoDataYet: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: DASHBOARD_MESSAGES.emptyTitle })).toBeVisible();
    await expect(canvas.getByText(DASHBOARD_MESSAGES.emptyBody)).toBeVisible();
    await expect(canvas.getByRole('link', { name: EMPTY_OVERVIEW_LINKS.outboundApi })).toHaveAttribute('href', '/outbound-api');
    await expect(canvas.getByRole('link', { name: EMPTY_OVERVIEW_LINKS.liveIq })).toHaveAttribute('href', '/zero-party/survey-published');
  },
};

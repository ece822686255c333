import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { ACTION_LABELS, EMPTY_AUDIENCE } from './labels';
import { EmptyAudience } from './EmptyAudience';

const meta = {
  title: 'Audience Intelligence/EmptyAudience',
  component: EmptyAudience,
  args: { onBuild: fn() },
} satisfies Meta<typeof EmptyAudience>;
export default meta;

type Story = StoryObj<typeof meta>;

/** How data gets in, with links to where; and building the profiles from what is already in. */
export const NoProfiles: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { name: EMPTY_AUDIENCE.title })).toBeVisible();
    await expect(canvas.getByRole('link', { name: EMPTY_AUDIENCE.importCustomers })).toHaveAttribute('href', '/data-sources');
    await expect(canvas.getByRole('link', { name: EMPTY_AUDIENCE.collectSurveys })).toHaveAttribute('href', '/zero-party/survey-published');
    await expect(canvas.getByRole('link', { name: EMPTY_AUDIENCE.sendEvents })).toHaveAttribute('href', '/outbound-api');
    await userEvent.click(canvas.getByRole('button', { name: ACTION_LABELS.rebuild }));
    await expect(args.onBuild).toHaveBeenCalled();
  },
};

/** A build is under way: no second one is offered. */
export const Building: Story = {
  args: { onBuild: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: ACTION_LABELS.rebuild })).not.toBeInTheDocument();
  },
};

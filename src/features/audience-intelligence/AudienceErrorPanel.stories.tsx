import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { AUDIENCE_MESSAGES } from '@domain/audience/contract';
import { ApiError } from '@/lib/apiClient';
import { failure } from '@/lib/testing/mockFetch';
import { AudienceErrorPanel } from './AudienceErrorPanel';

const meta = {
  title: 'Audience Intelligence/AudienceErrorPanel',
  component: AudienceErrorPanel,
  args: {
    message: AUDIENCE_MESSAGES.categories,
    error: new ApiError('Something went wrong on our side.', 500, failure('internal_error').body),
    onRetry: fn(),
  },
} satisfies Meta<typeof AudienceErrorPanel>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Error Loading Data, which call failed, the server's reason, and Retry. */
export const CategoriesFailed: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const alert = within(canvas.getByRole('alert'));
    await expect(alert.getByText(AUDIENCE_MESSAGES.errorTitle)).toBeVisible();
    await expect(alert.getByText(AUDIENCE_MESSAGES.categories)).toBeVisible();
    await expect(alert.getByText('Something went wrong on our side.')).toBeVisible();
    await userEvent.click(alert.getByRole('button', { name: AUDIENCE_MESSAGES.retry }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

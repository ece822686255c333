import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { mockFetch, type MockCall } from '@/lib/testing/mockFetch';
import { ACME_ID, audienceRoutes, SAVED_VIEWS, withAudienceSession } from '../fixtures';
import { DELETE_VIEW_LABELS } from '../labels';
import { DeleteViewDialog } from './DeleteViewDialog';

let calls: MockCall[] = [];

const meta = {
  title: 'Audience Intelligence/Views/DeleteViewDialog',
  component: DeleteViewDialog,
  decorators: [withAudienceSession()],
  args: { companyId: ACME_ID, view: SAVED_VIEWS[0], onClose: fn(), onDeleted: fn() },
  beforeEach: () => {
    const restore = mockFetch(audienceRoutes());
    calls = restore.calls;
    return restore;
  },
} satisfies Meta<typeof DeleteViewDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Asks first, then deletes the view on the server. */
export const Confirm: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = within(await screen.findByRole('dialog', { name: DELETE_VIEW_LABELS.title }));
    await expect(dialog.getByText(DELETE_VIEW_LABELS.question(SAVED_VIEWS[0].name))).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: DELETE_VIEW_LABELS.confirm }));
    await waitFor(() => expect(args.onDeleted).toHaveBeenCalledWith(SAVED_VIEWS[0]));
    await expect(calls.find((call) => call.method === 'DELETE')?.path).toBe(`/api/audience-intelligence/views/${SAVED_VIEWS[0].id}`);
    await expect(args.onClose).toHaveBeenCalled();
  },
};

export const DeleteFailed: Story = {
  beforeEach: () => mockFetch(audienceRoutes({ failing: ['DELETE /views'] })),
  play: async ({ args, userEvent }) => {
    const dialog = within(await screen.findByRole('dialog', { name: DELETE_VIEW_LABELS.title }));
    await userEvent.click(dialog.getByRole('button', { name: DELETE_VIEW_LABELS.confirm }));
    await expect(await dialog.findByText(new RegExp(`^${DELETE_VIEW_LABELS.failed}`))).toBeVisible();
    await expect(args.onDeleted).not.toHaveBeenCalled();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { expectShown } from '@/lib/testing/storyHelpers';
import { stubClipboard } from '@/lib/testing/clipboard';
import { API_KEYS, SAMPLE_TOKEN, withApiSession } from '../fixtures';
import { KEY_LABELS, KEY_MESSAGES_SHOWN } from '../labels';
import { TokenRevealDialog } from './TokenRevealDialog';

let clipboard: ReturnType<typeof stubClipboard>;

const meta = {
  title: 'Outbound API/Keys/TokenRevealDialog',
  component: TokenRevealDialog,
  decorators: [withApiSession()],
  args: { created: { key: API_KEYS[1], token: SAMPLE_TOKEN }, onClose: fn() },
  beforeEach: () => {
    clipboard = stubClipboard();
    return clipboard;
  },
} satisfies Meta<typeof TokenRevealDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

const dialog = async () => within(await screen.findByRole('dialog', { name: /Your new API token/ }));

export const ShownOnce: Story = {
  play: async () => {
    const reveal = await dialog();
    await expect(reveal.getByRole('textbox', { name: 'API token' })).toHaveValue(SAMPLE_TOKEN);
    await expect(reveal.getByText(KEY_MESSAGES_SHOWN.securityNotice)).toBeVisible();
  },
};

export const CopyToken: Story = {
  play: async ({ args, userEvent }) => {
    await userEvent.click((await dialog()).getByRole('button', { name: KEY_LABELS.copyToken }));
    await waitFor(() => expect(args.onClose).toHaveBeenCalled());
    await expect(clipboard.writes).toEqual([SAMPLE_TOKEN]);
    await expectShown(() => screen.getByText(KEY_MESSAGES_SHOWN.copied));
  },
};

/** Closing without saving asks first; staying keeps the token on screen. */
export const CloseAsksFirst: Story = {
  play: async ({ args, userEvent }) => {
    await userEvent.click((await dialog()).getByRole('button', { name: 'Close' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Close without saving the token?' }));
    await expect(confirm.getByText(KEY_MESSAGES_SHOWN.closeWithoutSaving)).toBeVisible();
    await userEvent.click(confirm.getByRole('button', { name: 'Keep it open' }));
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};

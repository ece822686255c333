import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { withSurveySession } from '../fixtures';
import { stubClipboard } from '@/lib/testing/clipboard';
import { SECRET_DIALOG_TITLE, SECRET_SHOWN_ONCE, SECRET_STORED_LABEL, WebhookSecretDialog } from './WebhookSecretDialog';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
let clipboard: ReturnType<typeof stubClipboard>;

const meta = {
  title: 'Surveys/LiveIQ/Embed Code/WebhookSecretDialog',
  component: WebhookSecretDialog,
  args: { secret: SECRET, onClose: fn() },
  decorators: [withSurveySession()],
  beforeEach: () => {
    clipboard = stubClipboard();
    return clipboard;
  },
} satisfies Meta<typeof WebhookSecretDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Shown once: it says so, copies the secret, and closes only when told it was stored. */
export const ShownOnce: Story = {
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog', { name: SECRET_DIALOG_TITLE }));
    await expect(dialog.getByText(SECRET_SHOWN_ONCE)).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Signing secret' })).toHaveValue(SECRET);
    await userEvent.click(dialog.getByRole('button', { name: 'Copy Secret' }));
    await expect(clipboard.writes).toEqual([SECRET]);
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).not.toHaveBeenCalled();
    await userEvent.click(dialog.getByRole('button', { name: SECRET_STORED_LABEL }));
    await expect(args.onClose).toHaveBeenCalledOnce();
  },
};

export const Closed: Story = {
  args: { secret: null },
  play: async () => {
    await expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  },
};

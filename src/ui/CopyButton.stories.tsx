import type { Meta, StoryObj } from '@storybook/react-vite';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { expect, screen, waitFor } from 'storybook/test';
import { NotificationsProvider } from '@/lib/notifications';
import { stubClipboard } from '@/lib/testing/clipboard';
import { COPIED_FOR_MS, COPIED_LABEL, COPY_FAILED, CopyButton } from './CopyButton';

let clipboard: ReturnType<typeof stubClipboard>;

const meta = {
  title: 'UI/CopyButton',
  component: CopyButton,
  args: { text: '<script src="https://app.navout.example/widget/navout.js" async></script>', label: 'Copy Code' },
  decorators: [
    (Story) => (
      <NotificationsProvider>
        <Story />
      </NotificationsProvider>
    ),
  ],
  beforeEach: () => {
    clipboard = stubClipboard();
    return clipboard;
  },
} satisfies Meta<typeof CopyButton>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Copies, says "Copied" for two seconds, then offers to copy again. */
export const Copies: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Copy Code' }));
    await expect(canvas.getByRole('button', { name: COPIED_LABEL })).toBeVisible();
    await expect(clipboard.writes).toEqual([args.text]);
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Copy Code' })).toBeVisible(), { timeout: COPIED_FOR_MS + 2_000 });
  },
};

/** A browser that refuses the clipboard: the button says why instead of pretending. */
export const ClipboardRefused: Story = {
  beforeEach: () => stubClipboard(true),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Copy Code' }));
    // The notice is portalled next to the story; the first one of a page downloads the snackbar.
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(COPY_FAILED), { timeout: 5_000 });
    await expect(screen.getByRole('alert')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: COPIED_LABEL })).not.toBeInTheDocument();
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Copy Code' })).toBeDisabled();
  },
};

/** Beside the value it copies, in a row: the button names that value as what it acts on. */
export const BesideItsValue: Story = {
  args: { text: 'http://localhost:3000/api/ingest/ds-webhook', label: 'Copy URL', describedBy: 'ingestion-url' },
  render: (args) => (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', maxWidth: 320 }}>
      <Typography id="ingestion-url" variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', flexGrow: 1 }}>
        {args.text}
      </Typography>
      <CopyButton {...args} />
    </Stack>
  ),
  play: async ({ args, canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Copy URL' });
    await expect(button).toHaveAccessibleDescription(args.text);
    await userEvent.click(button);
    await expect(clipboard.writes).toEqual([args.text]);
  },
};

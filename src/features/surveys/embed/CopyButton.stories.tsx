import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { withSurveySession } from '../fixtures';
import { stubClipboard } from '@/lib/testing/clipboard';
import { expectNotice } from '../published/storyHelpers';
import { COPIED_FOR_MS, COPIED_LABEL, COPY_FAILED, CopyButton } from './CopyButton';

let clipboard: ReturnType<typeof stubClipboard>;

const meta = {
  title: 'Surveys/LiveIQ/Embed Code/CopyButton',
  component: CopyButton,
  args: { text: '<script src="https://app.navout.example/widget/navout.js" async></script>', label: 'Copy Code' },
  decorators: [withSurveySession()],
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
    await expectNotice(COPY_FAILED);
    await expect(canvas.queryByRole('button', { name: COPIED_LABEL })).not.toBeInTheDocument();
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Copy Code' })).toBeDisabled();
  },
};

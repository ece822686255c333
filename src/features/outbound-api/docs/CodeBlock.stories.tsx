import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { stubClipboard } from '@/lib/testing/clipboard';
import { withApiSession } from '../fixtures';
import { CodeBlock } from './CodeBlock';

let clipboard: ReturnType<typeof stubClipboard>;

const meta = {
  title: 'Outbound API/Docs/CodeBlock',
  component: CodeBlock,
  decorators: [withApiSession()],
  args: { title: 'Request body', code: JSON.stringify({ query: 'trail running shoes', top_k: 5 }, null, 2) },
  beforeEach: () => {
    clipboard = stubClipboard();
    return clipboard;
  },
} satisfies Meta<typeof CodeBlock>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Copy: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Copy request body' }));
    await expect(clipboard.writes).toEqual([args.code]);
    await expect(canvas.getByRole('button', { name: 'Copied request body' })).toBeVisible();
  },
};

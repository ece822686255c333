import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { API_KEYS } from '../fixtures';
import { KEY_LABELS } from '../labels';
import { ApiKeysTable } from './ApiKeysTable';

const meta = {
  title: 'Outbound API/Keys/ApiKeysTable',
  component: ApiKeysTable,
  args: { keys: API_KEYS, canManage: true, busyIds: [], onToggleActive: fn(), onDelete: fn() },
} satisfies Meta<typeof ApiKeysTable>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Manageable: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getByText(KEY_LABELS.paused)).toBeVisible();
    await expect(canvas.getByText(KEY_LABELS.never)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: `${KEY_LABELS.pause} ${API_KEYS[0].name}` }));
    await expect(args.onToggleActive).toHaveBeenCalledWith(API_KEYS[0]);
  },
};

export const ReadOnly: Story = {
  args: { canManage: false },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  },
};

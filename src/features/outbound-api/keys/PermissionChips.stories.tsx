import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { PermissionChips } from './PermissionChips';

const meta = { title: 'Outbound API/Keys/PermissionChips', component: PermissionChips, args: { permissions: ['read', 'write', 'admin'] } } satisfies Meta<typeof PermissionChips>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Read in one colour, write and admin in another. */
export const AllPermissions: Story = {
  play: async ({ canvas }) => {
    const read = canvas.getByText('read').closest('.MuiChip-root');
    const write = canvas.getByText('write').closest('.MuiChip-root');
    await expect(read).toHaveClass('MuiChip-colorInfo');
    await expect(write).toHaveClass('MuiChip-colorSecondary');
  },
};

export const ReadOnly: Story = { args: { permissions: ['read'] } };

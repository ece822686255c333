import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { CUSTOM_ATTRIBUTES } from '../fixtures';
import { CustomAttributesTable } from './CustomAttributesTable';

const meta = {
  title: 'Outbound API/Attributes/CustomAttributesTable',
  component: CustomAttributesTable,
  args: { attributes: CUSTOM_ATTRIBUTES, canManage: true, onEdit: fn(), onDelete: fn() },
} satisfies Meta<typeof CustomAttributesTable>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Manageable: Story = {
  play: async ({ canvas, args, userEvent }) => {
    for (const header of ['Name', 'Type', 'Created', 'Actions']) await expect(await canvas.findByRole('columnheader', { name: new RegExp(`^${header}`) })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Edit is_gift' }));
    await expect(args.onEdit).toHaveBeenCalledWith(CUSTOM_ATTRIBUTES[2]);
  },
};

export const ReadOnly: Story = { args: { canManage: false } };

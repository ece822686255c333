import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { MicrosoftButton } from './MicrosoftButton';

const meta = {
  title: 'Auth/MicrosoftButton',
  component: MicrosoftButton,
  args: { onClick: fn() },
} satisfies Meta<typeof MicrosoftButton>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Available: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Microsoft work account' }));
    await expect(args.onClick).toHaveBeenCalled();
  },
};

export const NotConfigured: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Microsoft work account' })).toBeDisabled();
  },
};

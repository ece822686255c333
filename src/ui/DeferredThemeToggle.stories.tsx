import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { DeferredThemeToggle } from './DeferredThemeToggle';

const meta = {
  title: 'UI/DeferredThemeToggle',
  component: DeferredThemeToggle,
} satisfies Meta<typeof DeferredThemeToggle>;
export default meta;

type Story = StoryObj<typeof meta>;

export const SwitchesTheTheme: Story = {
  play: async ({ canvas, userEvent }) => {
    const toggle = await canvas.findByRole('button', { name: /^Switch to (dark|light) theme$/ });
    const before = document.documentElement.getAttribute('data-theme');
    await userEvent.click(toggle);
    await expect(document.documentElement.getAttribute('data-theme')).not.toBe(before);
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Logo, NAVOUT_TAGLINE } from './Logo';

const meta = {
  title: 'Theme/Logo',
  component: Logo,
  tags: ['autodocs'],
  argTypes: {
    size: { control: { type: 'range', min: 16, max: 96, step: 4 } },
  },
} satisfies Meta<typeof Logo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Mark and wordmark: the sidebar when expanded, the sign-in pages. */
export const Expanded: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Nav')).toBeVisible();
    // The mark is decoration next to the wordmark, so it has no name of its own.
    await expect(canvas.queryByRole('img')).toBeNull();
  },
};

/** Mark only: the collapsed sidebar. */
export const Collapsed: Story = {
  args: { collapsed: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Navout' })).toBeVisible();
    await expect(canvas.queryByText('Nav')).toBeNull();
  },
};

export const WithTagline: Story = {
  args: { tagline: true, size: 48 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(NAVOUT_TAGLINE)).toBeVisible();
  },
};

export const Large: Story = {
  args: { size: 72 },
};

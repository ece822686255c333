import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ComingSoon, NOT_AVAILABLE_YET } from './ComingSoon';

const meta = {
  title: 'UI/ComingSoon',
  component: ComingSoon,
  args: { title: 'Data Sources' },
} satisfies Meta<typeof ComingSoon>;
export default meta;

type Story = StoryObj<typeof meta>;

export const PageNotBuiltYet: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Data Sources' })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 2, name: 'Data Sources is not available yet' })).toBeVisible();
    await expect(canvas.getByText(NOT_AVAILABLE_YET)).toBeVisible();
  },
};

export const WithOwnHeading: Story = {
  args: { title: 'The dashboard overview', heading: 'Welcome to Acme Retail' },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { SomethingWentWrong } from './RouteErrorBoundary';

const meta = {
  title: 'App/SomethingWentWrong',
  component: SomethingWentWrong,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SomethingWentWrong>;
export default meta;

type Story = StoryObj<typeof meta>;

export const PageFailedToLoad: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Reload' })).toBeEnabled();
  },
};

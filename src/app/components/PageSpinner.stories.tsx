import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { PageSpinner } from './PageSpinner';

const meta = {
  title: 'App/PageSpinner',
  component: PageSpinner,
} satisfies Meta<typeof PageSpinner>;
export default meta;

type Story = StoryObj<typeof meta>;

export const InPage: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading...');
  },
};

export const FullScreen: Story = {
  args: { fullScreen: true, label: 'Checking your session...' },
  parameters: { layout: 'fullscreen' },
};

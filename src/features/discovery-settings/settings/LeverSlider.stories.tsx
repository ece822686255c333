import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { DISCOVERY_LEVER_INFO } from '@domain/models/settings';
import { READINESS } from '../fixtures';
import { LeverSlider } from './LeverSlider';

const meta = {
  title: 'Discovery Settings/LeverSlider',
  component: LeverSlider,
  args: { info: DISCOVERY_LEVER_INFO.trendingContent, value: 85, onChange: fn(), readiness: READINESS.find((entry) => entry.lever === 'trendingContent') },
} satisfies Meta<typeof LeverSlider>;
export default meta;

type Story = StoryObj<typeof meta>;

export const WithReadiness: Story = {
  play: async ({ canvas, args, userEvent }) => {
    const slider = canvas.getByRole('slider', { name: 'Trending Content' });
    await expect(slider).toHaveAttribute('aria-valuenow', '85');
    await expect(canvas.getByText('85 %')).toBeVisible();
    slider.focus();
    await userEvent.keyboard('{ArrowLeft}');
    await expect(args.onChange).toHaveBeenCalledWith(84);
  },
};

/** No delivery data: the note is a warning, the slider has no effect. */
export const NoEffect: Story = {
  args: { info: DISCOVERY_LEVER_INFO.deliveryAware, value: 80, edited: true, readiness: READINESS.find((entry) => entry.lever === 'deliveryAware') },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/so this slider has no effect/)).toBeVisible();
    await expect(canvas.getByText('(edited)')).toBeVisible();
  },
};

export const Disabled: Story = {
  args: { disabled: true, readiness: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('slider', { name: 'Trending Content' })).toBeDisabled();
  },
};

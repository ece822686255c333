import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { PxSlider } from './PxSlider';

const meta = {
  title: 'Surveys/Styling/PxSlider',
  component: PxSlider,
  args: { label: 'Border Radius', value: 8, min: 0, max: 20, onChange: fn() },
} satisfies Meta<typeof PxSlider>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Pixels: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText('Border Radius: 8px')).toBeVisible();
    const slider = canvas.getByRole('slider', { name: /Border Radius/ });
    await expect(slider).toHaveAttribute('aria-valuetext', '8px');
    slider.focus();
    await userEvent.keyboard('{End}');
    await expect(args.onChange).toHaveBeenLastCalledWith(20);
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn } from 'storybook/test';
import { ColorField } from './ColorField';

const meta = {
  title: 'Surveys/Styling/ColorField',
  component: ColorField,
  args: { label: 'Button Color', value: '#007bff', onChange: fn() },
} satisfies Meta<typeof ColorField>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The picker and the hex field show the same colour; a short hex is widened for the picker. */
export const PickAColour: Story = {
  args: { value: '#0af' },
  play: async ({ args, canvas }) => {
    const picker = canvas.getByLabelText('Button Color picker');
    await expect(picker).toHaveValue('#00aaff');
    await expect(canvas.getByRole('textbox', { name: 'Button Color' })).toHaveValue('#0af');
    fireEvent.input(picker, { target: { value: '#ff8800' } });
    await expect(args.onChange).toHaveBeenCalledWith('#ff8800');
  },
};

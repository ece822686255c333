import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { PICKER_TYPES, QUESTION_TYPE_LABELS } from '@domain/survey/defaults';
import { QuestionTypePicker } from './QuestionTypePicker';

const meta = {
  title: 'Surveys/CreateIQ/QuestionTypePicker',
  component: QuestionTypePicker,
  args: { value: 'rating', onPick: fn() },
} satisfies Meta<typeof QuestionTypePicker>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Types: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getAllByRole('button').map((button) => button.textContent)).toEqual(PICKER_TYPES.map((type) => QUESTION_TYPE_LABELS[type]));
    await expect(canvas.getByRole('button', { name: 'Rating' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(canvas.getByRole('button', { name: 'Dropdown' }));
    await expect(args.onPick).toHaveBeenCalledWith('dropdown');
  },
};

import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen } from 'storybook/test';
import { newQuestion } from '@domain/survey/defaults';
import { QuestionSettingsFields, SETTINGS_LABELS, type QuestionSettingsFieldsProps } from './QuestionSettingsFields';

function Stateful(args: QuestionSettingsFieldsProps) {
  const [question, setQuestion] = useState(args.question);
  return (
    <QuestionSettingsFields
      question={question}
      onChange={(settings) => {
        setQuestion({ ...question, settings });
        args.onChange(settings);
      }}
    />
  );
}

const meta = {
  title: 'Surveys/CreateIQ/QuestionSettingsFields',
  component: QuestionSettingsFields,
  args: { question: newQuestion('text', 'q_text'), onChange: fn() },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof QuestionSettingsFields>;
export default meta;

type Story = StoryObj<typeof meta>;

export const TextLengths: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('textbox', { name: SETTINGS_LABELS.placeholder })).toHaveValue('Enter your answer...');
    await expect(canvas.getByRole('spinbutton', { name: SETTINGS_LABELS.maxLength })).toHaveValue(1000);
    await userEvent.clear(canvas.getByRole('spinbutton', { name: SETTINGS_LABELS.minLength }));
    await userEvent.type(canvas.getByRole('spinbutton', { name: SETTINGS_LABELS.minLength }), '5');
    await expect(args.onChange).toHaveBeenLastCalledWith(expect.objectContaining({ minLength: 5 }));
  },
};

/** A number's range is kept both as min/max (the editor's) and minValue/maxValue. */
export const NumberRange: Story = {
  args: { question: newQuestion('number', 'q_number') },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('spinbutton', { name: SETTINGS_LABELS.max })).toHaveValue(10);
    await userEvent.clear(canvas.getByRole('spinbutton', { name: SETTINGS_LABELS.max }));
    await userEvent.type(canvas.getByRole('spinbutton', { name: SETTINGS_LABELS.max }), '8');
    await expect(args.onChange).toHaveBeenLastCalledWith(expect.objectContaining({ max: 8, maxValue: 8 }));
  },
};

/** The rating scale runs from 1 to settings.maxValue (5 by default). */
export const RatingScale: Story = {
  args: { question: newQuestion('rating', 'q_rating') },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('combobox', { name: SETTINGS_LABELS.ratingMax })).toHaveTextContent('1 to 5');
    await userEvent.click(canvas.getByRole('combobox', { name: SETTINGS_LABELS.ratingMax }));
    await userEvent.click(await screen.findByRole('option', { name: '1 to 10' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(expect.objectContaining({ maxValue: 10 }));
  },
};

export const DateFormat: Story = {
  args: { question: newQuestion('date', 'q_date') },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: SETTINGS_LABELS.dateFormat }));
    await userEvent.click(await screen.findByRole('option', { name: 'Time' }));
    await expect(args.onChange).toHaveBeenLastCalledWith({ dateFormat: 'time' });
  },
};

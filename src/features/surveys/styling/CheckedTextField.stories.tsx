import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { CheckedTextField, type CheckedTextFieldProps } from './CheckedTextField';

function Stateful(args: CheckedTextFieldProps) {
  const [value, setValue] = useState(args.value);
  return (
    <CheckedTextField
      {...args}
      value={value}
      onChange={(next) => {
        setValue(next);
        args.onChange(next);
      }}
    />
  );
}
import { styleFieldSchemas } from './fieldChecks';

const meta = {
  title: 'Surveys/Styling/CheckedTextField',
  component: CheckedTextField,
  args: { label: 'Padding', value: '20px', schema: styleFieldSchemas.padding, onChange: fn(), helperText: 'e.g. 12px 24px' },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof CheckedTextField>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Only acceptable values are passed on; what is typed meanwhile stays, with the reason. */
export const PassesOnValidValues: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const field = canvas.getByRole('textbox', { name: 'Padding' });
    await userEvent.clear(field);
    await userEvent.type(field, '12px; color: red');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onChange).not.toHaveBeenCalledWith('12px; color: red');
    await userEvent.clear(field);
    await userEvent.type(field, '12px 24px');
    await expect(args.onChange).toHaveBeenLastCalledWith('12px 24px');
    await expect(field).toHaveAttribute('aria-invalid', 'false');
  },
};

import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { TRIGGER_TYPES, type TriggerType } from '@domain/survey/collection';
import { TRIGGER_TYPE_TEXT, TriggerTypeField, type TriggerTypeFieldProps } from './TriggerTypeField';

function Stateful(args: TriggerTypeFieldProps) {
  const [value, setValue] = useState<TriggerType>(args.value);
  return (
    <TriggerTypeField
      {...args}
      value={value}
      onChange={(next) => {
        setValue(next);
        args.onChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Surveys/LiveIQ/Embed Code/TriggerTypeField',
  component: TriggerTypeField,
  args: { name: 'triggerType', value: 'none', onChange: fn() },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof TriggerTypeField>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Every type with what it does; choosing one hands it on. */
export const Choose: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('group', { name: 'On completion' })).toBeVisible();
    await expect(canvas.getAllByRole('radio')).toHaveLength(TRIGGER_TYPES.length);
    await expect(canvas.getByText(TRIGGER_TYPE_TEXT.webhook.help)).toBeVisible();
    await expect(canvas.getByRole('radio', { name: /None/ })).toBeChecked();
    await userEvent.click(canvas.getByRole('radio', { name: /Redirect/ }));
    await expect(args.onChange).toHaveBeenLastCalledWith('redirect');
    await expect(canvas.getByRole('radio', { name: /Redirect/ })).toBeChecked();
  },
};

/** For whoever may not change it: the choice shows, the radios are disabled, the legend stays readable. */
export const Disabled: Story = {
  args: { value: 'callback', disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('radio', { name: /JavaScript callback/ })).toBeChecked();
    for (const radio of canvas.getAllByRole('radio')) await expect(radio).toBeDisabled();
    await expect(canvas.getByText('On completion')).not.toHaveClass('Mui-disabled');
  },
};

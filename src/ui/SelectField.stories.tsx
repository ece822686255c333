import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { SelectField, type SelectFieldProps } from './SelectField';

type Schedule = 'manual' | 'hourly' | 'daily' | 'weekly';

const SCHEDULES: SelectFieldProps<Schedule>['options'] = [
  { value: 'manual', label: 'Manual only' },
  { value: 'hourly', label: 'Every hour', disabled: true },
  { value: 'daily', label: 'Every day' },
  { value: 'weekly', label: 'Every week' },
];

/** A controlled select, as the screens hold one: the chosen value comes back through onChange. */
function ScheduleSelect({ onChange, ...props }: Omit<SelectFieldProps<Schedule>, 'value' | 'options'>) {
  const [value, setValue] = useState<Schedule>('manual');
  return (
    <SelectField
      {...props}
      options={SCHEDULES}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

const meta = {
  title: 'UI/SelectField',
  component: ScheduleSelect,
  args: { label: 'Sync schedule', helperText: 'How often the source syncs by itself.', onChange: fn(), sx: { minWidth: 240 } },
} satisfies Meta<typeof ScheduleSelect>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Opening the menu and picking an option shows it and hands its value back; a disabled one cannot be picked. */
export const PickAnOption: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const select = canvas.getByRole('combobox', { name: 'Sync schedule' });
    await expect(select).toHaveTextContent('Manual only');
    await expect(canvas.getByText('How often the source syncs by itself.')).toBeVisible();
    await userEvent.click(select);
    // The menu is portalled next to the story, so it is looked up in the whole document.
    const menu = within(await within(document.body).findByRole('listbox'));
    await expect(menu.getByRole('option', { name: 'Every hour' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(menu.getByRole('option', { name: 'Every week' }));
    await expect(args.onChange).toHaveBeenCalledWith('weekly');
    await expect(select).toHaveTextContent('Every week');
  },
};

export const Small: Story = {
  args: { size: 'small', helperText: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Sync schedule' })).toHaveTextContent('Manual only');
  },
};

export const Disabled: Story = {
  args: { disabled: true, helperText: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Sync schedule' })).toHaveAttribute('aria-disabled', 'true');
  },
};

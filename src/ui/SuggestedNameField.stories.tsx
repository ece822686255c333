import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, within } from 'storybook/test';
import { SuggestedNameField, type SuggestedNameFieldProps } from './SuggestedNameField';

/** The field as a form holds it: the typed value kept by the caller. */
function Controlled(props: Omit<SuggestedNameFieldProps, 'value'>) {
  const [value, setValue] = useState('');
  return (
    <SuggestedNameField
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        props.onChange(next);
      }}
    />
  );
}

const meta = {
  title: 'UI/SuggestedNameField',
  component: Controlled,
  args: { label: 'Category Name', suggestions: ['At Risk', 'High Value', 'VIP Shoppers'], onChange: fn() },
} satisfies Meta<typeof Controlled>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Typing narrows the names offered; a choice fills the field, and any other name may be typed. */
export const OffersAsYouType: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const field = canvas.getByRole('combobox', { name: 'Category Name' });
    await userEvent.type(field, 'v');
    const listbox = within(await screen.findByRole('listbox'));
    await expect(listbox.getAllByRole('option').map((option) => option.textContent)).toEqual(['High Value', 'VIP Shoppers']);
    await userEvent.click(listbox.getByRole('option', { name: 'VIP Shoppers' }));
    await expect(field).toHaveValue('VIP Shoppers');
    await userEvent.clear(field);
    await userEvent.type(field, 'Night Owls');
    await expect(args.onChange).toHaveBeenLastCalledWith('Night Owls');
  },
};

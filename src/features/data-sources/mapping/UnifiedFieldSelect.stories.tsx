import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { UnifiedFieldSelect, type UnifiedFieldSelectProps } from './UnifiedFieldSelect';
import { unifiedOptionGroups } from './unifiedOptions';

function Controlled(props: UnifiedFieldSelectProps) {
  const [value, setValue] = useState(props.value);
  return (
    <UnifiedFieldSelect
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
  title: 'Data Sources/Mapping/UnifiedFieldSelect',
  component: Controlled,
  args: { value: 'email', label: 'Unified field for email', emptyLabel: 'Keep as is', groups: unifiedOptionGroups(['people']), onChange: fn() },
} satisfies Meta<typeof Controlled>;
export default meta;

type Story = StoryObj<typeof meta>;

const groupNames = (select: HTMLElement) => within(select).getAllByRole('group').map((group) => group.getAttribute('label'));

export const PeopleFields: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const select = canvas.getByRole('combobox', { name: 'Unified field for email' });
    await expect(select).toHaveDisplayValue('E-mail');
    await expect(groupNames(select)).toEqual(['Identity', 'Attribution', 'Revenue', 'Consent']);
    await userEvent.selectOptions(select, 'Keep as is');
    await expect(args.onChange).toHaveBeenLastCalledWith('');
  },
};

/** An event carries who acted, not a whole profile: no phone or age. */
export const EventFields: Story = {
  args: { value: 'event_time', label: 'Unified field for timestamp', groups: unifiedOptionGroups(['events']) },
  play: async ({ canvas }) => {
    const select = canvas.getByRole('combobox', { name: 'Unified field for timestamp' });
    await expect(groupNames(select)).toEqual(['Identity', 'Events', 'Attribution', 'Revenue']);
    await expect(within(select).queryByRole('option', { name: 'Phone' })).not.toBeInTheDocument();
  },
};

/** No kind known (a custom field): every unified field, each once. */
export const AllKinds: Story = {
  args: { value: '', emptyLabel: 'Not mapped', label: 'Unified field for loyalty_tier', groups: unifiedOptionGroups([]) },
  play: async ({ canvas }) => {
    const select = canvas.getByRole('combobox', { name: 'Unified field for loyalty_tier' });
    await expect(select).toHaveDisplayValue('Not mapped');
    await expect(groupNames(select)).toEqual(['Identity', 'Events', 'Attribution', 'Revenue', 'Consent', 'Items']);
    await expect(within(select).getAllByRole('option', { name: 'Created at' })).toHaveLength(1);
  },
};

export const MappedTwice: Story = {
  args: { error: 'Already mapped from email' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Unified field for email' })).toHaveAccessibleDescription('Already mapped from email');
  },
};

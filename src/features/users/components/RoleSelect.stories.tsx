import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, within } from 'storybook/test';
import type { Role } from '@domain/auth/roles';
import { roleOptions } from '../roleOptions';
import { RoleSelect } from './RoleSelect';

const companyAdmin = { role: 'company_admin' as const, companyFilter: 'all', viewedCompany: null };
const globalAdmin = { role: 'admin' as const, companyFilter: 'all', viewedCompany: null };

function Controlled({ initial, assigner, onChange }: { initial: Role; assigner: typeof companyAdmin | typeof globalAdmin; onChange: (role: Role) => void }) {
  const [value, setValue] = useState<Role>(initial);
  return (
    <RoleSelect
      name="role"
      value={value}
      options={roleOptions(assigner, initial)}
      onChange={(role) => {
        setValue(role);
        onChange(role);
      }}
    />
  );
}

const meta = {
  title: 'Users/RoleSelect',
  component: Controlled,
  args: { initial: 'user', assigner: companyAdmin, onChange: fn() },
} satisfies Meta<typeof Controlled>;
export default meta;

type Story = StoryObj<typeof meta>;

export const CompanyAdminAssigns: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Role' }));
    const listbox = within(await screen.findByRole('listbox'));
    await expect(listbox.queryByRole('option', { name: 'Global Admin' })).not.toBeInTheDocument();
    await userEvent.click(listbox.getByRole('option', { name: 'Company Admin' }));
    await expect(args.onChange).toHaveBeenCalledWith('company_admin');
  },
};

export const GlobalAdminAssigns: Story = {
  args: { assigner: globalAdmin },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Role' }));
    await expect(await screen.findByRole('option', { name: 'Global Admin' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
  },
};

export const GlobalAdminShownButLocked: Story = {
  args: { initial: 'admin', assigner: companyAdmin },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Role' }));
    await expect(await screen.findByRole('option', { name: 'Global Admin' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('{Escape}');
  },
};

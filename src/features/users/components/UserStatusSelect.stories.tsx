import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen } from 'storybook/test';
import { UserStatusSelect } from './UserStatusSelect';

const meta = {
  title: 'Administration/Users/UserStatusSelect',
  component: UserStatusSelect,
  args: { userName: 'Bob Chen', status: 'active', onChange: fn() },
  decorators: [(Story) => <div style={{ width: 160 }}>{Story()}</div>],
} satisfies Meta<typeof UserStatusSelect>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The choice is handed on (to a confirmation); the shown status changes once the server has it. */
export const ChoosesAStatus: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Status of Bob Chen' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Suspended' }));
    await expect(args.onChange).toHaveBeenCalledWith('suspended');
    await expect(canvas.getByRole('combobox', { name: 'Status of Bob Chen' })).toHaveTextContent('Active');
  },
};

export const Invited: Story = { args: { status: 'invited' } };

export const Disabled: Story = { args: { status: 'suspended', disabled: true } };

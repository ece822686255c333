import type { Meta, StoryObj } from '@storybook/react-vite';
import Alert from '@mui/material/Alert';
import { expect, fn, screen, within } from 'storybook/test';
import { NameDialog } from './NameDialog';

const meta = {
  title: 'UI/NameDialog',
  component: NameDialog,
  args: {
    open: true,
    onClose: fn(),
    title: 'Rename Segment',
    label: 'Segment Name',
    submitLabel: 'Save',
    onSubmit: fn(),
    onNameChange: fn(),
  },
} satisfies Meta<typeof NameDialog>;
export default meta;

type Story = StoryObj<typeof meta>;
const dialog = () => within(screen.getByRole('dialog', { name: 'Rename Segment' }));

/** Enter submits the name trimmed; a blank one is held back. */
export const Default: Story = {
  play: async ({ args, userEvent }) => {
    const field = dialog().getByLabelText('Segment Name');
    await expect(field).toHaveFocus();
    await expect(dialog().getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.type(field, '   {Enter}');
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await userEvent.type(field, 'Weekend shoppers {Enter}');
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
    await expect(args.onSubmit).toHaveBeenCalledWith('Weekend shoppers');
    await expect(args.onNameChange).toHaveBeenLastCalledWith('   Weekend shoppers ');
    await userEvent.click(dialog().getByRole('button', { name: 'Cancel' }));
    await expect(args.onClose).toHaveBeenCalled();
  },
};

/** The counter follows the name, which stops at the limit. */
export const WithLimit: Story = {
  args: { maxLength: 12, description: 'Premium Users, Conversion' },
  play: async ({ userEvent }) => {
    await expect(dialog().getByText('Premium Users, Conversion')).toBeVisible();
    await expect(dialog().getByText('0/12')).toBeVisible();
    await userEvent.type(dialog().getByLabelText('Segment Name'), 'Weekend shoppers');
    await expect(dialog().getByLabelText('Segment Name')).toHaveValue('Weekend shop');
    await expect(dialog().getByText('12/12')).toBeVisible();
  },
};

/** Nothing to name yet: the button stays disabled and the notice says why. */
export const SubmitDisabled: Story = {
  args: {
    submitDisabled: true,
    notice: (
      <Alert severity="info" role="status">
        At most 10 segments can be saved.
      </Alert>
    ),
  },
  play: async ({ args, userEvent }) => {
    await userEvent.type(dialog().getByLabelText('Segment Name'), 'Weekend shoppers{Enter}');
    await expect(dialog().getByRole('button', { name: 'Save' })).toBeDisabled();
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await expect(dialog().getByRole('status')).toHaveTextContent('At most 10 segments can be saved.');
  },
};

/** While the name is acted on, the field and the button wait. */
export const Busy: Story = {
  args: { busy: true, submitLabel: 'Saving...' },
  play: async () => {
    await expect(dialog().getByLabelText('Segment Name')).toBeDisabled();
    await expect(dialog().getByRole('button', { name: 'Saving...' })).toBeDisabled();
  },
};

/** A required name: the field says so to the browser and to screen readers. */
export const Required: Story = {
  args: { required: true, maxWidth: 'sm' },
  play: async () => {
    await expect(dialog().getByRole('textbox', { name: /^Segment Name/ })).toBeRequired();
  },
};

export const Closed: Story = {
  args: { open: false },
  play: async () => {
    await expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  },
};

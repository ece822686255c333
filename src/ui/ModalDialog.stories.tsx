import type { Meta, StoryObj } from '@storybook/react-vite';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { expect, fn, screen } from 'storybook/test';
import { expectShown } from '@/lib/testing/storyHelpers';
import { ModalDialog } from './ModalDialog';

const meta = {
  title: 'UI/ModalDialog',
  component: ModalDialog,
  args: {
    open: true,
    onClose: fn(),
    title: 'User Management',
    subtitle: 'Acme Retail',
    children: <Typography>The content of an administration modal.</Typography>,
    actions: <Button variant="contained">Save</Button>,
  },
} satisfies Meta<typeof ModalDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, userEvent }) => {
    await expectShown(() => screen.getByRole('dialog', { name: 'User Management' }));
    // The page under the modal is hidden from assistive technology: the modal has its own toggle.
    await expectShown(() => screen.getByRole('button', { name: /switch to (dark|light) theme/i }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await expect(args.onClose).toHaveBeenCalled();
  },
};

export const WithoutFooter: Story = {
  args: { actions: undefined, subtitle: undefined, title: 'Profile Settings' },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { expect, fn, screen, within } from 'storybook/test';
import { PHONE_GLOBALS } from '@/lib/testing/phone';
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
    // One theme toggle, the sidebar's: the modal's header holds its title and Close only.
    await expect(screen.queryByRole('button', { name: /switch to (dark|light) theme/i })).not.toBeInTheDocument();
    await expect(screen.getAllByRole('button').map((button) => button.getAttribute('aria-label') ?? button.textContent)).toEqual(['Close', 'Save']);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await expect(args.onClose).toHaveBeenCalled();
  },
};

export const WithoutFooter: Story = {
  args: { actions: undefined, subtitle: undefined, title: 'Profile Settings' },
};

/** At phone width the modal fills the screen; its header holds the title and Close, nothing else. */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'User Management' });
    await expect(within(dialog).queryByRole('button', { name: /theme/i })).not.toBeInTheDocument();
    await expect(within(dialog).getByRole('button', { name: 'Close' })).toBeVisible();
  },
};

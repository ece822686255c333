import type { Meta, StoryObj } from '@storybook/react-vite';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { expect, waitFor, within } from 'storybook/test';
import { NotificationsProvider, useNotify } from './notifications';

/** What a screen does: send notices through useNotify(). */
function NoticeButtons() {
  const notify = useNotify();
  return (
    <Stack direction="row" spacing={1}>
      <Button variant="outlined" onClick={() => notify.success('Company profile updated successfully!')}>
        Save
      </Button>
      <Button variant="outlined" onClick={() => notify.error('Failed to delete user')}>
        Delete
      </Button>
      <Button variant="outlined" onClick={() => notify('Invitation sent to ivy@acme.example')}>
        Invite
      </Button>
    </Stack>
  );
}

const meta = {
  title: 'Lib/Notifications',
  component: NotificationsProvider,
  args: { children: <NoticeButtons /> },
} satisfies Meta<typeof NotificationsProvider>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Success: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    // The snackbar is portalled next to the story, so it is looked up in the whole document.
    const alert = await within(document.body).findByRole('alert');
    await expect(alert).toHaveTextContent('Company profile updated successfully!');
  },
};

export const OneAtATime: Story = {
  play: async ({ canvas, userEvent }) => {
    const body = within(document.body);
    await userEvent.click(canvas.getByRole('button', { name: 'Delete' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Invite' }));
    await expect(await body.findByRole('alert')).toHaveTextContent('Failed to delete user');
    await userEvent.click(body.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(body.getByRole('alert')).toHaveTextContent('Invitation sent to ivy@acme.example'));
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { CONTACT_ADMIN_NOTE, UnauthorizedPage } from './UnauthorizedPage';

const meta = {
  title: 'Pages/Access Denied',
  component: UnauthorizedPage,
  parameters: { layout: 'fullscreen', router: { initialEntries: ['/unauthorized'], path: '/unauthorized' } },
} satisfies Meta<typeof UnauthorizedPage>;
export default meta;

type Story = StoryObj<typeof meta>;

export const AccessDenied: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(canvas.getByText(CONTACT_ADMIN_NOTE)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Go Back' })).toBeEnabled();
  },
};

export const GoToDashboard: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Go to Dashboard' }));
    await expect(await canvas.findByText('Navigated to /')).toBeInTheDocument();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { adminApiRoutes, COMPANY_LIST, SESSIONS, withSession } from '@/lib/testing/fixtures';
import { failure, mockFetch } from '@/lib/testing/mockFetch';
import { acmeCompany } from '@/lib/testing/sessions';
import { expectShown } from '@/lib/testing/storyHelpers';
import { InviteUserForm } from './InviteUserForm';

const meta = {
  title: 'Administration/Users/InviteUserForm',
  component: InviteUserForm,
  decorators: [withSession('companyAdmin')],
  beforeEach: () => mockFetch(adminApiRoutes({ session: SESSIONS.companyAdmin })),
  args: {
    assigner: { role: 'company_admin', companyFilter: acmeCompany.id, viewedCompany: acmeCompany },
    company: { id: acmeCompany.id },
    onInvited: fn(),
    onCancel: fn(),
  },
} satisfies Meta<typeof InviteUserForm>;
export default meta;

type Story = StoryObj<typeof meta>;

export const CompanyAdmin: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Role' }));
    await expect(await screen.findByRole('option', { name: 'Company Admin' })).toBeInTheDocument();
    await expect(screen.queryByRole('option', { name: 'Global Admin' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');

    await userEvent.type(canvas.getByLabelText(/^Email/), 'erin@acme.example');
    await userEvent.type(canvas.getByLabelText(/^Full Name/), 'Erin Fox');
    await userEvent.click(canvas.getByRole('button', { name: 'Send Invitation' }));
    await waitFor(() => expect(args.onInvited).toHaveBeenCalled());
  },
};

export const GlobalAdminChoosesCompany: Story = {
  decorators: [withSession('globalAdmin')],
  args: {
    assigner: { role: 'admin', companyFilter: 'all', viewedCompany: undefined },
    company: { choices: COMPANY_LIST },
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText(/^Email/), 'gus@navout.example');
    await userEvent.type(canvas.getByLabelText(/^Full Name/), 'Gus Grant');
    await userEvent.click(canvas.getByRole('button', { name: 'Send Invitation' }));
    await expectShown(() => canvas.getByText('Company is required'));
    await userEvent.click(canvas.getByRole('combobox', { name: 'Role' }));
    await expect(await screen.findByRole('option', { name: 'Global Admin' })).toBeInTheDocument();
  },
};

export const Invalid: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText(/^Email/), 'erin.acme.example');
    await userEvent.click(canvas.getByRole('button', { name: 'Send Invitation' }));
    await expectShown(() => canvas.getByText('Please enter a valid email address'));
    await expectShown(() => canvas.getByText('Full name is required'));
  },
};

export const EmailAlreadyExists: Story = {
  beforeEach: () => mockFetch({ 'POST /api/users/invite': failure('email_taken') }),
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText(/^Email/), 'bob@acme.example');
    await userEvent.type(canvas.getByLabelText(/^Full Name/), 'Bob Chen');
    await userEvent.click(canvas.getByRole('button', { name: 'Send Invitation' }));
    await expectShown(() => canvas.getByText('Failed to send invitation'));
    await expectShown(() => canvas.getByText('Email already exists'));
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import type { InvitationUser } from '@domain/auth/types';
import { failure, mockFetch } from '@/lib/testing/mockFetch';
import { companyUserAnswer, SessionFixture } from '@/lib/testing/sessions';
import { ACTIVATED_MESSAGE, NO_TOKEN_MESSAGE, SetupAccountPage, VALIDATING_MESSAGE } from './SetupAccountPage';

const invitee: InvitationUser = { name: 'Ivy Invitee', email: 'ivy@acme.example', company: 'Acme Retail', role: 'user' };
const TOKEN = '3f9c2d7a41b8e6c05d12ab9e7f4c8a61';
const withToken = { router: { initialEntries: [`/setup-account?token=${TOKEN}`], path: '/setup-account' } };

function SetupAccountScreen() {
  return (
    <SessionFixture session={null}>
      <SetupAccountPage />
    </SessionFixture>
  );
}

const meta = {
  title: 'Pages/Setup account',
  component: SetupAccountScreen,
  parameters: { layout: 'fullscreen', ...withToken },
} satisfies Meta<typeof SetupAccountScreen>;
export default meta;

type Story = StoryObj<typeof meta>;
type PlayContext = Parameters<NonNullable<Story['play']>>[0];

const validInvitation = () => ({ [`GET /api/auth/validate-invitation/${TOKEN}`]: { body: { user: invitee } } });

async function choosePassword({ canvas, userEvent }: PlayContext, password: string, confirmation = password) {
  await userEvent.type(await canvas.findByLabelText(/^Password/), password);
  await userEvent.type(canvas.getByLabelText(/Confirm Password/), confirmation);
  await userEvent.click(canvas.getByRole('button', { name: 'Activate Account' }));
}

export const NoToken: Story = {
  parameters: { router: { initialEntries: ['/setup-account'], path: '/setup-account' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(NO_TOKEN_MESSAGE);
  },
};

export const Validating: Story = {
  beforeEach: () => mockFetch({ 'GET /api/auth/validate-invitation/*': { delayMs: Infinity } }),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(VALIDATING_MESSAGE);
  },
};

export const ExpiredInvitation: Story = {
  beforeEach: () => mockFetch({ 'GET /api/auth/validate-invitation/*': failure('invitation_expired', { error: 'This invitation has expired' }) }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('This invitation has expired');
  },
};

export const Form: Story = {
  beforeEach: () => mockFetch(validInvitation()),
  play: async ({ canvas }) => {
    for (const detail of ['Ivy Invitee', 'ivy@acme.example', 'Acme Retail', 'User']) {
      await expect(await canvas.findByText(detail, { selector: 'dd' })).toBeVisible();
    }
  },
};

export const PasswordsDoNotMatch: Story = {
  beforeEach: () => mockFetch(validInvitation()),
  play: async (context) => {
    await choosePassword(context, 'Ivy-Password-1', 'Ivy-Password-2');
    await expect(await context.canvas.findByText('Passwords do not match')).toBeVisible();
  },
};

export const PasswordTooShort: Story = {
  beforeEach: () => mockFetch(validInvitation()),
  play: async (context) => {
    await choosePassword(context, 'short');
    await expect(await context.canvas.findByText('Password must be at least 8 characters long')).toBeVisible();
  },
};

export const Activating: Story = {
  beforeEach: () => mockFetch({ ...validInvitation(), 'POST /api/auth/activate-account': { delayMs: Infinity } }),
  play: async (context) => {
    await choosePassword(context, 'Ivy-Password-1');
    await expect(await context.canvas.findByRole('button', { name: 'Activating...' })).toBeDisabled();
  },
};

export const ActivationFails: Story = {
  beforeEach: () => mockFetch({ ...validInvitation(), 'POST /api/auth/activate-account': failure('internal_error') }),
  play: async (context) => {
    await choosePassword(context, 'Ivy-Password-1');
    await expect(await context.canvas.findByRole('alert')).toHaveTextContent('Failed to activate account. Please try again.');
  },
};

export const Activated: Story = {
  beforeEach: () => mockFetch({ ...validInvitation(), 'POST /api/auth/activate-account': { body: companyUserAnswer } }),
  play: async (context) => {
    await choosePassword(context, 'Ivy-Password-1');
    await expect(await context.canvas.findByText(ACTIVATED_MESSAGE, { exact: false })).toBeVisible();
    // Then, after two seconds, the dashboard.
    await expect(await context.canvas.findByText('Navigated to /dashboard', {}, { timeout: 4000 })).toBeInTheDocument();
  },
};

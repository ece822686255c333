import type { Meta, StoryObj } from '@storybook/react-vite';
import type { AuthenticationResult, IPublicClientApplication } from '@azure/msal-browser';
import { expect, fn, waitFor } from 'storybook/test';
import { failure, mockFetch } from '@/lib/testing/mockFetch';
import { companyAdminAnswer, SessionFixture } from '@/lib/testing/sessions';
import { FORGOTTEN_PASSWORD_HELP, LoginPage } from './LoginPage';
import { MicrosoftButton } from './MicrosoftButton';
import { SsoContext, type SsoSignInButtonProps, type SsoState } from './sso';
import { SSO_NOT_CONFIGURED, SSO_UNAVAILABLE } from './ssoSettings';

/** The page as a visitor without a session meets it, with the installation's single sign-on. */
function LoginScreen({ sso }: { sso: SsoState }) {
  return (
    <SessionFixture session={null}>
      <SsoContext.Provider value={sso}>
        <LoginPage />
      </SsoContext.Provider>
    </SessionFixture>
  );
}

const msalCache = { clearCache: fn(() => Promise.resolve()) };
const microsoftAnswer = {
  idToken: 'header.payload.signature',
  account: { homeAccountId: 'h-1', localAccountId: 'azure-erin', tenantId: 'tenant-1', username: 'erin@contoso.example' },
} as unknown as AuthenticationResult;

/** Stands in for the MSAL popup: the account chosen in Microsoft's window comes straight back. */
function PopupStandIn({ disabled, onSignedIn }: SsoSignInButtonProps) {
  return <MicrosoftButton disabled={disabled} onClick={() => onSignedIn(microsoftAnswer)} />;
}

const ssoReady: SsoState = {
  status: 'ready',
  client: msalCache as unknown as IPublicClientApplication,
  scopes: ['User.Read', 'openid', 'profile', 'email'],
  SignInButton: PopupStandIn,
};

const meta = {
  title: 'Pages/Login',
  component: LoginScreen,
  parameters: { layout: 'fullscreen', router: { initialEntries: ['/login'], path: '/login' } },
  args: { sso: { status: 'disabled' } },
} satisfies Meta<typeof LoginScreen>;
export default meta;

type Story = StoryObj<typeof meta>;

async function fillIn(canvas: Parameters<NonNullable<Story['play']>>[0]['canvas'], userEvent: Parameters<NonNullable<Story['play']>>[0]['userEvent']) {
  await userEvent.type(canvas.getByLabelText(/Email/), 'alice@acme.example');
  await userEvent.type(canvas.getByLabelText(/Password/), 'Acme-Admin-2026');
  await userEvent.click(canvas.getByRole('button', { name: 'Sign In' }));
}

export const Idle: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByText('Where connected data finds its direction')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Microsoft work account' })).toBeDisabled();
    await expect(canvas.getByText(SSO_NOT_CONFIGURED)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Register now' })).toHaveAttribute('href', '/register');

    await userEvent.click(canvas.getByRole('button', { name: 'Forgotten your password?' }));
    await expect(await canvas.findByText(FORGOTTEN_PASSWORD_HELP)).toBeVisible();
  },
};

export const RequiredFields: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Sign In' }));
    await expect(await canvas.findByText('Email is required')).toBeVisible();
    await expect(canvas.getByText('Password is required')).toBeVisible();
  },
};

export const Submitting: Story = {
  beforeEach: () => mockFetch({ 'POST /api/auth/login': { delayMs: Infinity } }),
  play: async ({ canvas, userEvent }) => {
    await fillIn(canvas, userEvent);
    await expect(await canvas.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    await expect(canvas.getByLabelText(/Email/)).toBeDisabled();
    await expect(canvas.getByLabelText(/Password/)).toBeDisabled();
  },
};

export const InvalidCredentials: Story = {
  beforeEach: () => mockFetch({ 'POST /api/auth/login': failure('invalid_credentials') }),
  play: async ({ canvas, userEvent }) => {
    await fillIn(canvas, userEvent);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Invalid email or password. Please try again.');
    await expect(canvas.getByLabelText(/Email/)).toBeEnabled();
  },
};

export const ServerError: Story = {
  beforeEach: () => mockFetch({ 'POST /api/auth/login': failure('internal_error') }),
  play: async ({ canvas, userEvent }) => {
    await fillIn(canvas, userEvent);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Server error. Please try again later.');
  },
};

export const SignsInAndReturns: Story = {
  parameters: {
    router: { initialEntries: [{ pathname: '/login', state: { from: { pathname: '/data-types' } } }], path: '/login' },
  },
  beforeEach: () => mockFetch({ 'POST /api/auth/login': { body: companyAdminAnswer } }),
  play: async ({ canvas, userEvent }) => {
    await fillIn(canvas, userEvent);
    await expect(await canvas.findByText('Navigated to /data-types')).toBeInTheDocument();
  },
};

export const SingleSignOnUnavailable: Story = {
  args: { sso: { status: 'unavailable' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Microsoft work account' })).toBeDisabled();
    await expect(canvas.getByText(SSO_UNAVAILABLE)).toBeVisible();
  },
};

export const MicrosoftAccountNotANavoutUser: Story = {
  args: { sso: ssoReady },
  beforeEach: () => {
    msalCache.clearCache.mockClear();
    return mockFetch({ 'POST /api/auth/verify-user': failure('user_not_found') });
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Microsoft work account' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'User not found. Please contact your administrator to get access to the dashboard.',
    );
    // Verification failed, so the Microsoft account is signed out of this browser too.
    await waitFor(() => expect(msalCache.clearCache).toHaveBeenCalled());
  },
};

export const MicrosoftSignIn: Story = {
  args: { sso: ssoReady },
  beforeEach: () => mockFetch({ 'POST /api/auth/verify-user': { body: companyAdminAnswer } }),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Microsoft work account' }));
    await expect(await canvas.findByText('Navigated to /')).toBeInTheDocument();
  },
};

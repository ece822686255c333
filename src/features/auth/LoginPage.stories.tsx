import type { Meta, StoryObj } from '@storybook/react-vite';
import type { AuthenticationResult, IPublicClientApplication } from '@azure/msal-browser';
import { UserManager, type User } from 'oidc-client-ts';
import { expect, fn, spyOn, waitFor, type MockInstance } from 'storybook/test';
import type { SsoConfig } from '@domain/auth/types';
import { failure, mockFetch, type MockRoutes } from '@/lib/testing/mockFetch';
import { PHONE_GLOBALS } from '@/lib/testing/phone';
import { companyAdminAnswer, SessionFixture } from '@/lib/testing/sessions';
import { FORGOTTEN_PASSWORD_HELP, LoginPage } from './LoginPage';
import { MicrosoftButton } from './MicrosoftButton';
import { createOidcSso } from './oidcClient';
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

/** An installation that signs in through Okta, a generic OpenID Connect provider. */
const oktaConfig: SsoConfig = {
  enabled: true,
  provider: 'oidc',
  displayName: 'Okta',
  clientId: 'navout-dashboard',
  authority: 'https://acme.okta.example',
  scopes: ['openid', 'profile', 'email'],
};
const okta = createOidcSso(oktaConfig);
const oktaReady: SsoState = { status: 'ready', client: okta.client, scopes: oktaConfig.scopes, SignInButton: okta.SignInButton };

const OKTA_ID_TOKEN = 'okta-header.okta-payload.okta-signature';

/**
 * The real Okta button, with oidc-client-ts's popup standing in for Okta's window: `popup` is what
 * the popup hands back (an ID token, or the error of a closed window). Returns the story's cleanup.
 */
function withOktaPopup(popup: () => Promise<User>, routes: MockRoutes) {
  const signinPopup = spyOn(UserManager.prototype, 'signinPopup').mockImplementation(popup);
  const restore = mockFetch(routes);
  popupOpened = signinPopup;
  verifyCalls = restore.calls;
  return () => {
    signinPopup.mockRestore();
    restore();
  };
}
let popupOpened: MockInstance<UserManager['signinPopup']> | undefined;
let verifyCalls: ReturnType<typeof mockFetch>['calls'] = [];
const oktaAnswer = () => Promise.resolve({ id_token: OKTA_ID_TOKEN } as User);

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

/** A generic OpenID Connect provider: its button carries the provider's name, and no Microsoft button shows. */
export const OpenIdConnectProvider: Story = {
  args: { sso: oktaReady },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Sign in with Okta' })).toBeEnabled();
    await expect(canvas.queryByRole('button', { name: 'Microsoft work account' })).not.toBeInTheDocument();
    await expect(canvas.queryByText(SSO_NOT_CONFIGURED)).not.toBeInTheDocument();
  },
};

/** The ID token from Okta's popup goes to the server with the nonce the sign-in asked with. */
export const OpenIdConnectSignIn: Story = {
  args: { sso: oktaReady },
  beforeEach: () => withOktaPopup(oktaAnswer, { 'POST /api/auth/verify-user': { body: companyAdminAnswer } }),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in with Okta' }));
    await expect(await canvas.findByText('Navigated to /')).toBeInTheDocument();
    const sent = verifyCalls.find((call) => call.path === '/api/auth/verify-user')?.body as { idToken: string; nonce?: string };
    await expect(sent.idToken).toBe(OKTA_ID_TOKEN);
    await expect(sent.nonce).toMatch(/^[0-9a-f-]{36}$/);
  },
};

/**
 * The server refuses to link an account to an identity whose e-mail address the provider does not
 * vouch for: the visitor reads the refusal, and can still sign in with a password.
 */
export const OpenIdConnectEmailUnverified: Story = {
  args: { sso: oktaReady },
  beforeEach: () => withOktaPopup(oktaAnswer, { 'POST /api/auth/verify-user': failure('sso_email_unverified') }),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in with Okta' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('E-mail address not verified');
    await expect(canvas.getByRole('button', { name: 'Sign in with Okta' })).toBeEnabled();
    await expect(canvas.getByLabelText(/Email/)).toBeEnabled();
  },
};

/** The same refusal at phone width, where the message wraps above the form. */
export const OpenIdConnectEmailUnverifiedPhone: Story = {
  ...OpenIdConnectEmailUnverified,
  globals: PHONE_GLOBALS,
};

/** Closing Okta's window is a choice, not a failure: no message. */
export const OpenIdConnectPopupClosed: Story = {
  args: { sso: oktaReady },
  beforeEach: () => withOktaPopup(() => Promise.reject(new Error('Popup closed by user')), {}),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in with Okta' }));
    await waitFor(() => expect(popupOpened).toHaveBeenCalled());
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Sign in with Okta' })).toBeEnabled());
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
    await expect(verifyCalls).toHaveLength(0);
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { MicrosoftButton } from './MicrosoftButton';
import type { SsoClient, SsoSignInButtonProps } from './sso';
import { SSO_NOT_CONFIGURED, SSO_UNAVAILABLE, type SsoSignInResult } from './ssoSettings';
import { SsoSignIn } from './SsoSignIn';

const ANSWER: SsoSignInResult = {
  idToken: 'header.payload.signature',
  account: { username: 'erin@contoso.example', localAccountId: 'azure-erin', tenantId: 'tenant-1' },
};

/** Stands in for the provider's popup: the account chosen there comes straight back. */
function PopupStandIn({ disabled, onSignedIn }: SsoSignInButtonProps) {
  return <MicrosoftButton disabled={disabled} onClick={() => onSignedIn(ANSWER)} />;
}

const meta = {
  title: 'Pages/Login/SsoSignIn',
  component: SsoSignIn,
  args: { sso: { status: 'disabled' }, onSignedIn: fn(), onError: fn() },
} satisfies Meta<typeof SsoSignIn>;
export default meta;

type Story = StoryObj<typeof meta>;

/** No single sign-on here: the Microsoft button is disabled and says why. */
export const NotConfigured: Story = {
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: 'Microsoft work account' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription(SSO_NOT_CONFIGURED);
  },
};

export const Unavailable: Story = {
  args: { sso: { status: 'unavailable' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Microsoft work account' })).toHaveAccessibleDescription(SSO_UNAVAILABLE);
  },
};

/** While the settings load: disabled, with nothing to explain yet. */
export const Loading: Story = {
  args: { sso: { status: 'loading' } },
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: 'Microsoft work account' });
    await expect(button).toBeDisabled();
    await expect(button).not.toHaveAttribute('aria-describedby');
  },
};

/** Ready: the provider's own button, whose answer is handed on. */
export const Ready: Story = {
  args: { sso: { status: 'ready', client: {} as SsoClient, scopes: ['openid'], SignInButton: PopupStandIn } },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Microsoft work account' }));
    await expect(args.onSignedIn).toHaveBeenCalledWith(ANSWER);
  },
};

/** While a sign-in runs the button waits. */
export const Busy: Story = {
  args: { sso: { status: 'ready', client: {} as SsoClient, scopes: ['openid'], SignInButton: PopupStandIn }, disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Microsoft work account' })).toBeDisabled();
  },
};

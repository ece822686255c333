import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { MESSAGES } from '@domain/auth/schemas';
import { failure, mockFetch } from '@/lib/testing/mockFetch';
import { companyAdminAnswer, SessionFixture } from '@/lib/testing/sessions';
import { RegisterPage } from './RegisterPage';

function RegisterScreen() {
  return (
    <SessionFixture session={null}>
      <RegisterPage />
    </SessionFixture>
  );
}

const meta = {
  title: 'Pages/Register',
  component: RegisterScreen,
  parameters: { layout: 'fullscreen', router: { initialEntries: ['/register'], path: '/register' } },
} satisfies Meta<typeof RegisterScreen>;
export default meta;

type Story = StoryObj<typeof meta>;
type PlayContext = Parameters<NonNullable<Story['play']>>[0];

async function fillIn({ canvas, userEvent }: PlayContext, values: { password?: string; confirm?: string; email?: string } = {}) {
  await userEvent.type(canvas.getByLabelText(/Full Name/), 'Alice Martin');
  await userEvent.type(canvas.getByLabelText(/^Email/), values.email ?? 'alice@acme.example');
  await userEvent.type(canvas.getByLabelText(/Company Name/), 'Acme Retail');
  await userEvent.type(canvas.getByLabelText(/^Password/), values.password ?? 'Acme-Admin-2026');
  await userEvent.type(canvas.getByLabelText(/Confirm Password/), values.confirm ?? values.password ?? 'Acme-Admin-2026');
  await userEvent.click(canvas.getByRole('button', { name: 'Create Account' }));
}

export const Empty: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Create Account' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  },
};

export const AllFieldsRequired: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Create Account' }));
    const messages = await canvas.findAllByText(MESSAGES.allFieldsRequired);
    await expect(messages).toHaveLength(5);
  },
};

export const PasswordsDoNotMatch: Story = {
  play: async (context) => {
    await fillIn(context, { password: 'Acme-Admin-2026', confirm: 'Acme-Admin-2025' });
    await expect(await context.canvas.findByText('Passwords do not match')).toBeVisible();
  },
};

export const PasswordTooShort: Story = {
  play: async (context) => {
    await fillIn(context, { password: 'abc' });
    await expect(await context.canvas.findByText('Password must be at least 6 characters long')).toBeVisible();
  },
};

export const InvalidEmail: Story = {
  play: async (context) => {
    await fillIn(context, { email: 'alice.acme.example' });
    await expect(await context.canvas.findByText('Please enter a valid email address')).toBeVisible();
  },
};

export const Submitting: Story = {
  beforeEach: () => mockFetch({ 'POST /api/auth/register': { delayMs: Infinity } }),
  play: async (context) => {
    await fillIn(context);
    await expect(await context.canvas.findByRole('button', { name: 'Creating Account...' })).toBeDisabled();
  },
};

export const EmailAlreadyExists: Story = {
  beforeEach: () => mockFetch({ 'POST /api/auth/register': failure('email_taken') }),
  play: async (context) => {
    await fillIn(context);
    await expect(await context.canvas.findByRole('alert')).toHaveTextContent(
      'An account with this email already exists. Please try logging in instead.',
    );
  },
};

export const CreatesTheAccount: Story = {
  beforeEach: () => mockFetch({ 'POST /api/auth/register': { status: 201, body: companyAdminAnswer } }),
  play: async (context) => {
    await fillIn(context);
    await expect(await context.canvas.findByText('Navigated to /company-profile')).toBeInTheDocument();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { PLANS } from '@domain/plans/plans';
import { failure, mockFetch } from '@/lib/testing/mockFetch';
import { expectShown } from '@/lib/testing/storyHelpers';
import { ContactSalesDialog } from './ContactSalesDialog';

const meta = {
  title: 'Pages/Plans/ContactSalesDialog',
  component: ContactSalesDialog,
  beforeEach: () => mockFetch({ 'POST /api/requests': ({ body }) => ({ status: 201, body: { id: 'r-1', ...(body as object) } }) }),
  args: {
    open: true,
    plan: PLANS.find((plan) => plan.id === 'enterprise')!,
    defaults: { email: 'alice@acme.example', companyName: 'Acme Retail' },
    onClose: fn(),
    onSent: fn(),
  },
} satisfies Meta<typeof ContactSalesDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Enterprise: Story = {
  play: async ({ args, userEvent }) => {
    await expect(await screen.findByLabelText(/^Email Address/)).toHaveValue('alice@acme.example');
    await expect(screen.getByLabelText('Company Name')).toHaveValue('Acme Retail');
    await userEvent.type(screen.getByLabelText('Tell us about your needs'), 'Three brands, 2 million calls a month.');
    await userEvent.click(screen.getByRole('button', { name: 'Send Request' }));
    await waitFor(() => expect(args.onSent).toHaveBeenCalled());
  },
};

/** The request is kept by the server; when it cannot be, the dialog stays open and says so. */
export const SendFails: Story = {
  beforeEach: () => mockFetch({ 'POST /api/requests': failure('internal_error') }),
  play: async ({ args, userEvent }) => {
    await userEvent.click(await screen.findByRole('button', { name: 'Send Request' }));
    await expectShown(() => screen.getByText('The request could not be sent. Please try again.'));
    await expect(args.onSent).not.toHaveBeenCalled();
  },
};

/** Plan changes are arranged with sales: the dialog says so and names the plan. */
export const StartTrial: Story = {
  args: { plan: PLANS.find((plan) => plan.id === 'entry')! },
  play: async () => {
    await expectShown(() => screen.getByText(/free trial of the Entry Level plan/));
    await expect(screen.getByLabelText('Tell us about your needs')).toHaveValue('We would like the Entry Level plan.');
  },
};

export const InvalidEmail: Story = {
  args: { defaults: { email: '', companyName: '' } },
  play: async ({ args, userEvent }) => {
    await userEvent.type(await screen.findByLabelText(/^Email Address/), 'alice.acme.example');
    await userEvent.click(screen.getByRole('button', { name: 'Send Request' }));
    await expectShown(() => screen.getByText('Please enter a valid email address'));
    await expect(args.onSent).not.toHaveBeenCalled();
  },
};

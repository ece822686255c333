import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { failure, mockFetch, type MockCall } from '@/lib/testing/mockFetch';
import { expectShown } from '@/lib/testing/storyHelpers';
import { dataSourceApiRoutes } from '../fixtures';
import { CustomApiRequestDialog, REQUEST_CUSTOM_API_TITLE, SUBMIT_LABEL } from './CustomApiRequestDialog';

let calls: MockCall[] = [];

const meta = {
  title: 'Data Sources/CustomApiRequestDialog',
  component: CustomApiRequestDialog,
  args: { open: true, onClose: fn(), onSent: fn() },
  beforeEach: () => {
    const restore = mockFetch(dataSourceApiRoutes());
    calls = restore.calls;
    return restore;
  },
} satisfies Meta<typeof CustomApiRequestDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

const dialog = async () => within(await screen.findByRole('dialog', { name: REQUEST_CUSTOM_API_TITLE }));

/** Submit waits for both fields; the request goes to the requests inbox. */
export const SendRequest: Story = {
  play: async ({ args, userEvent }) => {
    const form = await dialog();
    const submit = form.getByRole('button', { name: SUBMIT_LABEL });
    await expect(submit).toBeDisabled();
    await userEvent.type(form.getByLabelText(/^Service Name/), 'Zendesk');
    await expect(submit).toBeDisabled();
    await userEvent.type(form.getByLabelText(/^Documentation Link/), 'https://developer.zendesk.com/api-reference');
    await expect(submit).toBeEnabled();
    await userEvent.click(submit);
    await waitFor(() => expect(args.onSent).toHaveBeenCalled());
    await expect(calls.find((call) => call.path === '/api/requests')?.body).toEqual(
      expect.objectContaining({ kind: 'custom_api', subject: 'Zendesk', link: 'https://developer.zendesk.com/api-reference' }),
    );
  },
};

export const LinkMustBeAUrl: Story = {
  play: async ({ args, userEvent }) => {
    const form = await dialog();
    await userEvent.type(form.getByLabelText(/^Service Name/), 'Zendesk');
    await userEvent.type(form.getByLabelText(/^Documentation Link/), 'the zendesk docs');
    await userEvent.click(form.getByRole('button', { name: SUBMIT_LABEL }));
    await expectShown(() => form.getByText('Please enter a valid URL'));
    await expect(args.onSent).not.toHaveBeenCalled();
  },
};

export const SendFails: Story = {
  beforeEach: () => mockFetch({ 'POST /api/requests': failure('internal_error', { error: 'Database unavailable' }) }),
  play: async ({ args, userEvent }) => {
    const form = await dialog();
    await userEvent.type(form.getByLabelText(/^Service Name/), 'Zendesk');
    await userEvent.type(form.getByLabelText(/^Documentation Link/), 'https://developer.zendesk.com');
    await userEvent.click(form.getByRole('button', { name: SUBMIT_LABEL }));
    await expectShown(() => form.getByText('Failed to send request'));
    await expect(args.onSent).not.toHaveBeenCalled();
  },
};

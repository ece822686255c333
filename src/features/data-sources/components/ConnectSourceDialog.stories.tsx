import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { catalogueSource, type CatalogueSource } from '@domain/data/catalogue';
import { API_ERRORS } from '@domain/errors';
import { SESSIONS } from '@/lib/testing/fixtures';
import { mockFetch, type MockCall } from '@/lib/testing/mockFetch';
import { expectShown } from '@/lib/testing/storyHelpers';
import { dataSourceApiRoutes } from '../fixtures';
import { CONNECT_LABEL, ConnectSourceDialog } from './ConnectSourceDialog';

const entry = (id: string): CatalogueSource => {
  const found = catalogueSource(id);
  if (!found) throw new Error(`No catalogue source ${id}`);
  return found;
};

let calls: MockCall[] = [];

const meta = {
  title: 'Data Sources/ConnectSourceDialog',
  component: ConnectSourceDialog,
  args: { source: entry('salesforce'), companyId: undefined, onClose: fn(), onConnected: fn(), onAlreadyConnected: fn() },
  beforeEach: () => {
    const restore = mockFetch(dataSourceApiRoutes());
    calls = restore.calls;
    return restore;
  },
} satisfies Meta<typeof ConnectSourceDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

const dialog = async (name: string) => within(await screen.findByRole('dialog', { name }));

/** The key is typed as a password; Connect waits for it; the account id is optional. */
export const Connect: Story = {
  play: async ({ args, userEvent }) => {
    const form = await dialog('Connect Salesforce');
    const key = form.getByLabelText(/^API Key/);
    await expect(key).toHaveAttribute('type', 'password');
    await expect(form.getByRole('button', { name: CONNECT_LABEL })).toBeDisabled();

    await userEvent.type(key, 'sf-key-2a9c41');
    await userEvent.type(form.getByLabelText(/^Account ID/), '00D5g000004XyZ');
    await waitFor(() => expect(form.getByRole('button', { name: CONNECT_LABEL })).toBeEnabled());
    await userEvent.click(form.getByRole('button', { name: CONNECT_LABEL }));

    await waitFor(() => expect(args.onConnected).toHaveBeenCalledWith(expect.objectContaining({ name: 'Salesforce' })));
    const sent = calls.find((call) => call.method === 'POST' && call.path === '/api/data-sources');
    await expect(sent?.body).toEqual({ catalogueId: 'salesforce', apiKey: 'sf-key-2a9c41', accountId: '00D5g000004XyZ' });
  },
};

/** A global admin with a company in view connects it for that company. */
export const ForTheCompanyInView: Story = {
  args: { companyId: 'c-globex' },
  beforeEach: () => {
    const restore = mockFetch(dataSourceApiRoutes({ session: SESSIONS.globalAdmin, sources: [] }));
    calls = restore.calls;
    return restore;
  },
  play: async ({ args, userEvent }) => {
    const form = await dialog('Connect Salesforce');
    await userEvent.type(form.getByLabelText(/^API Key/), 'sf-key-2a9c41');
    await userEvent.click(form.getByRole('button', { name: CONNECT_LABEL }));
    await waitFor(() => expect(args.onConnected).toHaveBeenCalled());
    const sent = calls.find((call) => call.method === 'POST' && call.path === '/api/data-sources');
    await expect(sent?.body).toEqual(expect.objectContaining({ companyId: 'c-globex', accountId: null }));
  },
};

/** Already connected: the caller opens that source's settings instead. */
export const AlreadyConnected: Story = {
  args: { source: entry('google-analytics') },
  play: async ({ args, userEvent }) => {
    const form = await dialog('Connect Google Analytics');
    await userEvent.type(form.getByLabelText(/^API Key/), 'ga-key');
    await userEvent.click(form.getByRole('button', { name: CONNECT_LABEL }));
    await waitFor(() => expect(args.onAlreadyConnected).toHaveBeenCalledWith(args.source, expect.anything()));
    await expect(args.onConnected).not.toHaveBeenCalled();
  },
};

/** A global admin viewing all companies: the server asks for a company, and the dialog says so. */
export const CompanyRequired: Story = {
  beforeEach: () => mockFetch(dataSourceApiRoutes({ session: SESSIONS.globalAdmin })),
  play: async ({ userEvent }) => {
    const form = await dialog('Connect Salesforce');
    await userEvent.type(form.getByLabelText(/^API Key/), 'sf-key-2a9c41');
    await userEvent.click(form.getByRole('button', { name: CONNECT_LABEL }));
    await expectShown(() => form.getByText('Failed to connect Salesforce'));
    await expectShown(() => form.getByText(API_ERRORS.company_required.message));
  },
};

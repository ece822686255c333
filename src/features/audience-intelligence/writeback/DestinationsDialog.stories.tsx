import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { stubClipboard } from '@/lib/testing/clipboard';
import { withSession } from '@/lib/testing/fixtures';
import { failure, mockFetch, type RestoreFetch } from '@/lib/testing/mockFetch';
import { expectShown } from '@/lib/testing/storyHelpers';
import { DestinationsDialog } from './DestinationsDialog';
import { ACME_ID } from '../fixtures';
import { SAMPLE_SECRET, writebackRoutes } from './fixtures';
import { DESTINATION_LABELS } from '../labels';

let restore: RestoreFetch;
let clipboard: ReturnType<typeof stubClipboard>;

const meta = {
  title: 'Audience Intelligence/Write Back/DestinationsDialog',
  component: DestinationsDialog,
  decorators: [withSession('globalAdmin')],
  args: { open: true, onClose: fn(), companyId: ACME_ID },
  beforeEach: () => {
    restore = mockFetch(writebackRoutes());
    clipboard = stubClipboard();
    return () => {
      restore();
      clipboard();
    };
  },
} satisfies Meta<typeof DestinationsDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

const dialog = async () => within(await screen.findByRole('dialog', { name: DESTINATION_LABELS.title }));
const list = async () => within((await dialog()).getByRole('list', { name: DESTINATION_LABELS.title }));

export const Destinations: Story = {
  play: async () => {
    const destinations = within(await (await dialog()).findByRole('list', { name: DESTINATION_LABELS.title }));
    await expect(destinations.getByText('Salesforce')).toBeVisible();
    await expect(destinations.getByText('https://hooks.acme.example/salesforce')).toBeVisible();
    await expect(destinations.getByRole('switch', { name: 'Enabled: Salesforce' })).toBeChecked();
    await expect(destinations.getByRole('switch', { name: 'Enabled: Mixpanel' })).not.toBeChecked();
    await expect(destinations.getByText('Nothing delivered yet')).toBeVisible();
    await expect(restore.calls.find((call) => call.method === 'GET')?.query).toEqual({ companyFilter: ACME_ID });
  },
};

/** The new destination's secret is shown once, copied, then let go. */
export const AddShowsSecretOnce: Story = {
  play: async ({ userEvent }) => {
    const modal = await dialog();
    await modal.findByRole('list', { name: DESTINATION_LABELS.title });
    await userEvent.click(modal.getByRole('combobox', { name: DESTINATION_LABELS.kind }));
    await userEvent.click(await screen.findByRole('option', { name: 'Email Platform' }));
    await userEvent.type(modal.getByRole('textbox', { name: /^Name/ }), 'Braze');
    await userEvent.type(modal.getByRole('textbox', { name: /^URL/ }), 'https://hooks.acme.example/braze');
    await userEvent.click(modal.getByRole('button', { name: DESTINATION_LABELS.add }));

    const secret = within(await modal.findByRole('region', { name: DESTINATION_LABELS.secretTitle('Braze') }));
    await expect(secret.getByRole('textbox', { name: DESTINATION_LABELS.secretField })).toHaveValue(SAMPLE_SECRET);
    await expect(restore.calls.find((call) => call.method === 'POST')?.body).toEqual({ kind: 'email', name: 'Braze', url: 'https://hooks.acme.example/braze', companyId: ACME_ID });
    await userEvent.click(secret.getByRole('button', { name: DESTINATION_LABELS.copySecret }));
    await waitFor(() => expect(clipboard.writes).toEqual([SAMPLE_SECRET]));
    await expectShown(() => screen.getByText(DESTINATION_LABELS.copied));

    await userEvent.click(secret.getByRole('button', { name: DESTINATION_LABELS.secretDone }));
    await waitFor(() => expect(modal.queryByRole('region', { name: DESTINATION_LABELS.secretTitle('Braze') })).toBeNull());
    await expect(modal.queryByDisplayValue(SAMPLE_SECRET)).toBeNull();
    await expect(await (await list()).findByText('Braze')).toBeVisible();
  },
};

/** The form checks with the server's rules before sending anything. */
export const ValidatesTheForm: Story = {
  play: async ({ userEvent }) => {
    const modal = await dialog();
    await modal.findByRole('list', { name: DESTINATION_LABELS.title });
    await userEvent.click(modal.getByRole('button', { name: DESTINATION_LABELS.add }));
    await expect(await modal.findByText('Name is required')).toBeVisible();
    await expect(modal.getByText('URL is required')).toBeVisible();
    await userEvent.type(modal.getByRole('textbox', { name: /^Name/ }), 'Local');
    await userEvent.type(modal.getByRole('textbox', { name: /^URL/ }), 'ftp://hooks.acme.example/in');
    await userEvent.click(modal.getByRole('button', { name: DESTINATION_LABELS.add }));
    await expect(await modal.findByText('The URL must start with https:// or http://')).toBeVisible();
    await expect(restore.calls.filter((call) => call.method === 'POST')).toEqual([]);
  },
};

/** Plain http:// is the server's to allow (development servers do): the form sends it, and shows a refusal under the field. */
export const ServerRefusesPlainHttp: Story = {
  beforeEach: () => {
    restore = mockFetch(writebackRoutes({ createAnswer: failure('validation_failed', { error: 'The URL must start with https://', fields: { url: 'The URL must start with https://' } }) }));
    return restore;
  },
  play: async ({ userEvent }) => {
    const modal = await dialog();
    await modal.findByRole('list', { name: DESTINATION_LABELS.title });
    await userEvent.type(modal.getByRole('textbox', { name: /^Name/ }), 'Local');
    await userEvent.type(modal.getByRole('textbox', { name: /^URL/ }), 'http://hooks.acme.example/in');
    await userEvent.click(modal.getByRole('button', { name: DESTINATION_LABELS.add }));
    await expect(await modal.findByText('The URL must start with https://')).toBeVisible();
    await expect(restore.calls.find((call) => call.method === 'POST')?.body).toMatchObject({ url: 'http://hooks.acme.example/in' });
    await expect(modal.getByRole('textbox', { name: /^URL/ })).toHaveAccessibleDescription('The URL must start with https://');
  },
};

export const ServerRefusesTheAddress: Story = {
  beforeEach: () => {
    restore = mockFetch(
      writebackRoutes({
        createAnswer: failure('validation_failed', {
          error: 'The URL must not point to this server, a private network or a local address.',
          fields: { url: 'The URL must not point to this server, a private network or a local address.' },
        }),
      }),
    );
    return restore;
  },
  play: async ({ userEvent }) => {
    const modal = await dialog();
    await modal.findByRole('list', { name: DESTINATION_LABELS.title });
    await userEvent.type(modal.getByRole('textbox', { name: /^Name/ }), 'Internal');
    await userEvent.type(modal.getByRole('textbox', { name: /^URL/ }), 'https://10.0.0.8/in');
    await userEvent.click(modal.getByRole('button', { name: DESTINATION_LABELS.add }));
    await expect(await modal.findByText('The URL must not point to this server, a private network or a local address.')).toBeVisible();
    await expect(modal.getByRole('textbox', { name: /^URL/ })).toHaveAccessibleDescription('The URL must not point to this server, a private network or a local address.');
  },
};

/** A failure naming no field is shown above the form. */
export const CreateFails: Story = {
  beforeEach: () => {
    restore = mockFetch(writebackRoutes({ createAnswer: failure('internal_error') }));
    return restore;
  },
  play: async ({ userEvent }) => {
    const modal = await dialog();
    await modal.findByRole('list', { name: DESTINATION_LABELS.title });
    await userEvent.type(modal.getByRole('textbox', { name: /^Name/ }), 'Braze');
    await userEvent.type(modal.getByRole('textbox', { name: /^URL/ }), 'https://hooks.acme.example/braze');
    await userEvent.click(modal.getByRole('button', { name: DESTINATION_LABELS.add }));
    await expect(await modal.findByText(DESTINATION_LABELS.createFailed)).toBeVisible();
  },
};

export const DisableDestination: Story = {
  play: async ({ userEvent }) => {
    const destinations = within(await (await dialog()).findByRole('list', { name: DESTINATION_LABELS.title }));
    await userEvent.click(destinations.getByRole('switch', { name: 'Enabled: Salesforce' }));
    await waitFor(() => expect(restore.calls.find((call) => call.method === 'PUT')).toMatchObject({ path: '/api/audience-intelligence/destinations/dst-crm', body: { enabled: false, companyId: ACME_ID } }));
    await waitFor(() => expect(destinations.getByRole('switch', { name: 'Enabled: Salesforce' })).not.toBeChecked());
  },
};

export const DeleteAsksFirst: Story = {
  play: async ({ userEvent }) => {
    const destinations = within(await (await dialog()).findByRole('list', { name: DESTINATION_LABELS.title }));
    await userEvent.click(destinations.getByRole('button', { name: DESTINATION_LABELS.delete('Mixpanel') }));
    const confirm = within(await screen.findByRole('dialog', { name: DESTINATION_LABELS.deleteTitle }));
    await expect(confirm.getByText(DESTINATION_LABELS.deleteQuestion('Mixpanel'))).toBeVisible();
    await expect(restore.calls.filter((call) => call.method === 'DELETE')).toEqual([]);
    await userEvent.click(confirm.getByRole('button', { name: DESTINATION_LABELS.deleteConfirm }));
    await waitFor(() => expect(restore.calls.find((call) => call.method === 'DELETE')).toMatchObject({ path: '/api/audience-intelligence/destinations/dst-analytics', query: { companyFilter: ACME_ID } }));
    await waitFor(() => expect(destinations.queryByText('Mixpanel')).toBeNull());
  },
};

export const NoDestinations: Story = {
  beforeEach: () => {
    restore = mockFetch(writebackRoutes({ destinations: [] }));
    return restore;
  },
  args: { initialKind: 'support' },
  play: async () => {
    const modal = await dialog();
    await expect(await modal.findByText(DESTINATION_LABELS.empty)).toBeVisible();
    await expect(modal.getByRole('combobox', { name: DESTINATION_LABELS.kind })).toHaveTextContent('Support System');
  },
};

export const LoadFailed: Story = {
  beforeEach: () => {
    restore = mockFetch({ 'GET /api/audience-intelligence/destinations': failure('internal_error') });
    return restore;
  },
  play: async () => {
    const modal = await dialog();
    await expect(await modal.findByText(DESTINATION_LABELS.loadFailed)).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Retry' })).toBeVisible();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { catalogueSource, type CatalogueSource } from '@domain/data/catalogue';
import { CONNECTOR_LABELS, CONNECTOR_MESSAGES, INGEST_SECRET_HEADER, type ConnectorSetting } from '@domain/data/connectors';
import { connectorDefinition } from '@domain/data/connectorSettings';
import { API_ERRORS } from '@domain/errors';
import { stubClipboard } from '@/lib/testing/clipboard';
import { SESSIONS } from '@/lib/testing/fixtures';
import { heldRequest, mockFetch, type MockCall } from '@/lib/testing/mockFetch';
import { expectShown } from '@/lib/testing/storyHelpers';
import { COPIED_LABEL } from '@/ui/CopyButton';
import { dataSourceApiRoutes, STORY_INGEST_SECRET, VENDOR_REFUSAL, withConnectors } from '../fixtures';
import { CONNECT_LABEL, ConnectSourceDialog } from './ConnectSourceDialog';

const entry = (id: string): CatalogueSource => {
  const found = catalogueSource(id);
  if (!found) throw new Error(`No catalogue source ${id}`);
  return found;
};

let calls: MockCall[] = [];
/** The request a story holds in flight until it has seen what shows meanwhile. */
let held = heldRequest();

const meta = {
  title: 'Data Sources/ConnectSourceDialog',
  component: ConnectSourceDialog,
  args: { source: entry('salesforce'), open: true, companyId: undefined, onClose: fn(), onConnected: fn(), onAlreadyConnected: fn() },
  decorators: [withConnectors],
  beforeEach: () => {
    const restore = mockFetch(dataSourceApiRoutes());
    calls = restore.calls;
    return restore;
  },
} satisfies Meta<typeof ConnectSourceDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

/** A setting as the connector defines it, for what the form shows of it. */
const settingOf = (catalogueId: string, name: string): ConnectorSetting => {
  const found = connectorDefinition(catalogueId)?.settings.find((setting) => setting.name === name);
  if (!found) throw new Error(`No setting ${name} of ${catalogueId}`);
  return found;
};

const dialog = async (name: string) => within(await screen.findByRole('dialog', { name }));
const sent = (path: string) => calls.filter((call) => call.method === 'POST' && call.path === path).at(-1)?.body;

/** A vendor: the key is typed as a password; Connect waits for it; the other settings are optional. */
export const Connect: Story = {
  play: async ({ args, userEvent }) => {
    const form = await dialog('Connect Salesforce');
    const key = form.getByLabelText(/^API Key/);
    await expect(key).toHaveAttribute('type', 'password');
    await expect(form.getByLabelText(/^API base URL/)).toHaveValue('https://api.salesforce.example.com');
    await expect(form.getByRole('button', { name: CONNECT_LABEL })).toBeDisabled();

    await userEvent.type(key, 'sf-key-2a9c41');
    await userEvent.type(form.getByLabelText(/^Account ID/), '00D5g000004XyZ');
    await waitFor(() => expect(form.getByRole('button', { name: CONNECT_LABEL })).toBeEnabled());
    await userEvent.click(form.getByRole('button', { name: CONNECT_LABEL }));

    await waitFor(() => expect(args.onConnected).toHaveBeenCalledWith(expect.objectContaining({ name: 'Salesforce' })));
    // The key travels as the call's apiKey, the other settings by name.
    await expect(sent('/api/data-sources')).toEqual({
      catalogueId: 'salesforce',
      apiKey: 'sf-key-2a9c41',
      settings: { accountId: '00D5g000004XyZ', baseUrl: 'https://api.salesforce.example.com' },
    });
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
    await expect(sent('/api/data-sources')).toEqual(expect.objectContaining({ companyId: 'c-globex' }));
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

/** A REST source: its settings rendered from the connector (URL, choice, secret, long text, number); the test passes. */
export const RestTestConnectionSucceeds: Story = {
  args: { source: entry('rest-api') },
  play: async ({ args, userEvent }) => {
    const form = await dialog('Connect REST API');
    await expect(form.getByRole('textbox', { name: /^API URL/ })).toBeRequired();
    await expect(form.getByRole('combobox', { name: /^Method/ })).toHaveTextContent('GET');
    await expect(form.getByLabelText(/^Auth header value/)).toHaveAttribute('type', 'password');
    await expect(form.getByRole('textbox', { name: /^Other headers/ })).toHaveAttribute('placeholder', settingOf('rest-api', 'headers').placeholder);
    await expect(form.getByText(settingOf('rest-api', 'recordsPath').help ?? '')).toBeVisible();
    await expect(form.getByRole('combobox', { name: /^Pagination/ })).toHaveTextContent('None (one request)');
    await expect(form.getByRole('textbox', { name: 'Page size' })).toHaveValue('100');

    // A URL that is not one is refused before anything is sent.
    await userEvent.type(form.getByRole('textbox', { name: /^API URL/ }), 'not a url');
    await userEvent.click(form.getByRole('button', { name: CONNECTOR_LABELS.testConnection }));
    await expectShown(() => form.getByText('Please enter a valid URL (http or https)'));
    await expect(calls.some((call) => call.path === '/api/data-sources/test-connection')).toBe(false);

    // Pasted: typed key by key, the long values alone outlasted the story's time on a busy machine.
    await userEvent.clear(form.getByRole('textbox', { name: /^API URL/ }));
    await userEvent.click(form.getByRole('textbox', { name: /^API URL/ }));
    await userEvent.paste('https://api.example.com/v1/customers');
    await userEvent.click(form.getByLabelText(/^Auth header value/));
    await userEvent.paste('Bearer sk_live_51H');
    await userEvent.click(form.getByRole('button', { name: CONNECTOR_LABELS.testConnection }));
    await expectShown(() => form.getByRole('status'));
    await expect(form.getByRole('status')).toHaveTextContent(CONNECTOR_MESSAGES.testPassed('REST API'));
    await expect(sent('/api/data-sources/test-connection')).toEqual({
      catalogueId: 'rest-api',
      settings: { url: 'https://api.example.com/v1/customers', method: 'GET', authHeaderValue: 'Bearer sk_live_51H', pagination: 'none', pageSize: '100' },
    });

    await userEvent.click(form.getByRole('button', { name: CONNECT_LABEL }));
    await waitFor(() => expect(args.onConnected).toHaveBeenCalledWith(expect.objectContaining({ connectorKind: 'rest' })));
  },
};

/** The test fails: the vendor's own words show inline, and a change of values clears them. */
export const RestTestConnectionFails: Story = {
  args: { source: entry('rest-api') },
  beforeEach: () => {
    const routes = dataSourceApiRoutes();
    held = heldRequest();
    const restore = mockFetch({
      ...routes,
      // Held until the story has seen "Testing..." on the button.
      'POST /api/data-sources/test-connection': (call) => ({ ...(routes['POST /api/*'] as (call: MockCall) => object)(call), until: held.released }),
    });
    calls = restore.calls;
    return restore;
  },
  play: async ({ userEvent }) => {
    const form = await dialog('Connect REST API');
    await userEvent.type(form.getByRole('textbox', { name: /^API URL/ }), 'https://api.example.com/v1/customers');
    await userEvent.type(form.getByLabelText(/^Auth header value/), 'Bearer bad-token');
    await userEvent.click(form.getByRole('button', { name: CONNECTOR_LABELS.testConnection }));
    await expect(await form.findByRole('button', { name: CONNECTOR_LABELS.testing })).toBeDisabled();
    held.release();
    await expectShown(() => form.getByRole('alert'));
    await expect(form.getByRole('alert')).toHaveTextContent(VENDOR_REFUSAL);
    await userEvent.type(form.getByRole('textbox', { name: /^Records path/ }), 'data');
    await waitFor(() => expect(form.queryByRole('alert')).not.toBeInTheDocument());
  },
};

/** A database source: the port comes preset and TLS is a yes/no that travels as one. */
export const DatabaseYesNoSetting: Story = {
  args: { source: entry('postgresql') },
  play: async ({ args, userEvent }) => {
    const form = await dialog('Connect PostgreSQL');
    await expect(form.getByRole('textbox', { name: /^Port/ })).toHaveValue('5432');
    const tls = form.getByRole('checkbox', { name: 'Use TLS' });
    await expect(tls).toBeChecked();

    await userEvent.type(form.getByRole('textbox', { name: /^Host/ }), 'db.acme.example');
    await userEvent.type(form.getByRole('textbox', { name: /^Database/ }), 'crm');
    await userEvent.type(form.getByRole('textbox', { name: /^User/ }), 'reader');
    await userEvent.type(form.getByLabelText(/^Password/), 'pg-secret');
    await userEvent.type(form.getByRole('textbox', { name: /^Query/ }), 'select id, email from customers');
    await userEvent.click(tls);
    await waitFor(() => expect(form.getByRole('button', { name: CONNECT_LABEL })).toBeEnabled());
    await userEvent.click(form.getByRole('button', { name: CONNECT_LABEL }));

    await waitFor(() => expect(args.onConnected).toHaveBeenCalledWith(expect.objectContaining({ connectorKind: 'database' })));
    await expect(sent('/api/data-sources')).toEqual({
      catalogueId: 'postgresql',
      settings: { host: 'db.acme.example', port: '5432', database: 'crm', user: 'reader', password: 'pg-secret', tls: false, query: 'select id, email from customers' },
    });
  },
};

/** A webhook source: nothing to set; once connected its URL and secret show once, with a curl example, until Done. */
export const WebhookSecretShownOnce: Story = {
  args: { source: entry('webhook') },
  beforeEach: () => {
    const clipboard = stubClipboard();
    const restore = mockFetch(dataSourceApiRoutes());
    calls = restore.calls;
    return () => {
      restore();
      clipboard();
    };
  },
  play: async ({ args, userEvent }) => {
    const form = await dialog('Connect Webhook');
    await expect(form.getByText(CONNECTOR_MESSAGES.pushedSource('Webhook'))).toBeVisible();
    await expect(form.queryByRole('button', { name: CONNECTOR_LABELS.testConnection })).not.toBeInTheDocument();
    await userEvent.click(form.getByRole('button', { name: CONNECT_LABEL }));

    await expectShown(() => form.getByRole('textbox', { name: CONNECTOR_LABELS.ingestionSecret }));
    await expect(form.getByText(CONNECTOR_MESSAGES.secretCreated)).toBeVisible();
    await expect(form.getByRole('textbox', { name: CONNECTOR_LABELS.ingestionSecret })).toHaveValue(STORY_INGEST_SECRET);
    const url = 'http://localhost:3000/api/ingest/ds-new-5';
    await expect(form.getByRole('textbox', { name: CONNECTOR_LABELS.ingestionUrl })).toHaveValue(url);
    await expect(form.getByText(new RegExp(`${INGEST_SECRET_HEADER}: ${STORY_INGEST_SECRET}`))).toBeVisible();
    await expect(calls.some((call) => call.method === 'POST' && call.path === '/api/data-sources/ds-new-5/ingest-secret')).toBe(true);

    await userEvent.click(form.getByRole('button', { name: CONNECTOR_LABELS.copySecret }));
    await expectShown(() => form.getByRole('button', { name: COPIED_LABEL }));
    // Escape does not lose the secret: only Done closes.
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).not.toHaveBeenCalled();
    await expect(args.onConnected).not.toHaveBeenCalled();
    await userEvent.click(form.getByRole('button', { name: CONNECTOR_LABELS.done }));
    await expect(args.onConnected).toHaveBeenCalledWith(expect.objectContaining({ connectorKind: 'webhook' }));
  },
};

/** A source without a connector cannot be connected here. */
export const NoConnector: Story = {
  args: { source: entry('adobe-analytics') },
  play: async () => {
    const form = await dialog('Connect Adobe Analytics');
    await expect(form.getByText(CONNECTOR_MESSAGES.noConnector)).toBeVisible();
    await expect(form.queryByRole('button', { name: CONNECT_LABEL })).not.toBeInTheDocument();
  },
};

/**
 * "Add source" on HubSpot, which Acme has: the dialog asks for the new source's name, offered as
 * "HubSpot 2"; a blank name cannot connect, a taken one is refused on the name, another connects.
 */
export const AnotherSourceNamed: Story = {
  args: { source: entry('hubspot'), defaultName: 'HubSpot 2' },
  play: async ({ args, userEvent }) => {
    const form = await dialog('Connect HubSpot');
    const name = form.getByRole('textbox', { name: /^Source name/ });
    await expect(name).toHaveValue('HubSpot 2');
    await userEvent.type(form.getByLabelText(/^API Key/), 'hs-key-eu');
    await userEvent.clear(name);
    await expect(form.getByText('Name is required')).toBeVisible();
    await expect(form.getByRole('button', { name: CONNECT_LABEL })).toBeDisabled();

    // Acme's first HubSpot source is named HubSpot: that name is taken.
    await userEvent.type(name, 'HubSpot');
    await userEvent.click(form.getByRole('button', { name: CONNECT_LABEL }));
    await expectShown(() => form.getByText('Another source of this company has this name'));
    await expect(args.onAlreadyConnected).not.toHaveBeenCalled();

    await userEvent.type(name, ' EU');
    await userEvent.click(form.getByRole('button', { name: CONNECT_LABEL }));
    await waitFor(() => expect(args.onConnected).toHaveBeenCalledWith(expect.objectContaining({ name: 'HubSpot EU' })));
    await expect(sent('/api/data-sources')).toMatchObject({ catalogueId: 'hubspot', name: 'HubSpot EU', apiKey: 'hs-key-eu' });
  },
};

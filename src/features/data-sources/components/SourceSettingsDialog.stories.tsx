import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { CONNECTOR_LABELS, CONNECTOR_MESSAGES } from '@domain/data/connectors';
import { DATA_SOURCE_LABELS, DATA_SOURCE_MESSAGES } from '@domain/data/sources';
import { RECORD_KIND_LABELS } from '@domain/data/unifiedModel';
import { withSession } from '@/lib/testing/fixtures';
import { failure, heldRequest, mockFetch, type MockCall } from '@/lib/testing/mockFetch';
import { expectShown } from '@/lib/testing/storyHelpers';
import { CONNECTOR_SOURCES, dataSourceApiRoutes, SOURCES, VENDOR_REFUSAL, withConnectors } from '../fixtures';
import { KEY_STORED, NO_KEY_STORED, REIMPORT_LABEL, SAVE_LABEL, SourceSettingsDialog } from './SourceSettingsDialog';

let calls: MockCall[] = [];
/** The request a story holds in flight until it has seen what shows meanwhile. */
let held = heldRequest();

const meta = {
  title: 'Data Sources/SourceSettingsDialog',
  component: SourceSettingsDialog,
  // The stories' own connectors: Google Analytics among them has none, so its key is the API key field.
  decorators: [withConnectors, withSession('companyAdmin')],
  args: { source: SOURCES.googleAnalytics, open: true, onClose: fn(), onConfigureMapping: fn() },
  beforeEach: () => {
    const restore = mockFetch(dataSourceApiRoutes());
    calls = restore.calls;
    return restore;
  },
} satisfies Meta<typeof SourceSettingsDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

const dialog = async (name: string) => within(await screen.findByRole('dialog', { name }));
const testCalls = () => calls.filter((call) => call.method === 'POST' && call.path === '/api/data-sources/test-connection');

/** The stored key is never shown; a new one replaces it; a blank one keeps it. */
export const RotateKey: Story = {
  play: async ({ args, userEvent }) => {
    const form = await dialog('Google Analytics Settings');
    await expect(form.getByText(KEY_STORED)).toBeVisible();
    await expect(form.getByLabelText(/^API Key/)).toHaveValue('');
    await expect(form.getByLabelText(/^Account ID/)).toHaveValue('GA4-318220154');
    await expect(form.getByRole('button', { name: SAVE_LABEL })).toBeDisabled();

    await userEvent.type(form.getByLabelText(/^API Key/), 'ga-rotated-key-77');
    await userEvent.click(form.getByRole('button', { name: SAVE_LABEL }));

    await expectShown(() => screen.getByText(DATA_SOURCE_MESSAGES.settingsSaved('Google Analytics')));
    await expect(args.onClose).toHaveBeenCalled();
    const sent = calls.find((call) => call.method === 'PUT');
    await expect(sent?.path).toBe(`/api/data-sources/${SOURCES.googleAnalytics.id}`);
    // Only what changed is sent.
    await expect(sent?.body).toEqual({ apiKey: 'ga-rotated-key-77' });
  },
};

export const RenameAndChangeRecordKind: Story = {
  play: async ({ userEvent }) => {
    const form = await dialog('Google Analytics Settings');
    await expect(form.getByRole('combobox', { name: 'Its records are' })).toHaveTextContent(RECORD_KIND_LABELS.events);
    await userEvent.clear(form.getByLabelText(/^Name/));
    await userEvent.type(form.getByLabelText(/^Name/), 'GA4 web');
    await userEvent.click(form.getByRole('combobox', { name: 'Its records are' }));
    await userEvent.click(await screen.findByRole('option', { name: RECORD_KIND_LABELS.people }));
    await userEvent.click(form.getByRole('button', { name: SAVE_LABEL }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ name: 'GA4 web', recordKind: 'people' }));
  },
};

export const ConfigureMapping: Story = {
  play: async ({ args, userEvent }) => {
    const form = await dialog('Google Analytics Settings');
    await userEvent.click(form.getByRole('button', { name: DATA_SOURCE_LABELS.configureMapping }));
    await expect(args.onConfigureMapping).toHaveBeenCalledWith(SOURCES.googleAnalytics);
    await expect(args.onClose).toHaveBeenCalled();
  },
};

/** An imported file has no key: only its name and what its records are. */
export const FileUpload: Story = {
  args: { source: SOURCES.customersCsv, onConfigureMapping: undefined },
  play: async () => {
    const form = await dialog('customers.csv Settings');
    await expect(form.queryByLabelText(/^New API Key/)).not.toBeInTheDocument();
    await expect(form.queryByText(KEY_STORED)).not.toBeInTheDocument();
    // Without a mapping dialog to open, the button is not offered.
    await expect(form.queryByRole('button', { name: DATA_SOURCE_LABELS.configureMapping })).not.toBeInTheDocument();
  },
};

/** An imported file is refreshed by importing its updated version: rows with the same key update their records. */
export const ImportUpdatedFile: Story = {
  args: { source: SOURCES.customersCsv, onConfigureMapping: undefined, onReimport: fn() },
  play: async ({ args, userEvent }) => {
    const form = await dialog('customers.csv Settings');
    await userEvent.click(form.getByRole('button', { name: REIMPORT_LABEL }));
    await expect(args.onReimport).toHaveBeenCalledWith(SOURCES.customersCsv);
    await expect(args.onClose).toHaveBeenCalled();
  },
};

/** A connected vendor source is synced, not re-imported: the button is not offered. */
export const NoReimportForConnectedSources: Story = {
  args: { onReimport: fn() },
  play: async () => {
    const form = await dialog('Google Analytics Settings');
    await expect(form.queryByRole('button', { name: REIMPORT_LABEL })).not.toBeInTheDocument();
  },
};

export const NoKeyStored: Story = {
  args: { source: { ...SOURCES.stripe, hasCredentials: false } },
  play: async () => {
    const form = await dialog('Stripe Settings');
    await expect(form.getByText(NO_KEY_STORED)).toBeVisible();
  },
};

export const SaveFails: Story = {
  beforeEach: () =>
    mockFetch({
      ...dataSourceApiRoutes(),
      [`PUT /api/data-sources/${SOURCES.googleAnalytics.id}`]: failure('validation_failed', {
        fields: { apiKey: 'API key is required' },
      }),
    }),
  play: async ({ userEvent }) => {
    const form = await dialog('Google Analytics Settings');
    await userEvent.type(form.getByLabelText(/^API Key/), '   x');
    await userEvent.click(form.getByRole('button', { name: SAVE_LABEL }));
    await expectShown(() => form.getByText('Failed to save settings'));
    await expectShown(() => form.getByText('API key is required'));
  },
};

/**
 * A saved REST source tests its settings as the form shows them; its secret, never shown, is left
 * out so the stored one is used. Changing a setting clears the result.
 */
export const TestConnectionWithStoredSecret: Story = {
  args: { source: SOURCES.restApi },
  beforeEach: () => {
    const restore = mockFetch(dataSourceApiRoutes({ sources: CONNECTOR_SOURCES }));
    calls = restore.calls;
    return restore;
  },
  play: async ({ userEvent }) => {
    const form = await dialog('Customers API Settings');
    await expect(form.getByLabelText(/^Auth header value/)).toHaveValue('');
    await userEvent.click(form.getByRole('button', { name: CONNECTOR_LABELS.testConnection }));

    await expectShown(() => form.getByRole('status'));
    await expect(form.getByRole('status')).toHaveTextContent(CONNECTOR_MESSAGES.testPassed('REST API'));
    const [sent] = testCalls();
    await expect(sent?.body).toEqual({
      catalogueId: 'rest-api',
      sourceId: SOURCES.restApi.id,
      settings: expect.objectContaining({ url: 'https://api.example.com/v1/customers', method: 'GET', recordsPath: 'data', cursorField: 'updated_at' }),
    });
    await expect((sent?.body as { settings: object }).settings).not.toHaveProperty('authHeaderValue');
    // Testing saves nothing.
    await expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    await expect(form.getByRole('button', { name: SAVE_LABEL })).toBeDisabled();

    await userEvent.type(form.getByRole('textbox', { name: /^Records path/ }), '.items');
    await waitFor(() => expect(form.queryByRole('status')).not.toBeInTheDocument());
  },
};

/**
 * A stored secret is only sent to the address it was given for: saving a new API URL with the
 * secret left blank is refused, the secret's field says it is needed again, and the secret typed
 * then is saved with the new address.
 */
export const NewAddressAsksForTheSecretAgain: Story = {
  args: { source: SOURCES.restApi },
  beforeEach: () => {
    const needed = 'Auth header value is needed again: a stored secret is not sent once API URL changes';
    const restore = mockFetch({
      ...dataSourceApiRoutes({ sources: CONNECTOR_SOURCES }),
      // As the BFF answers: a changed URL without a secret typed with it is refused, naming the secret.
      [`PUT /api/data-sources/${SOURCES.restApi.id}`]: ({ body }) => {
        const settings = (body as { settings?: Record<string, string> }).settings ?? {};
        if (settings.url && !settings.authHeaderValue) return failure('validation_failed', { error: needed, fields: { authHeaderValue: needed } });
        return { body: { ...SOURCES.restApi, settings: { ...SOURCES.restApi.settings, url: settings.url } } };
      },
    });
    calls = restore.calls;
    return restore;
  },
  play: async ({ args, userEvent }) => {
    const form = await dialog('Customers API Settings');
    const url = form.getByRole('textbox', { name: /^API URL/ });
    await userEvent.clear(url);
    await userEvent.paste('https://api.elsewhere.example/v1/customers');
    await userEvent.click(form.getByRole('button', { name: SAVE_LABEL }));

    await expectShown(() => form.getByText('Failed to save settings'));
    await expect(form.getByLabelText(/^Auth header value/)).toHaveAccessibleDescription(/is needed again/);
    await expect(args.onClose).not.toHaveBeenCalled();

    await userEvent.click(form.getByLabelText(/^Auth header value/));
    await userEvent.paste('Bearer typed-for-the-new-address');
    await userEvent.click(form.getByRole('button', { name: SAVE_LABEL }));
    await expectShown(() => screen.getByText(DATA_SOURCE_MESSAGES.settingsSaved('Customers API')));
    const saved = calls.filter((call) => call.method === 'PUT').at(-1);
    await expect(saved?.body).toEqual({ settings: { url: 'https://api.elsewhere.example/v1/customers', authHeaderValue: 'Bearer typed-for-the-new-address' } });
  },
};

/** The vendor refuses the stored secret: its own words show, and the button says it is testing meanwhile. */
export const TestConnectionFails: Story = {
  args: { source: SOURCES.restFailed },
  beforeEach: () => {
    held = heldRequest();
    const restore = mockFetch({
      ...dataSourceApiRoutes(),
      'POST /api/data-sources/test-connection': { ...failure('connection_failed', { message: VENDOR_REFUSAL }), until: held.released },
    });
    calls = restore.calls;
    return restore;
  },
  play: async ({ userEvent }) => {
    const form = await dialog('Products API Settings');
    await userEvent.click(form.getByRole('button', { name: CONNECTOR_LABELS.testConnection }));
    await expect(await form.findByRole('button', { name: CONNECTOR_LABELS.testing })).toBeDisabled();
    held.release();
    await expectShown(() => form.getByRole('alert'));
    await expect(form.getByRole('alert')).toHaveTextContent(VENDOR_REFUSAL);
    await expect(testCalls()[0]?.body).toMatchObject({ catalogueId: 'rest-api', sourceId: SOURCES.restFailed.id });
    await expect(form.getByRole('button', { name: CONNECTOR_LABELS.testConnection })).toBeEnabled();
  },
};

/** A pushed source is not pulled from: there is no connection to test. */
export const NoTestForPushedSources: Story = {
  args: { source: SOURCES.webhook },
  play: async () => {
    const form = await dialog('Webhook Settings');
    await expect(form.queryByRole('button', { name: CONNECTOR_LABELS.testConnection })).not.toBeInTheDocument();
  },
};

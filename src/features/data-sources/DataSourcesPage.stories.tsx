import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { CATALOGUE_BUTTON_LABELS } from '@domain/data/catalogue';
import { CONNECTOR_LABELS, CONNECTOR_MESSAGES } from '@domain/data/connectors';
import { CUSTOM_CONNECTOR_LABELS } from '@domain/data/customConnectors';
import { DATA_SOURCE_LABELS, DATA_SOURCE_MESSAGES } from '@domain/data/sources';
import { API_ERRORS } from '@domain/errors';
import { SESSIONS, withSession } from '@/lib/testing/fixtures';
import { failure, heldRequest, mockFetch, type MockAnswer, type MockCall, type MockRoutes } from '@/lib/testing/mockFetch';
import { expectShown } from '@/lib/testing/storyHelpers';
import { acmeCompany } from '@/lib/testing/sessions';
import { NAVOUT_TAGLINE } from '@/theme';
import { DataSourcesPage } from './DataSourcesPage';
import {
  ACME_SOURCES,
  ALL_SOURCES,
  dataSourceApiRoutes,
  READ_ONLY_SESSION,
  SOURCES,
  STORY_CUSTOM_CONNECTORS,
  withConnectors,
  withDataSession,
} from './fixtures';
import { IMPORT_ANOTHER_FILE } from './components/ConnectedSourceCard';
import { HOW_TO_GET_DATA_IN } from './components/ConnectedSourcesPanel';
import { expectNoSidewaysScroll, PHONE_GLOBALS } from '@/lib/testing/phone';
import { mappingApiRoutes } from './mapping/mappingFixtures';

let calls: MockCall[] = [];
/** The request a story holds in flight until it has seen what shows meanwhile. */
let held = heldRequest();

/** The in-memory server's own answer, for a story that changes only its timing or its first answer. */
function answer(routes: MockRoutes, call: MockCall): MockAnswer {
  const route = routes[`${call.method} /api/*`];
  return typeof route === 'function' ? route(call) : route;
}

const meta = {
  title: 'Pages/Data Sources',
  component: DataSourcesPage,
  decorators: [withSession('companyAdmin'), withConnectors],
  parameters: { layout: 'padded', router: { initialEntries: ['/data-sources'], path: '/data-sources' } },
  beforeEach: () => {
    const restore = mockFetch(dataSourceApiRoutes());
    calls = restore.calls;
    return restore;
  },
} satisfies Meta<typeof DataSourcesPage>;
export default meta;

type Story = StoryObj<typeof meta>;

const card = async (name: string) => within(await screen.findByRole('article', { name }));

export const WithSources: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Data Sources' })).toBeVisible();
    await expect(canvas.getByText(DATA_SOURCE_LABELS.subtitle)).toBeVisible();
    await expect(canvas.getByText(NAVOUT_TAGLINE)).toBeVisible();
    await expect(canvas.getByRole('button', { name: DATA_SOURCE_LABELS.importFile })).toBeVisible();
    await expectShown(() => canvas.getByRole('tab', { name: DATA_SOURCE_LABELS.connectedTab(3) }));
    await expect(canvas.getAllByRole('article')).toHaveLength(ACME_SOURCES.length);
  },
};

/** "Import a file" in the page header: the import dialog for a new source, whatever the file type. */
export const ImportAFile: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: DATA_SOURCE_LABELS.importFile }));
    const dialog = within(await screen.findByRole('dialog', { name: DATA_SOURCE_LABELS.importData }));
    await expectShown(() => dialog.getByRole('button', { name: 'Choose File' }));
    await expect(dialog.queryByText(/^Into /)).not.toBeInTheDocument();
  },
};

/** "Add source" on CSV Upload, which Acme has: a new file source, not an import into the one there is. */
export const AddFileSource: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('tab', { name: DATA_SOURCE_LABELS.availableTab }));
    const csv = await card('CSV Upload');
    await expect(csv.getByText(`${CATALOGUE_BUTTON_LABELS.connected} · 1 source`)).toBeVisible();
    await expect((await card('Excel Upload')).queryByText(CATALOGUE_BUTTON_LABELS.connected, { exact: false })).not.toBeInTheDocument();
    await userEvent.click(csv.getByRole('button', { name: CATALOGUE_BUTTON_LABELS.addSource }));
    const dialog = within(await screen.findByRole('dialog', { name: DATA_SOURCE_LABELS.importData }));
    await expectShown(() => dialog.getByRole('button', { name: 'Choose File' }));
    await expect(dialog.queryByText(/^Into /)).not.toBeInTheDocument();
  },
};

/** "Import another file" on a file source's card opens the import into that same source. */
export const ImportAnotherFile: Story = {
  play: async ({ canvas, userEvent }) => {
    const card = within(await canvas.findByRole('article', { name: SOURCES.customersCsv.name }));
    await userEvent.click(card.getByRole('button', { name: IMPORT_ANOTHER_FILE }));
    await expect(await screen.findByText(`Into ${SOURCES.customersCsv.name}: records with the same key are updated.`)).toBeVisible();
  },
};

/** Sync Now queues a run: the card shows progress while the list polls, then the new record count. */
export const SyncNowShowsProgress: Story = {
  play: async ({ userEvent }) => {
    const hubspot = await card('HubSpot');
    await userEvent.click(hubspot.getByRole('button', { name: DATA_SOURCE_LABELS.syncNow }));
    await expectShown(() => screen.getByText(CONNECTOR_MESSAGES.syncStarted('HubSpot')));
    await expectShown(() => hubspot.getByRole('progressbar', { name: `${CONNECTOR_LABELS.syncProgress}: HubSpot` }));
    await waitFor(() => expect(hubspot.getByText(/^3.370 records$|^3,370 records$/)).toBeVisible(), { timeout: 8_000 });
  },
};

/** While it runs, Sync Now says "Syncing..." and cannot be pressed again. */
export const Syncing: Story = {
  beforeEach: () =>
    mockFetch({ ...dataSourceApiRoutes(), [`POST /api/data-sources/${SOURCES.hubspot.id}/sync`]: { delayMs: Infinity } }),
  play: async ({ userEvent }) => {
    const hubspot = await card('HubSpot');
    await userEvent.click(hubspot.getByRole('button', { name: DATA_SOURCE_LABELS.syncNow }));
    await expectShown(() => hubspot.getByRole('button', { name: 'Syncing...' }));
    await expect(hubspot.getByRole('button', { name: 'Syncing...' })).toBeDisabled();
    await expect(hubspot.getByText('Syncing')).toBeVisible();
  },
};

/** Delete: confirm, "Deleting..." while the call runs, then the source leaves the list. */
export const DeleteSource: Story = {
  beforeEach: () => {
    const routes = dataSourceApiRoutes();
    held = heldRequest();
    const restore = mockFetch({ ...routes, 'DELETE /api/*': (call) => ({ ...answer(routes, call), until: held.released }) });
    calls = restore.calls;
    return restore;
  },
  play: async ({ canvas, userEvent }) => {
    const hubspot = await card('HubSpot');
    await userEvent.click(hubspot.getByRole('button', { name: DATA_SOURCE_LABELS.delete }));
    const confirm = within(await screen.findByRole('dialog', { name: DATA_SOURCE_LABELS.deleteSource }));
    await userEvent.click(confirm.getByRole('button', { name: DATA_SOURCE_LABELS.delete }));
    await expectShown(() => hubspot.getByRole('button', { name: DATA_SOURCE_MESSAGES.deleting }));
    await expect(hubspot.getByRole('button', { name: DATA_SOURCE_MESSAGES.deleting })).toBeDisabled();
    held.release();
    await expectShown(() => screen.getByText(DATA_SOURCE_MESSAGES.deleted('HubSpot')));
    await waitFor(() => expect(canvas.queryByRole('article', { name: 'HubSpot' })).not.toBeInTheDocument());
    await expect(calls.some((call) => call.method === 'DELETE' && call.path === `/api/data-sources/${SOURCES.hubspot.id}`)).toBe(true);
    await expect(canvas.getByRole('tab', { name: DATA_SOURCE_LABELS.connectedTab(2) })).toBeVisible();
  },
};

export const DeleteFails: Story = {
  beforeEach: () =>
    mockFetch({
      ...dataSourceApiRoutes(),
      [`DELETE /api/data-sources/${SOURCES.hubspot.id}`]: failure('internal_error', { error: 'Database unavailable' }),
    }),
  play: async ({ canvas, userEvent }) => {
    const hubspot = await card('HubSpot');
    await userEvent.click(hubspot.getByRole('button', { name: DATA_SOURCE_LABELS.delete }));
    const confirm = within(await screen.findByRole('dialog', { name: DATA_SOURCE_LABELS.deleteSource }));
    await userEvent.click(confirm.getByRole('button', { name: DATA_SOURCE_LABELS.delete }));
    await expectShown(() => screen.getByText(DATA_SOURCE_MESSAGES.deleteFailed));
    // The confirmation may still be closing (the page hidden from assistive technology until it has)
    // and the cards take the failure in a background render: the card is read afresh once shown.
    await expectShown(() => canvas.getByRole('article', { name: 'HubSpot' }));
    await waitFor(() => expect(within(canvas.getByRole('article', { name: 'HubSpot' })).getByRole('button', { name: DATA_SOURCE_LABELS.delete })).toBeEnabled());
  },
};

/** Connect from the catalogue: the card then reads "✓ Connected · 1 source", and its button adds another. */
export const ConnectSource: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('tab', { name: DATA_SOURCE_LABELS.availableTab }));
    const salesforce = await card('Salesforce');
    await userEvent.click(salesforce.getByRole('button', { name: CATALOGUE_BUTTON_LABELS.connectApi }));
    const form = within(await screen.findByRole('dialog', { name: 'Connect Salesforce' }));
    await userEvent.type(form.getByLabelText(/^API Key/), 'sf-key-2a9c41');
    await userEvent.click(form.getByRole('button', { name: 'Connect' }));
    await expectShown(() => screen.getByText(DATA_SOURCE_MESSAGES.connected('Salesforce')));
    await expectShown(() => salesforce.getByText(`${CATALOGUE_BUTTON_LABELS.connected} · 1 source`));
    await expect(salesforce.getByRole('button', { name: CATALOGUE_BUTTON_LABELS.addSource })).toBeVisible();
    // The count comes with the list read again after the connection.
    await expectShown(() => canvas.getByRole('tab', { name: DATA_SOURCE_LABELS.connectedTab(4) }));
  },
};

export const Empty: Story = {
  beforeEach: () => mockFetch(dataSourceApiRoutes({ sources: [] })),
  play: async ({ canvas, userEvent }) => {
    await expectShown(() => canvas.getByRole('heading', { name: DATA_SOURCE_MESSAGES.noneConnected }));
    await expect(canvas.getByText(HOW_TO_GET_DATA_IN)).toBeVisible();
    await expect(canvas.getByRole('tab', { name: DATA_SOURCE_LABELS.connectedTab(0) })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: DATA_SOURCE_MESSAGES.browseSources }));
    await expect(canvas.getByRole('tab', { name: DATA_SOURCE_LABELS.availableTab })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tab', { name: 'All Categories' })).toBeVisible();
  },
};

/** The first load fails: a banner with Retry; a retry that fails too is a failed refresh. */
export const LoadFailure: Story = {
  beforeEach: () => mockFetch({ 'GET /api/data-sources': failure('internal_error', { error: 'Database unavailable' }) }),
  play: async ({ canvas, userEvent }) => {
    await expectShown(() => canvas.getByText(DATA_SOURCE_MESSAGES.loadFailed));
    await expect(canvas.getByText('Database unavailable')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expectShown(() => canvas.getByText(DATA_SOURCE_MESSAGES.refreshFailed));
  },
};

/** A retry that succeeds shows the sources. */
export const RetrySucceeds: Story = {
  beforeEach: () => {
    let attempts = 0;
    const routes = dataSourceApiRoutes();
    return mockFetch({
      ...routes,
      'GET /api/data-sources': (call) => {
        attempts += 1;
        return attempts === 1 ? failure('internal_error') : answer(routes, call);
      },
    });
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Retry' }));
    await expectShown(() => canvas.getByRole('article', { name: 'Google Analytics' }));
    await expect(canvas.queryByText(DATA_SOURCE_MESSAGES.loadFailed)).not.toBeInTheDocument();
  },
};

export const Loading: Story = {
  beforeEach: () => mockFetch({ 'GET /api/data-sources': { delayMs: Infinity } }),
  play: async ({ canvas }) => {
    await expectShown(() => canvas.getByRole('progressbar', { name: 'Loading data sources' }));
  },
};

/** data_sources:read without write: everything is shown, nothing can be changed. */
export const ReadOnlyUser: Story = {
  decorators: [withDataSession(READ_ONLY_SESSION)],
  play: async ({ canvas, userEvent }) => {
    await card('Google Analytics');
    await expect(canvas.queryByRole('button', { name: DATA_SOURCE_LABELS.syncNow })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: DATA_SOURCE_LABELS.delete })).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('tab', { name: DATA_SOURCE_LABELS.availableTab }));
    await expect(canvas.queryByRole('button', { name: CATALOGUE_BUTTON_LABELS.connectApi })).not.toBeInTheDocument();
    await expect((await canvas.findAllByText(new RegExp(`^${CATALOGUE_BUTTON_LABELS.connected} · `))).length).toBeGreaterThan(0);
    await expect(canvas.queryByRole('button', { name: CATALOGUE_BUTTON_LABELS.addSource })).not.toBeInTheDocument();
  },
};

/** A global admin with "All Companies": every company's sources, named; connecting asks for a company. */
export const GlobalAdminAllCompanies: Story = {
  decorators: [withSession('globalAdmin')],
  beforeEach: () => mockFetch(dataSourceApiRoutes({ session: SESSIONS.globalAdmin, sources: ALL_SOURCES })),
  play: async ({ canvas, userEvent }) => {
    const shopify = await card('Shopify');
    await expectShown(() => shopify.getByText('Globex Health'));
    await userEvent.click(canvas.getByRole('tab', { name: DATA_SOURCE_LABELS.availableTab }));
    const salesforce = await card('Salesforce');
    await userEvent.click(salesforce.getByRole('button', { name: CATALOGUE_BUTTON_LABELS.connectApi }));
    await expectShown(() => screen.getByText(API_ERRORS.company_required.message));
  },
};

/** A global admin with a company chosen connects for that company. */
export const GlobalAdminCompanyInView: Story = {
  decorators: [withSession('globalAdmin', acmeCompany.id)],
  beforeEach: () => {
    const restore = mockFetch(dataSourceApiRoutes({ session: SESSIONS.globalAdmin }));
    calls = restore.calls;
    return restore;
  },
  play: async ({ canvas, userEvent }) => {
    await card('HubSpot');
    await userEvent.click(canvas.getByRole('tab', { name: DATA_SOURCE_LABELS.availableTab }));
    const shopify = await card('Shopify');
    await userEvent.click(shopify.getByRole('button', { name: CATALOGUE_BUTTON_LABELS.connectApi }));
    const form = within(await screen.findByRole('dialog', { name: 'Connect Shopify' }));
    await userEvent.type(form.getByLabelText(/^API Key/), 'shpat_4f1c');
    await userEvent.click(form.getByRole('button', { name: 'Connect' }));
    await expectShown(() => screen.getByText(DATA_SOURCE_MESSAGES.connected('Shopify')));
    const sent = calls.find((call) => call.method === 'POST' && call.path === '/api/data-sources');
    await expect(sent?.body).toEqual(expect.objectContaining({ catalogueId: 'shopify', companyId: acmeCompany.id }));
  },
};

/**
 * At phone width: the header's actions, the cards stacked, long file names wrapped, and Field
 * Mapping as stacked rows (field → unified field, with their labels); nothing scrolls sideways.
 */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  beforeEach: () => mockFetch(mappingApiRoutes()),
  play: async (context) => {
    await WithSources.play?.(context);
    const { canvas } = context;
    const fields = within(await canvas.findByRole('region', { name: 'Mapped fields' }));
    const customerId = within(await fields.findByRole('listitem', { name: 'Customer ID' }));
    await expect(customerId.getByText('customer_id')).toBeVisible();
    await expect(customerId.getByText('customers.csv_customer_id')).toBeVisible();
    await expect(customerId.getByText('User ID')).toBeVisible();
    await expect(fields.queryByRole('table')).not.toBeInTheDocument();
    await expectNoSidewaysScroll(context.canvasElement);
  },
};

/**
 * A connector the company brought: connected from "Your connectors" with the settings its
 * definition declares (the token a password), then shown as connected; while a source uses it,
 * deleting it is refused with the server's reason.
 */
export const ConnectWithCustomConnector: Story = {
  play: async ({ canvas, userEvent }) => {
    const name = STORY_CUSTOM_CONNECTORS[0]!.name;
    await userEvent.click(await canvas.findByRole('tab', { name: DATA_SOURCE_LABELS.availableTab }));
    const crm = await card(name);
    await userEvent.click(crm.getByRole('button', { name: CATALOGUE_BUTTON_LABELS.connectApi }));
    const form = within(await screen.findByRole('dialog', { name: `Connect ${name}` }));
    await expect(form.getByLabelText(/^API token/)).toHaveAttribute('type', 'password');
    await userEvent.type(form.getByLabelText(/^API address/), 'https://acme.crm.example.com');
    await userEvent.type(form.getByLabelText(/^API token/), 'crm-token-1');
    await userEvent.click(form.getByRole('button', { name: 'Connect' }));
    await expectShown(() => screen.getByText(DATA_SOURCE_MESSAGES.connected(name)));
    await expectShown(() => crm.getByText(`${CATALOGUE_BUTTON_LABELS.connected} · 1 source`));
    await expect(crm.getByRole('button', { name: CATALOGUE_BUTTON_LABELS.addSource })).toBeVisible();
    await expect(calls.find((call) => call.method === 'POST' && call.path === '/api/data-sources')?.body).toMatchObject({
      catalogueId: STORY_CUSTOM_CONNECTORS[0]!.catalogueId,
      settings: { base_url: 'https://acme.crm.example.com', api_token: 'crm-token-1' },
    });

    await userEvent.click(crm.getByRole('button', { name: CUSTOM_CONNECTOR_LABELS.delete }));
    const confirm = within(await screen.findByRole('dialog', { name: CUSTOM_CONNECTOR_LABELS.deleteTitle }));
    await userEvent.click(confirm.getByRole('button', { name: CUSTOM_CONNECTOR_LABELS.delete }));
    await expectShown(() => screen.getByText(new RegExp(`is used by ${name}: delete that source first`)));
    // Read once the confirmation has closed (until then the page is hidden from assistive technology).
    await expectShown(() => canvas.getByRole('article', { name }));
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { CATALOGUE_BUTTON_LABELS } from '@domain/data/catalogue';
import { DATA_SOURCE_LABELS, DATA_SOURCE_MESSAGES } from '@domain/data/sources';
import { API_ERRORS } from '@domain/errors';
import { SESSIONS, withSession } from '@/lib/testing/fixtures';
import { mockFetch } from '@/lib/testing/mockFetch';
import { expectShown } from '@/lib/testing/storyHelpers';
import { NAVOUT_TAGLINE } from '@/theme';
import { ACME_SOURCES, ALL_SOURCES, dataSourceApiRoutes, SOURCES } from '../fixtures';
import { DataSourcesView, type ImportDialogSlotProps } from './DataSourcesView';

/** Stands in for the import dialog: shows what the slot was given. */
function ImportDialogStandIn({ open, onClose, catalogueSource, companyId, source }: ImportDialogSlotProps) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="import-stand-in">
      <DialogTitle id="import-stand-in">{DATA_SOURCE_LABELS.importData}</DialogTitle>
      <Typography sx={{ px: 3, pb: 3 }}>
        {source ? `Into ${source.name}` : (catalogueSource?.name ?? 'A new file source')} for {companyId ?? 'own company'}
      </Typography>
    </Dialog>
  );
}

const meta = {
  title: 'Data Sources/DataSourcesView',
  component: DataSourcesView,
  decorators: [withSession('companyAdmin')],
  beforeEach: () => mockFetch(dataSourceApiRoutes()),
  args: {
    sources: ACME_SOURCES,
    canManage: true,
    companyId: undefined,
    viewingAll: false,
    syncingIds: [],
    deletingIds: [],
    onSync: fn(),
    onDelete: fn(),
    onConfigureMapping: fn(),
    importDialog: (props: ImportDialogSlotProps) => <ImportDialogStandIn {...props} />,
    mappingPanel: (
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2">
          {DATA_SOURCE_LABELS.fieldMapping}
        </Typography>
      </Paper>
    ),
  },
} satisfies Meta<typeof DataSourcesView>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Connected: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Data Sources' })).toBeVisible();
    // The subtitle says what the page is for; the tagline is kept above the title.
    await expect(canvas.getByText(DATA_SOURCE_LABELS.subtitle)).toBeVisible();
    await expect(canvas.getByText(NAVOUT_TAGLINE)).toBeVisible();
    await expect(canvas.getByRole('button', { name: DATA_SOURCE_LABELS.importFile })).toBeVisible();
    await expect(canvas.getByRole('button', { name: DATA_SOURCE_LABELS.connectSource })).toBeVisible();
    // Stripe is in error: three of the four sources are active.
    await expect(canvas.getByRole('tab', { name: DATA_SOURCE_LABELS.connectedTab(3) })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('heading', { name: DATA_SOURCE_LABELS.fieldMapping })).toBeVisible();

    const hubspot = within(canvas.getByRole('article', { name: 'HubSpot' }));
    await userEvent.click(hubspot.getByRole('button', { name: DATA_SOURCE_LABELS.syncNow }));
    await expect(args.onSync).toHaveBeenCalledWith(SOURCES.hubspot);
  },
};

/** Delete asks first; only a confirmed delete reaches the page. */
export const DeleteConfirmation: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const card = within(canvas.getByRole('article', { name: 'customers.csv' }));
    await userEvent.click(card.getByRole('button', { name: DATA_SOURCE_LABELS.delete }));
    let confirm = within(await screen.findByRole('dialog', { name: DATA_SOURCE_LABELS.deleteSource }));
    await expectShown(() => confirm.getByText(/customers\.csv\? Its 2.500 records will be deleted with it/));
    await userEvent.click(confirm.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onDelete).not.toHaveBeenCalled();

    await userEvent.click(card.getByRole('button', { name: DATA_SOURCE_LABELS.delete }));
    confirm = within(await screen.findByRole('dialog', { name: DATA_SOURCE_LABELS.deleteSource }));
    await userEvent.click(confirm.getByRole('button', { name: DATA_SOURCE_LABELS.delete }));
    await expect(args.onDelete).toHaveBeenCalledWith(SOURCES.customersCsv);
  },
};

export const Deleting: Story = {
  args: { deletingIds: [SOURCES.hubspot.id], syncingIds: [SOURCES.googleAnalytics.id] },
  play: async ({ canvas }) => {
    const hubspot = within(canvas.getByRole('article', { name: 'HubSpot' }));
    await expect(hubspot.getByRole('button', { name: DATA_SOURCE_MESSAGES.deleting })).toBeDisabled();
  },
};

/** The Available tab: a source not connected opens the connect dialog; a connected one says so, and "Settings" opens its source. */
export const Available: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('tab', { name: DATA_SOURCE_LABELS.availableTab }));
    await expect(canvas.getByRole('tab', { name: DATA_SOURCE_LABELS.availableTab })).toHaveAttribute('aria-selected', 'true');

    // The tab's code is downloaded when it is first chosen.
    const salesforce = within(await canvas.findByRole('article', { name: 'Salesforce' }));
    await userEvent.click(salesforce.getByRole('button', { name: CATALOGUE_BUTTON_LABELS.connectApi }));
    const connect = within(await screen.findByRole('dialog', { name: 'Connect Salesforce' }));
    await userEvent.click(connect.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const analytics = within(canvas.getByRole('article', { name: 'Google Analytics' }));
    await expect(analytics.getByText(`${CATALOGUE_BUTTON_LABELS.connected} · 1 source`)).toBeVisible();
    await userEvent.click(analytics.getByRole('button', { name: CATALOGUE_BUTTON_LABELS.settings }));
    await expectShown(() => screen.getByRole('dialog', { name: 'Google Analytics Settings' }));
  },
};

/** Connecting a source the server already has opens that source's settings. */
export const ConnectedElsewhere: Story = {
  // This screen's list is stale: the server already has Stripe.
  args: { sources: [SOURCES.googleAnalytics], initialTab: 'available' },
  beforeEach: () => mockFetch(dataSourceApiRoutes({ sources: ACME_SOURCES })),
  play: async ({ canvas, userEvent }) => {
    const stripe = within(await canvas.findByRole('article', { name: 'Stripe' }));
    await userEvent.click(stripe.getByRole('button', { name: CATALOGUE_BUTTON_LABELS.connectApi }));
    const connect = within(await screen.findByRole('dialog', { name: 'Connect Stripe' }));
    await userEvent.type(connect.getByLabelText(/^Secret key/), 'rk_live_story');
    await userEvent.click(connect.getByRole('button', { name: 'Connect' }));
    // Not in this (stale) list: the server's word is shown instead.
    await expectShown(() => screen.getByText('This source is already connected.'));
  },
};

/** customers.csv is a CSV file: Excel Upload is not connected, and Connect Data imports a new file source. */
export const ImportSlot: Story = {
  args: { initialTab: 'available' },
  play: async ({ canvas, userEvent }) => {
    const excel = within(await canvas.findByRole('article', { name: 'Excel Upload' }));
    await expect(excel.queryByText(CATALOGUE_BUTTON_LABELS.connected, { exact: false })).not.toBeInTheDocument();
    await userEvent.click(excel.getByRole('button', { name: CATALOGUE_BUTTON_LABELS.connectData }));
    const dialog = within(await screen.findByRole('dialog', { name: DATA_SOURCE_LABELS.importData }));
    await expectShown(() => dialog.getByText('Excel Upload for own company'));
  },
};

/** The page's main action imports a file into a new source, from whichever tab. */
export const ImportFromHeader: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: DATA_SOURCE_LABELS.importFile }));
    const dialog = within(await screen.findByRole('dialog', { name: DATA_SOURCE_LABELS.importData }));
    await expectShown(() => dialog.getByText('A new file source for own company'));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // "Connect a source" leads to the catalogue.
    await userEvent.click(canvas.getByRole('button', { name: DATA_SOURCE_LABELS.connectSource }));
    await expect(canvas.getByRole('tab', { name: DATA_SOURCE_LABELS.availableTab })).toHaveAttribute('aria-selected', 'true');
  },
};

/** "Add source" on HubSpot, which Acme has: a second HubSpot source under a name of its own. */
export const AddSecondSource: Story = {
  args: { initialTab: 'available' },
  play: async ({ canvas, userEvent }) => {
    const hubspot = within(await canvas.findByRole('article', { name: 'HubSpot' }));
    await userEvent.click(hubspot.getByRole('button', { name: CATALOGUE_BUTTON_LABELS.addSource }));
    const connect = within(await screen.findByRole('dialog', { name: 'Connect HubSpot' }));
    const name = connect.getByRole('textbox', { name: /^Source name/ });
    await expect(name).toHaveValue('HubSpot 2');
    await userEvent.clear(name);
    await userEvent.type(name, 'HubSpot EU');
    await userEvent.type(connect.getByLabelText(/^Private app access token/), 'pat-eu-1');
    await userEvent.click(connect.getByRole('button', { name: 'Connect' }));
    await expectShown(() => screen.getByText(DATA_SOURCE_MESSAGES.connected('HubSpot EU')));
  },
};

export const RequestCustomApi: Story = {
  args: { initialTab: 'available' },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('tab', { name: 'Custom API' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Request Custom API' }));
    const form = within(await screen.findByRole('dialog', { name: 'Request Custom API' }));
    await userEvent.type(form.getByLabelText(/^Service Name/), 'Zendesk');
    await userEvent.type(form.getByLabelText(/^Documentation Link/), 'https://developer.zendesk.com');
    await userEvent.click(form.getByRole('button', { name: 'Submit' }));
    await expectShown(() => screen.getByText(DATA_SOURCE_MESSAGES.requestSent));
  },
};

/** A global admin viewing every company: whose source is named; connecting asks for a company first. */
export const GlobalAdminAllCompanies: Story = {
  decorators: [withSession('globalAdmin')],
  beforeEach: () => mockFetch(dataSourceApiRoutes({ session: SESSIONS.globalAdmin, sources: ALL_SOURCES })),
  args: {
    sources: ALL_SOURCES,
    viewingAll: true,
    companyNames: new Map([
      ['c-acme', 'Acme Retail'],
      ['c-globex', 'Globex Health'],
    ]),
  },
  play: async ({ canvas, userEvent }) => {
    const shopify = within(canvas.getByRole('article', { name: 'Shopify' }));
    await expect(shopify.getByText('Globex Health')).toBeVisible();
    await userEvent.click(canvas.getByRole('tab', { name: DATA_SOURCE_LABELS.availableTab }));
    // The tab's code is downloaded when it is first chosen.
    const salesforce = within(await canvas.findByRole('article', { name: 'Salesforce' }));
    // With every company listed, no catalogue source reads as connected.
    await expect(canvas.queryByText(CATALOGUE_BUTTON_LABELS.connected, { exact: false })).not.toBeInTheDocument();
    await userEvent.click(salesforce.getByRole('button', { name: CATALOGUE_BUTTON_LABELS.connectApi }));
    await expectShown(() => screen.getByText(API_ERRORS.company_required.message));
    await expect(screen.queryByRole('dialog', { name: 'Connect Salesforce' })).not.toBeInTheDocument();
    // Importing a file needs a company too.
    await userEvent.click(canvas.getByRole('button', { name: DATA_SOURCE_LABELS.importFile }));
    await waitFor(() => expect(screen.getAllByText(API_ERRORS.company_required.message).length).toBeGreaterThan(0));
    await expect(screen.queryByRole('dialog', { name: DATA_SOURCE_LABELS.importData })).not.toBeInTheDocument();
  },
};

export const ReadOnly: Story = {
  args: { canManage: false },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getAllByRole('article')).toHaveLength(ACME_SOURCES.length);
    await expect(canvas.queryByRole('button', { name: DATA_SOURCE_LABELS.syncNow })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: DATA_SOURCE_LABELS.delete })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: DATA_SOURCE_LABELS.importFile })).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('tab', { name: DATA_SOURCE_LABELS.availableTab }));
    // What is connected still reads so; nothing can be added.
    const hubspot = within(await canvas.findByRole('article', { name: 'HubSpot' }));
    await expect(hubspot.getByText(`${CATALOGUE_BUTTON_LABELS.connected} · 1 source`)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: CATALOGUE_BUTTON_LABELS.connectApi })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: CATALOGUE_BUTTON_LABELS.connectData })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: CATALOGUE_BUTTON_LABELS.addSource })).not.toBeInTheDocument();
  },
};

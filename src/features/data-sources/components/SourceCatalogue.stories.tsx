import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { ALL_CATEGORIES_LABEL, CATALOGUE_BUTTON_LABELS, CATALOGUE_CATEGORIES, type CatalogueSource } from '@domain/data/catalogue';
import { CONNECTOR_MESSAGES } from '@domain/data/connectors';
import { ACME_SOURCES, withConnectors } from '../fixtures';
import { connectionOf } from './catalogueConnections';
import { SourceCatalogue } from './SourceCatalogue';


const meta = {
  title: 'Data Sources/SourceCatalogue',
  component: SourceCatalogue,
  args: {
    // Acme has Google Analytics, HubSpot, Stripe and one CSV file.
    connectionOf: (source: CatalogueSource) => connectionOf(source.id, ACME_SOURCES),
    canManage: true,
    onConnect: fn(),
    onImport: fn(),
    onShowConnected: fn(),
    onRequestCustomApi: fn(),
  },
  decorators: [withConnectors],
} satisfies Meta<typeof SourceCatalogue>;
export default meta;

type Story = StoryObj<typeof meta>;

const card = (canvas: ReturnType<typeof within>, name: string) => within(canvas.getByRole('article', { name }));

export const AllCategories: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('tab', { name: ALL_CATEGORIES_LABEL })).toHaveAttribute('aria-selected', 'true');
    for (const category of CATALOGUE_CATEGORIES) {
      await expect(canvas.getByRole('tab', { name: category })).toBeInTheDocument();
      await expect(canvas.getByRole('heading', { level: 2, name: category })).toBeInTheDocument();
    }

    await userEvent.click(card(canvas, 'Salesforce').getByRole('button', { name: CATALOGUE_BUTTON_LABELS.connectApi }));
    await expect(args.onConnect).toHaveBeenCalledWith(expect.objectContaining({ id: 'salesforce' }));

    // HubSpot is connected: that is its status; its buttons add another source or open the one there is.
    const hubspot = card(canvas, 'HubSpot');
    await expect(hubspot.getByText(`${CATALOGUE_BUTTON_LABELS.connected} · 1 source`)).toBeVisible();
    await userEvent.click(hubspot.getByRole('button', { name: CATALOGUE_BUTTON_LABELS.addSource }));
    await expect(args.onConnect).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'hubspot' }));
    await userEvent.click(hubspot.getByRole('button', { name: CATALOGUE_BUTTON_LABELS.settings }));
    await expect(args.onShowConnected).toHaveBeenCalledWith(expect.objectContaining({ id: 'hubspot' }));
    // Stripe's one source failed: the card says so.
    await expect(card(canvas, 'Stripe').getByText(`${CATALOGUE_BUTTON_LABELS.connected} · 1 source · 1 failed`)).toBeVisible();

    // Only a CSV file was imported: Excel is not connected.
    const excel = card(canvas, 'Excel Upload');
    await expect(excel.queryByText(CATALOGUE_BUTTON_LABELS.connected, { exact: false })).not.toBeInTheDocument();
    await userEvent.click(excel.getByRole('button', { name: CATALOGUE_BUTTON_LABELS.connectData }));
    await expect(args.onImport).toHaveBeenCalledWith(expect.objectContaining({ id: 'excel-upload' }));

    await userEvent.click(card(canvas, 'Request Custom API').getByRole('button', { name: 'Request Custom API' }));
    await expect(args.onRequestCustomApi).toHaveBeenCalled();
  },
};

/** A category tab shows that category only. */
export const OneCategory: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('tab', { name: 'Payment Processing' }));
    await expect(canvas.getByRole('tab', { name: 'Payment Processing' })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getAllByRole('heading', { level: 2 })).toHaveLength(1);
    await expect(canvas.getByRole('article', { name: 'Stripe' })).toBeVisible();
    await expect(canvas.queryByRole('article', { name: 'Shopify' })).not.toBeInTheDocument();
  },
};

/** An imported CSV file connects CSV Upload only; "Add source" on it imports another file as a new source. */
export const ImportAgain: Story = {
  args: { initialCategory: 'Import Data' },
  play: async ({ args, canvas, userEvent }) => {
    const csv = card(canvas, 'CSV Upload');
    await expect(csv.getByText(`${CATALOGUE_BUTTON_LABELS.connected} · 1 source`)).toBeVisible();
    await expect(csv.queryByRole('button', { name: CATALOGUE_BUTTON_LABELS.connected })).not.toBeInTheDocument();
    await userEvent.click(csv.getByRole('button', { name: CATALOGUE_BUTTON_LABELS.addSource }));
    await expect(args.onImport).toHaveBeenCalledWith(expect.objectContaining({ id: 'csv-upload' }));
    for (const name of ['Excel Upload', 'JSON Upload']) {
      await expect(card(canvas, name).getByRole('button', { name: CATALOGUE_BUTTON_LABELS.connectData })).toBeEnabled();
      await expect(card(canvas, name).queryByText(CATALOGUE_BUTTON_LABELS.connected, { exact: false })).not.toBeInTheDocument();
    }
  },
};

/** Several sources of one entry: how many, and "View sources" rather than one source's settings. */
export const SeveralSources: Story = {
  args: {
    initialCategory: 'Import Data',
    connectionOf: (source: CatalogueSource) =>
      connectionOf(source.id, [...ACME_SOURCES, { ...ACME_SOURCES[2]!, id: 'ds-orders', name: 'orders.csv', status: 'syncing' as const }]),
  },
  play: async ({ args, canvas, userEvent }) => {
    const csv = card(canvas, 'CSV Upload');
    await expect(csv.getByText(`${CATALOGUE_BUTTON_LABELS.connected} · 2 sources · 1 syncing`)).toBeVisible();
    await userEvent.click(csv.getByRole('button', { name: CATALOGUE_BUTTON_LABELS.viewSources }));
    await expect(args.onShowConnected).toHaveBeenCalledWith(expect.objectContaining({ id: 'csv-upload' }));
  },
};

export const ReadOnly: Story = {
  args: { canManage: false, initialCategory: 'Custom API' },
  play: async ({ canvas }) => {
    // Only the request for a custom API is offered.
    const panel = within(canvas.getByRole('tabpanel'));
    await expect(panel.getAllByRole('button')).toHaveLength(1);
    await expect(panel.getByRole('button', { name: 'Request Custom API' })).toBeEnabled();
  },
};

/** Only sources with a connector are offered: the others point to Request Custom API. */
export const OnlyConnectableOffered: Story = {
  args: { initialCategory: 'Web Analytics' },
  play: async ({ args, canvas, userEvent }) => {
    const adobe = card(canvas, 'Adobe Analytics');
    await expect(adobe.getByText(CONNECTOR_MESSAGES.noConnector)).toBeVisible();
    await expect(adobe.getByRole('button', { name: CATALOGUE_BUTTON_LABELS.connectApi })).toBeDisabled();
    await userEvent.click(adobe.getByRole('button', { name: 'Request Custom API' }));
    await expect(args.onRequestCustomApi).toHaveBeenCalledOnce();
    await expect(args.onConnect).not.toHaveBeenCalled();
    // Google Analytics has a connector (and is connected here); nothing on its card points elsewhere.
    await expect(card(canvas, 'Google Analytics').queryByText(CONNECTOR_MESSAGES.noConnector)).not.toBeInTheDocument();
  },
};

/** The custom connectors: Webhook and REST are offered; the request entry stays what it is. */
export const CustomApi: Story = {
  args: { initialCategory: 'Custom API' },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(card(canvas, 'Webhook').getByRole('button', { name: CATALOGUE_BUTTON_LABELS.connectApi }));
    await expect(args.onConnect).toHaveBeenCalledWith(expect.objectContaining({ id: 'webhook' }));
    await userEvent.click(card(canvas, 'REST API').getByRole('button', { name: CATALOGUE_BUTTON_LABELS.connectApi }));
    await expect(args.onConnect).toHaveBeenCalledWith(expect.objectContaining({ id: 'rest-api' }));
  },
};

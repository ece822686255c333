import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { ALL_CATEGORIES_LABEL, CATALOGUE_BUTTON_LABELS, CATALOGUE_CATEGORIES, type CatalogueSource } from '@domain/data/catalogue';
import { CONNECTOR_MESSAGES } from '@domain/data/connectors';
import { withConnectors } from '../fixtures';
import { SourceCatalogue } from './SourceCatalogue';

const CONNECTED = new Set(['google-analytics', 'hubspot', 'csv-upload']);

const meta = {
  title: 'Data Sources/SourceCatalogue',
  component: SourceCatalogue,
  args: {
    isConnected: (source: CatalogueSource) => CONNECTED.has(source.id),
    canManage: true,
    onConnect: fn(),
    onImport: fn(),
    onOpenConnected: fn(),
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

    await userEvent.click(card(canvas, 'HubSpot').getByRole('button', { name: CATALOGUE_BUTTON_LABELS.connected }));
    await expect(args.onOpenConnected).toHaveBeenCalledWith(expect.objectContaining({ id: 'hubspot' }));

    await userEvent.click(card(canvas, 'Excel Upload').getByRole('button', { name: CATALOGUE_BUTTON_LABELS.connectData }));
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

/** An imported file connects the import entries; choosing one again imports another file. */
export const ImportAgain: Story = {
  args: { initialCategory: 'Import Data' },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(card(canvas, 'CSV Upload').getByRole('button', { name: CATALOGUE_BUTTON_LABELS.connected }));
    await expect(args.onImport).toHaveBeenCalledWith(expect.objectContaining({ id: 'csv-upload' }));
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

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { CATALOGUE_BUTTON_LABELS, catalogueSource, REQUEST_CUSTOM_API_ID } from '@domain/data/catalogue';
import { CONNECTOR_MESSAGES } from '@domain/data/connectors';
import { ACME_SOURCES, SOURCES } from '../fixtures';
import { connectionOf } from './catalogueConnections';
import { CatalogueSourceCard, POPULAR_LABEL, REQUEST_CUSTOM_API_LABEL } from './CatalogueSourceCard';

const source = (id: string) => {
  const found = catalogueSource(id);
  if (!found) throw new Error(`No catalogue source ${id}`);
  return found;
};

const meta = {
  title: 'Data Sources/CatalogueSourceCard',
  component: CatalogueSourceCard,
  args: { source: source('google-analytics'), connection: connectionOf('google-analytics', []), canManage: true, connectable: true, onAction: fn(), onShowConnected: fn(), onRequestConnector: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 320 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof CatalogueSourceCard>;
export default meta;

type Story = StoryObj<typeof meta>;

export const ConnectApi: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('article', { name: 'Google Analytics' })).toBeVisible();
    await expect(canvas.getByText(POPULAR_LABEL)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: CATALOGUE_BUTTON_LABELS.connectApi }));
    await expect(args.onAction).toHaveBeenCalledWith(args.source);
  },
};

export const ConnectData: Story = {
  args: { source: source('json-upload') },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: CATALOGUE_BUTTON_LABELS.connectData })).toBeEnabled();
    // JSON Upload is not one of the popular sources.
    await expect(canvas.queryByText(POPULAR_LABEL)).not.toBeInTheDocument();
  },
};

/** One HubSpot source: "✓ Connected" is its status, not a button; "Add source" adds another, "Settings" opens it. */
export const Connected: Story = {
  args: { source: source('hubspot'), connection: connectionOf('hubspot', ACME_SOURCES) },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText(`${CATALOGUE_BUTTON_LABELS.connected} · 1 source`)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: CATALOGUE_BUTTON_LABELS.connected })).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: CATALOGUE_BUTTON_LABELS.addSource }));
    await expect(args.onAction).toHaveBeenCalledWith(args.source);
    await userEvent.click(canvas.getByRole('button', { name: CATALOGUE_BUTTON_LABELS.settings }));
    await expect(args.onShowConnected).toHaveBeenCalledWith(args.source);
  },
};

/** Acme imported a CSV file, never an Excel one: the Excel card is not connected and offers Connect Data. */
export const ExcelNotConnected: Story = {
  args: { source: source('excel-upload'), connection: connectionOf('excel-upload', ACME_SOURCES) },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.queryByText(CATALOGUE_BUTTON_LABELS.connected, { exact: false })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: CATALOGUE_BUTTON_LABELS.addSource })).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: CATALOGUE_BUTTON_LABELS.connectData }));
    await expect(args.onAction).toHaveBeenCalledWith(args.source);
  },
};

/** Two Stripe sources, one failed: how many, their state, and "View sources". */
export const SeveralSources: Story = {
  args: { source: source('stripe'), connection: connectionOf('stripe', [SOURCES.stripe, { ...SOURCES.stripe, id: 'ds-stripe-eu', name: 'Stripe EU', status: 'active', lastRun: null }]) },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText(`${CATALOGUE_BUTTON_LABELS.connected} · 2 sources · 1 failed`)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: CATALOGUE_BUTTON_LABELS.viewSources }));
    await expect(args.onShowConnected).toHaveBeenCalledWith(args.source);
  },
};

export const RequestCustomApi: Story = {
  args: { source: source(REQUEST_CUSTOM_API_ID), canManage: false },
  play: async ({ canvas }) => {
    // Anyone signed in may ask for a connector, read-only users included.
    await expect(canvas.getByRole('button', { name: 'Request Custom API' })).toBeEnabled();
  },
};

export const ReadOnly: Story = {
  args: { canManage: false },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
  },
};

export const ReadOnlyConnected: Story = {
  args: { source: source('hubspot'), connection: connectionOf('hubspot', ACME_SOURCES), canManage: false },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
    await expect(canvas.getByText(`${CATALOGUE_BUTTON_LABELS.connected} · 1 source`)).toBeVisible();
  },
};

/** No connector for it yet: the card says so, Connect API is disabled, and Request Custom API asks for one. */
export const NoConnector: Story = {
  args: { source: source('adobe-analytics'), connectable: false },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText(CONNECTOR_MESSAGES.noConnector)).toBeVisible();
    await expect(canvas.getByRole('button', { name: CATALOGUE_BUTTON_LABELS.connectApi })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: REQUEST_CUSTOM_API_LABEL }));
    await expect(args.onRequestConnector).toHaveBeenCalledOnce();
    await expect(args.onAction).not.toHaveBeenCalled();
  },
};

/** Without write access the request is still offered (anyone signed in may ask), the connect button is not. */
export const NoConnectorReadOnly: Story = {
  args: { source: source('adobe-analytics'), connectable: false, canManage: false },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: CATALOGUE_BUTTON_LABELS.connectApi })).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: REQUEST_CUSTOM_API_LABEL })).toBeEnabled();
  },
};

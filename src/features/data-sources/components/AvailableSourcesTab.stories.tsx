import { Suspense } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { CATALOGUE_BUTTON_LABELS, type CatalogueSource } from '@domain/data/catalogue';
import { CUSTOM_CONNECTOR_LABELS } from '@domain/data/customConnectors';
import { expectNoSidewaysScroll, PHONE_GLOBALS } from '@/lib/testing/phone';
import { ACME_SOURCES, STORY_CUSTOM_CONNECTORS, withConnectors } from '../fixtures';
import { AvailableSourcesTab, AvailableTabLoading } from './AvailableSourcesTab';
import { connectionOf } from './catalogueConnections';

const [crm] = STORY_CUSTOM_CONNECTORS as [(typeof STORY_CUSTOM_CONNECTORS)[number]];

const meta = {
  title: 'Data Sources/AvailableSourcesTab',
  component: AvailableSourcesTab,
  parameters: { layout: 'padded' },
  // The tab's parts are downloaded on demand: the screen holds it in Suspense.
  decorators: [
    (Story) => (
      <Suspense fallback={<AvailableTabLoading />}>
        <Story />
      </Suspense>
    ),
    withConnectors,
  ],
  args: {
    canManage: true,
    customConnectors: { connectors: STORY_CUSTOM_CONNECTORS, deletingIds: [], onDelete: fn() },
    actions: {
      // Acme has Google Analytics, HubSpot, Stripe and one CSV file.
      connectionOf: (entry: CatalogueSource) => connectionOf(entry.id, ACME_SOURCES),
      connect: fn(),
      importFile: fn(),
      showConnected: fn(),
      requestCustomApi: fn(),
      addConnector: fn(),
      editConnector: fn(),
    },
  },
} satisfies Meta<typeof AvailableSourcesTab>;
export default meta;

type Story = StoryObj<typeof meta>;

const card = (canvas: ReturnType<typeof within>, name: string) => within(canvas.getByRole('article', { name }));

/** A manager: the company's own connectors first, then the catalogue; the cards' buttons reach the screen's actions. */
export const Manager: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const own = await canvas.findByRole('heading', { level: 2, name: CUSTOM_CONNECTOR_LABELS.section });
    const salesforce = await canvas.findByRole('article', { name: 'Salesforce' });
    // The own connectors come before the catalogue.
    await expect(own.compareDocumentPosition(salesforce) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await userEvent.click(card(canvas, crm.name).getByRole('button', { name: CATALOGUE_BUTTON_LABELS.connectApi }));
    await expect(args.actions.connect).toHaveBeenCalledWith(expect.objectContaining({ id: crm.catalogueId }));
    await userEvent.click(canvas.getByRole('button', { name: CUSTOM_CONNECTOR_LABELS.add }));
    await expect(args.actions.addConnector).toHaveBeenCalled();

    await userEvent.click(card(canvas, 'Salesforce').getByRole('button', { name: CATALOGUE_BUTTON_LABELS.connectApi }));
    await expect(args.actions.connect).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'salesforce' }));
    await userEvent.click(card(canvas, 'HubSpot').getByRole('button', { name: CATALOGUE_BUTTON_LABELS.settings }));
    await expect(args.actions.showConnected).toHaveBeenCalledWith(expect.objectContaining({ id: 'hubspot' }));
    await userEvent.click(card(canvas, 'Excel Upload').getByRole('button', { name: CATALOGUE_BUTTON_LABELS.connectData }));
    await expect(args.actions.importFile).toHaveBeenCalledWith(expect.objectContaining({ id: 'excel-upload' }));
  },
};

/** A reader: the catalogue only, even when the company has connectors of its own. */
export const Reader: Story = {
  args: { canManage: false },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('article', { name: 'Salesforce' })).toBeVisible();
    await expect(canvas.queryByRole('heading', { level: 2, name: CUSTOM_CONNECTOR_LABELS.section })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('article', { name: crm.name })).not.toBeInTheDocument();
  },
};

/** A phone: the connectors and the catalogue's cards stack, nothing sideways. */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByRole('heading', { level: 2, name: CUSTOM_CONNECTOR_LABELS.section })).toBeVisible();
    await expect(await canvas.findByRole('article', { name: 'Salesforce' })).toBeVisible();
    await expectNoSidewaysScroll(canvasElement);
  },
};

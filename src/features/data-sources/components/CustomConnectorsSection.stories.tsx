import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, within } from 'storybook/test';
import { CATALOGUE_BUTTON_LABELS } from '@domain/data/catalogue';
import { CUSTOM_CONNECTOR_LABELS, CUSTOM_CONNECTOR_MESSAGES } from '@domain/data/customConnectors';
import { ApiError } from '@/lib/apiClient';
import { expectNoSidewaysScroll, PHONE_GLOBALS } from '@/lib/testing/phone';
import { SOURCES, STORY_CUSTOM_CONNECTORS } from '../fixtures';
import { connectionOf } from './catalogueConnections';
import { CustomConnectorsSection } from './CustomConnectorsSection';

const [crm, ledger] = STORY_CUSTOM_CONNECTORS as [(typeof STORY_CUSTOM_CONNECTORS)[number], (typeof STORY_CUSTOM_CONNECTORS)[number]];

/** The ledger's one source. */
const LEDGER_SOURCE = { ...SOURCES.hubspot, id: 'ds-ledger', name: 'Points ledger', availableDataSource: { id: ledger.catalogueId, name: ledger.name } };

const meta = {
  title: 'Data Sources/CustomConnectorsSection',
  component: CustomConnectorsSection,
  parameters: { layout: 'padded' },
  args: {
    connectors: [crm, { ...ledger, sources: 1 }],
    // The ledger has a source connected already.
    connectionOf: (entry) => connectionOf(entry.id, [LEDGER_SOURCE]),
    deletingIds: [],
    onAdd: fn(),
    onConnect: fn(),
    onEdit: fn(),
    onDelete: fn(),
  },
} satisfies Meta<typeof CustomConnectorsSection>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Each connector: what it reads, its fields and sources; Connect API, or once a source uses it, "Add source" for another. */
export const WithConnectors: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { level: 2, name: CUSTOM_CONNECTOR_LABELS.section })).toBeVisible();
    const first = within(canvas.getByRole('article', { name: crm.name }));
    await expect(first.getByText(CUSTOM_CONNECTOR_MESSAGES.summary(crm))).toBeVisible();
    await userEvent.click(first.getByRole('button', { name: CATALOGUE_BUTTON_LABELS.connectApi }));
    await expect(args.onConnect).toHaveBeenCalledWith(expect.objectContaining({ id: crm.catalogueId, name: crm.name, category: 'Custom API' }));
    const second = within(canvas.getByRole('article', { name: ledger.name }));
    await expect(second.getByText('4 fields · used by 1 source')).toBeVisible();
    // Connected is what it is, not a button; the button adds another source.
    await expect(second.getByText(`${CATALOGUE_BUTTON_LABELS.connected} · 1 source`)).toBeVisible();
    await expect(second.queryByRole('button', { name: CATALOGUE_BUTTON_LABELS.connected })).not.toBeInTheDocument();
    await expect(first.queryByText(CATALOGUE_BUTTON_LABELS.connected, { exact: false })).not.toBeInTheDocument();
    await userEvent.click(second.getByRole('button', { name: CATALOGUE_BUTTON_LABELS.addSource }));
    await expect(args.onConnect).toHaveBeenLastCalledWith(expect.objectContaining({ id: ledger.catalogueId }));
    // Edit hands the connector over, with its definition, whether a source uses it or not.
    await userEvent.click(second.getByRole('button', { name: CUSTOM_CONNECTOR_LABELS.edit }));
    await expect(args.onEdit).toHaveBeenCalledWith(expect.objectContaining({ id: ledger.id, definition: ledger.definition }));
    await userEvent.click(canvas.getByRole('button', { name: CUSTOM_CONNECTOR_LABELS.add }));
    await expect(args.onAdd).toHaveBeenCalled();
  },
};

/** Delete asks first, then hands the connector over. */
export const DeleteConfirms: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const first = within(canvas.getByRole('article', { name: crm.name }));
    await userEvent.click(first.getByRole('button', { name: CUSTOM_CONNECTOR_LABELS.delete }));
    const confirm = within(await screen.findByRole('dialog', { name: CUSTOM_CONNECTOR_LABELS.deleteTitle }));
    await expect(confirm.getByText(CUSTOM_CONNECTOR_MESSAGES.deleteConfirm(crm.name))).toBeVisible();
    await userEvent.click(confirm.getByRole('button', { name: CUSTOM_CONNECTOR_LABELS.delete }));
    await expect(args.onDelete).toHaveBeenCalledWith(crm);
  },
};

/** While its delete call runs, the connector's Delete cannot be pressed again. */
export const Deleting: Story = {
  args: { deletingIds: [crm.id] },
  play: async ({ canvas }) => {
    const card = within(canvas.getByRole('article', { name: crm.name }));
    await expect(card.getByRole('button', { name: CUSTOM_CONNECTOR_LABELS.delete })).toBeDisabled();
    await expect(card.getByRole('button', { name: CUSTOM_CONNECTOR_LABELS.edit })).toBeDisabled();
  },
};

export const Empty: Story = {
  args: { connectors: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(CUSTOM_CONNECTOR_LABELS.none)).toBeVisible();
    await expect(canvas.getByRole('button', { name: CUSTOM_CONNECTOR_LABELS.add })).toBeEnabled();
  },
};

export const LoadFailed: Story = {
  args: { connectors: undefined, loadError: new ApiError('Internal server error', 500, { error: 'Internal server error', code: 'internal_error' }) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(CUSTOM_CONNECTOR_MESSAGES.loadFailed)).toBeVisible();
  },
};

/** At phone width the cards stack and the long name wraps; nothing scrolls sideways. */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement, canvas }) => {
    await expect(canvas.getAllByRole('article')).toHaveLength(2);
    await expectNoSidewaysScroll(canvasElement);
  },
};

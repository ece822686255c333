import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { DATA_SOURCE_MESSAGES } from '@domain/data/sources';
import { withSession } from '@/lib/testing/fixtures';
import { failure, mockFetch, type MockCall } from '@/lib/testing/mockFetch';
import { expectNoSidewaysScroll, PHONE_GLOBALS } from '@/lib/testing/phone';
import { expectShown } from '@/lib/testing/storyHelpers';
import { SOURCES } from '../fixtures';
import { ConfigureMappingDialog } from './ConfigureMappingDialog';
import { mappingApiRoutes, REMOVED_FIELD_NAMES } from './mappingFixtures';

/** What the running story sent, for its play function. */
let calls: MockCall[] = [];

const meta = {
  title: 'Data Sources/Mapping/ConfigureMappingDialog',
  component: ConfigureMappingDialog,
  decorators: [withSession('companyAdmin')],
  beforeEach: () => {
    const restore = mockFetch(mappingApiRoutes());
    calls = restore.calls;
    return restore;
  },
  args: { open: true, onClose: fn(), companyId: null },
} satisfies Meta<typeof ConfigureMappingDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

const dialog = async () => within(await screen.findByRole('dialog', { name: 'Configure Data Mapping' }));
const fieldTable = async () => within(await (await dialog()).findByRole('region', { name: 'Fields' }));
const puts = () => calls.filter((call) => call.method === 'PUT' && call.path === '/api/data-sources/fields').map((call) => call.body);

/** Map one field, unmap another, mark a third a metric: one PUT per changed field, then the message. */
export const MapAndSave: Story = {
  play: async ({ args, userEvent }) => {
    const modal = await dialog();
    const table = await fieldTable();
    const country = await table.findByRole('combobox', { name: 'Unified field for Country' });
    // HubSpot holds people: people's fields are offered, not an item's.
    await expect(within(country).queryByRole('option', { name: 'Price' })).not.toBeInTheDocument();
    await expect(within(country).getByRole('group', { name: 'Identity' })).toBeInTheDocument();
    await userEvent.selectOptions(country, 'Location');
    await userEvent.selectOptions(table.getByRole('combobox', { name: 'Unified field for City' }), 'Not mapped');
    await userEvent.click(within(table.getByRole('group', { name: 'Type of Updated at' })).getByRole('button', { name: 'Metric' }));
    await expect(modal.getByText('3 unsaved changes')).toBeVisible();

    await userEvent.click(modal.getByRole('button', { name: 'Save' }));
    await expectShown(() => screen.getByText(DATA_SOURCE_MESSAGES.mappingSaved));
    await expect(args.onClose).toHaveBeenCalled();
    await expect(puts()).toEqual([
      { name: 'city', unifiedField: null, type: 'dimension' },
      { name: 'country', unifiedField: 'location', type: 'dimension' },
      { name: 'updated_at', unifiedField: null, type: 'metric' },
    ]);
  },
};

/** Removed fields are listed with Restore; a restored field is back in the mapping. */
export const RemovedFields: Story = {
  play: async ({ userEvent }) => {
    const modal = await dialog();
    const removed = within(await modal.findByRole('list', { name: 'Removed fields' }));
    await expect(removed.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringContaining(REMOVED_FIELD_NAMES[0]!),
      expect.stringContaining(REMOVED_FIELD_NAMES[1]!),
    ]);
    await userEvent.click(removed.getByRole('button', { name: 'Restore Engagement time' }));
    await expectShown(() => screen.getByText(DATA_SOURCE_MESSAGES.fieldRestored('engagement_time')));
    await expect(await (await fieldTable()).findByRole('combobox', { name: 'Unified field for Engagement time' })).toBeVisible();
    await waitFor(() => expect(removed.getAllByRole('listitem')).toHaveLength(1));
    await expect(puts()).toEqual([{ name: 'engagement_time', removed: false }]);
  },
};

/** Add Custom Field: Add stays disabled until name and description are both non-blank. */
export const AddCustomField: Story = {
  play: async ({ userEvent }) => {
    const modal = await dialog();
    await userEvent.click(await modal.findByRole('button', { name: 'Add Custom Field' }));
    const form = within(modal.getByRole('form', { name: 'Add Custom Field' }));
    const add = form.getByRole('button', { name: 'Add' });
    await expect(add).toBeDisabled();
    await userEvent.type(form.getByLabelText(/^Name/), '   ');
    await userEvent.type(form.getByLabelText(/^Description/), 'Store the customer buys from most.');
    await expect(add).toBeDisabled();
    await userEvent.type(form.getByLabelText(/^Name/), 'preferred_store');
    await expect(add).toBeEnabled();
    await userEvent.click(add);
    await expectShown(() => screen.getByText(DATA_SOURCE_MESSAGES.customFieldAdded('preferred_store')));
    await expect(await (await fieldTable()).findByRole('combobox', { name: 'Unified field for Preferred store' })).toBeVisible();
    const posted = calls.find((call) => call.method === 'POST' && call.path === '/api/data-sources/custom-fields');
    await expect(posted?.body).toMatchObject({ name: 'preferred_store', description: 'Store the customer buys from most.', type: 'dimension' });
  },
};

/** Opened from customers.csv: its fields first, with the file's kind of record. */
export const FocusOneSource: Story = {
  args: { focusSourceId: SOURCES.customersCsv.id },
  play: async () => {
    const modal = await dialog();
    await expect(await modal.findByRole('combobox', { name: 'Source' })).toHaveTextContent('customers.csv');
    const table = await fieldTable();
    await waitFor(() => expect(table.getAllByRole('row')).toHaveLength(6));
    await expect(table.getByRole('combobox', { name: 'Unified field for E-mail' })).toHaveDisplayValue('E-mail');
  },
};

/** The server refuses a mapping: the field and its reason, and nothing is lost. */
export const SaveFails: Story = {
  beforeEach: () =>
    mockFetch({
      ...mappingApiRoutes(),
      'PUT /api/data-sources/fields': failure('validation_failed', { fields: { unifiedField: 'email is already mapped from customer_email in Stripe' } }),
    }),
  play: async ({ args, userEvent }) => {
    const modal = await dialog();
    const table = await fieldTable();
    await userEvent.selectOptions(await table.findByRole('combobox', { name: 'Unified field for Customer' }), 'E-mail');
    await userEvent.click(modal.getByRole('button', { name: 'Save' }));
    await expectShown(() => modal.getByText('Failed to save data mapping'));
    await expect(modal.getByText('Customer: email is already mapped from customer_email in Stripe')).toBeVisible();
    await expect(modal.getByText('1 unsaved change')).toBeVisible();
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};

/** At phone width one stacked row per field: its label and name, then its unified field and type, each labelled. */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  args: { focusSourceId: SOURCES.customersCsv.id },
  play: async ({ canvasElement, userEvent }) => {
    const table = await fieldTable();
    await expect(table.queryByRole('table')).not.toBeInTheDocument();
    const customerId = within(await table.findByRole('listitem', { name: 'Customer ID' }));
    await expect(customerId.getByText('customer_id')).toBeVisible();
    await expect(customerId.getByText('customers.csv')).toBeVisible();
    const select = customerId.getByRole('combobox', { name: 'Unified field for Customer ID' });
    await expect(select).toHaveDisplayValue('User ID');
    await userEvent.selectOptions(select, 'Not mapped');
    await expect((await dialog()).getByText('1 unsaved change')).toBeVisible();
    await expect(customerId.getByRole('group', { name: 'Type of Customer ID' })).toBeVisible();
    await expectNoSidewaysScroll(canvasElement);
  },
};

/** A global admin viewing all companies: nothing to save to until a company is chosen. */
export const AllCompanies: Story = {
  decorators: [withSession('globalAdmin')],
  play: async () => {
    const modal = await dialog();
    await expectShown(() => modal.getByText('Choose a company in "View Data For" to change its mapping.'));
    await expect(modal.getByRole('button', { name: 'Save' })).toBeDisabled();
    await expect(await modal.findByRole('button', { name: 'Add Custom Field' })).toBeDisabled();
  },
};

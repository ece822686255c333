import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { FIELD_MAPPING_LABELS } from '@domain/data/fields';
import { DATA_SOURCE_MESSAGES } from '@domain/data/sources';
import { withSession } from '@/lib/testing/fixtures';
import { failure, mockFetch } from '@/lib/testing/mockFetch';
import { expectNoSidewaysScroll, PHONE_GLOBALS } from '@/lib/testing/phone';
import { expectShown } from '@/lib/testing/storyHelpers';
import { FieldMappingPanel } from './FieldMappingPanel';
import { ACME_FIELDS, mappingApiRoutes } from './mappingFixtures';

const meta = {
  title: 'Data Sources/Mapping/FieldMappingPanel',
  component: FieldMappingPanel,
  decorators: [withSession('companyAdmin')],
  beforeEach: () => mockFetch(mappingApiRoutes()),
  args: { companyId: null, canEdit: true },
} satisfies Meta<typeof FieldMappingPanel>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The fields the panel lists (the removed ones are not), and how many of them HubSpot has. */
const SHOWN = ACME_FIELDS.filter((field) => !field.removed).length;
const HUBSPOT_FIELDS = ACME_FIELDS.filter((field) => !field.removed && field.sources.includes('HubSpot')).length;

const panel = async () => within(await screen.findByRole('region', { name: 'Field Mapping' }));
const fieldList = async () => (await panel()).findByRole('region', { name: 'Mapped fields' });
/** A field's row, by the field's own name (shown small under its label). */
const row = async (name: string) => within(await fieldList()).findByRole('row', { name: new RegExp(`(^|\\s)${name}(\\s|$)`) });

/** Acme Retail's fields: labels first, their names and internal names small, unified fields beside them, the list scrolling at 400 px. */
export const WithData: Story = {
  play: async () => {
    const view = await panel();
    await expect(view.getByRole('button', { name: 'Configure Data Mapping' })).toBeVisible();
    const list = await fieldList();
    await expect(within(list).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([...FIELD_MAPPING_LABELS.columns]);
    // Every source field but the two removed, and one custom field.
    await expect(view.getByText(`${SHOWN} of ${SHOWN} fields`)).toBeVisible();
    const fullName = within(await row('full_name'));
    // The label leads; the internal name (the source name and the field name, lower-cased and
    // joined with underscores; the file name keeps its dot) is secondary, small and in monospace.
    await expect(fullName.getByRole('cell', { name: 'Full name full_name Mapped to Name' })).toBeVisible();
    const internal = fullName.getByText('customers.csv_full_name');
    await expect(internal).toBeVisible();
    await expect(getComputedStyle(internal).fontFamily).toMatch(/monospace/);
    await expect(parseFloat(getComputedStyle(internal).fontSize)).toBeLessThan(parseFloat(getComputedStyle(fullName.getByText('Full name')).fontSize));
    await expect(within(await row('customer_id')).getByText('Customer ID')).toBeVisible();
    await expect(fullName.getByRole('cell', { name: 'customers.csv' })).toBeVisible();
    await expect(within(await row('sessions')).getByRole('cell', { name: 'Metric' })).toBeVisible();
    await expect(within(await row('loyalty_tier')).getByText('Custom')).toBeVisible();
    await expect(within(list).queryByText('engagement_time')).not.toBeInTheDocument();
    await expect(list.clientHeight).toBeLessThanOrEqual(FIELD_MAPPING_LABELS.listMaxHeightPx);
    await expect(list.scrollHeight).toBeGreaterThan(list.clientHeight);
  },
};

/** One source, then a name search within it. */
export const Filtered: Story = {
  play: async ({ userEvent }) => {
    const view = await panel();
    await userEvent.click(await view.findByRole('combobox', { name: 'Source' }));
    await userEvent.click(await screen.findByRole('option', { name: 'HubSpot' }));
    await expectShown(() => view.getByText(`${HUBSPOT_FIELDS} of ${SHOWN} fields`));
    await userEvent.type(view.getByRole('searchbox', { name: FIELD_MAPPING_LABELS.search }), 'created');
    await expectShown(() => view.getByText(`1 of ${SHOWN} fields`));
    await expect(within(await fieldList()).getAllByRole('row')).toHaveLength(2);
    await expect(await row('created_at')).toHaveTextContent('hubspot_created_at');
    await userEvent.clear(view.getByRole('searchbox', { name: FIELD_MAPPING_LABELS.search }));
    await userEvent.type(view.getByRole('searchbox', { name: FIELD_MAPPING_LABELS.search }), 'revenue');
    await expectShown(() => view.getByText('No fields match.'));
  },
};

/** No source connected: how fields get here. */
export const Empty: Story = {
  beforeEach: () => mockFetch(mappingApiRoutes({ fields: [], sources: [] })),
  play: async () => {
    const view = await panel();
    await expectShown(() => view.getByText('No fields to map yet'));
    await expect(view.getByText(/connect a source from Available Sources, or import a CSV, JSON or Excel file/)).toBeVisible();
    await expect(view.queryByRole('region', { name: 'Mapped fields' })).not.toBeInTheDocument();
  },
};

/** Remove asks first, then the field leaves the list with the specification's message. */
export const RemoveField: Story = {
  play: async ({ userEvent }) => {
    const view = await panel();
    await userEvent.click(within(await row('city')).getByRole('button', { name: 'Remove City' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Remove Field' }));
    await expectShown(() => confirm.getByText(FIELD_MAPPING_LABELS.removeConfirm('City')));
    await userEvent.click(confirm.getByRole('button', { name: 'Remove' }));
    await expectShown(() => screen.getByText(DATA_SOURCE_MESSAGES.fieldRemoved('city')));
    await waitFor(() => expect(view.getByText(`${SHOWN - 1} of ${SHOWN - 1} fields`)).toBeVisible());
    await expect(within(await fieldList()).queryByRole('row', { name: /customers\.csv_city/ })).not.toBeInTheDocument();
  },
};

export const RemoveFails: Story = {
  beforeEach: () => mockFetch({ ...mappingApiRoutes(), 'PUT /api/data-sources/fields': failure('internal_error', { error: 'Database unavailable' }) }),
  play: async ({ userEvent }) => {
    await userEvent.click(within(await row('city')).getByRole('button', { name: 'Remove City' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Remove Field' }));
    await userEvent.click(confirm.getByRole('button', { name: 'Remove' }));
    await expectShown(() => confirm.getByText('Failed to remove field'));
    await expect(confirm.getByText('Database unavailable')).toBeVisible();
  },
};

/** Read-only users see the mapping but cannot change it. */
export const ReadOnly: Story = {
  decorators: [withSession('user')],
  args: { canEdit: false },
  play: async () => {
    const view = await panel();
    await row('email');
    await expect(view.queryByRole('button', { name: 'Configure Data Mapping' })).not.toBeInTheDocument();
    await expect(view.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
  },
};

/** A global admin viewing all companies sees the fields; changing them needs a company. */
export const AllCompanies: Story = {
  decorators: [withSession('globalAdmin')],
  play: async () => {
    const view = await panel();
    await row('email');
    await expect(view.getByText('Choose a company in "View Data For" to change its mapping.')).toBeVisible();
    await expect(view.getByRole('button', { name: 'Configure Data Mapping' })).toBeDisabled();
    await expect(view.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
  },
};

export const LoadFails: Story = {
  beforeEach: () => mockFetch({ 'GET /api/data-sources/fields': failure('internal_error', { error: 'Database unavailable' }) }),
  play: async () => {
    const view = await panel();
    await expectShown(() => view.getByText('Failed to load fields'));
    await expect(view.getByRole('button', { name: 'Retry' })).toBeVisible();
  },
};

/**
 * At phone width one stacked row per field: its label and name, what it maps to, its internal
 * name, type and sources, each with its label; Remove beside it. Nothing scrolls sideways.
 */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement, userEvent }) => {
    const list = within(await fieldList());
    await expect(list.queryByRole('table')).not.toBeInTheDocument();
    const customerId = within(await list.findByRole('listitem', { name: 'Customer ID' }));
    await expect(customerId.getByText('customer_id')).toBeVisible();
    await expect(customerId.getByText('Mapped to')).toBeVisible();
    await expect(customerId.getByText('User ID')).toBeVisible();
    await expect(customerId.getByText(FIELD_MAPPING_LABELS.columns[1])).toBeVisible();
    await expect(customerId.getByText('customers.csv_customer_id')).toBeVisible();
    await expect(customerId.getByText('customers.csv')).toBeVisible();
    const country = within(list.getByRole('listitem', { name: 'Country' }));
    await expect(country.getByText(FIELD_MAPPING_LABELS.notMapped)).toBeVisible();
    await userEvent.click(customerId.getByRole('button', { name: 'Remove Customer ID' }));
    await expectShown(() => screen.getByRole('dialog', { name: 'Remove Field' }));
    await expectNoSidewaysScroll(canvasElement);
  },
};

export const OpensConfigureMapping: Story = {
  play: async ({ userEvent }) => {
    const view = await panel();
    await row('email');
    await userEvent.click(view.getByRole('button', { name: 'Configure Data Mapping' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Configure Data Mapping' }));
    await expectShown(() => dialog.getByRole('combobox', { name: 'Unified field for E-mail' }));
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { DATA_TYPE_MESSAGES } from '@domain/dataTypes/dataTypes';
import { SESSIONS } from '@/lib/testing/fixtures';
import { failure, mockFetch, type MockCall } from '@/lib/testing/mockFetch';
import { acmeCompany } from '@/lib/testing/sessions';
import { expectNoSidewaysScroll, PHONE_GLOBALS } from '@/lib/testing/phone';
import { expectShown } from '@/lib/testing/storyHelpers';
import { DataTypesPage } from './DataTypesPage';
import { DATA_TYPES, dataTypeApiRoutes, READ_ONLY_SESSION, visibleTo, withDataTypesSession } from './fixtures';

let calls: MockCall[] = [];

const meta = {
  title: 'Pages/Data Types',
  component: DataTypesPage,
  decorators: [withDataTypesSession(SESSIONS.globalAdmin)],
  parameters: { router: { initialEntries: ['/data-types'], path: '/data-types' } },
  beforeEach: () => {
    const restore = mockFetch(dataTypeApiRoutes());
    calls = restore.calls;
    return restore;
  },
} satisfies Meta<typeof DataTypesPage>;
export default meta;

type Story = StoryObj<typeof meta>;

const listSection = (canvas: ReturnType<typeof within>) => within(canvas.getByRole('region', { name: /^Data Types/ }));
const countHeading = (count: number) => screen.findByRole('heading', { level: 2, name: `Data Types (${count})` });
const row = (name: string) => screen.findByRole('row', { name: new RegExp(name) });
const formSection = async (name: 'Create Data Type' | 'Edit Data Type') => within(await screen.findByRole('region', { name }));
const sent = (method: string) => calls.filter((call) => call.method === method && call.path.startsWith('/api/data-types'));

/** A global admin viewing all companies: every type, the company filter, actions on every row. */
export const GlobalAdminAllCompanies: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Data Types' })).toBeVisible();
    await expectShown(() => canvas.getByRole('heading', { level: 2, name: 'Data Types (5)' }));
    const list = listSection(canvas);
    await expect(await row('Age Band')).toHaveTextContent('Global');
    for (const header of ['Name', 'Data Field Name', 'Type', 'Description', 'Company', 'Created By', 'Actions']) {
      // The sorted column's name also carries its sort button's label.
      await expect(await list.findByRole('columnheader', { name: new RegExp(`^${header}`) })).toBeInTheDocument();
    }
    await expect(await row('Home Clinic')).toHaveTextContent('Globex Health');
    await expect(await row('Loyalty Tier')).toHaveTextContent('Alice Martin');
    await expect(list.getByRole('button', { name: 'Edit Age Band' })).toBeInTheDocument();
    await expect(list.getByRole('combobox', { name: 'Company' })).toBeVisible();
    await expect(list.getByRole('combobox', { name: 'Type' })).toBeVisible();
  },
};

/** The company filter: All Companies, Global Only, or one company (with the global types). */
export const FilterByCompanyAndType: Story = {
  play: async ({ canvas, userEvent }) => {
    await countHeading(5);
    const list = listSection(canvas);
    await userEvent.click(list.getByRole('combobox', { name: 'Company' }));
    const options = within(await screen.findByRole('listbox'));
    await expect(options.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All Companies',
      'Global Only',
      'Acme Retail',
      'Globex Health',
      'Initech',
      'Navout',
    ]);
    await userEvent.click(options.getByRole('option', { name: 'Global Only' }));
    await countHeading(2);
    await expect(screen.queryByRole('row', { name: /Loyalty Tier/ })).not.toBeInTheDocument();

    await userEvent.click(list.getByRole('combobox', { name: 'Company' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Acme Retail' }));
    await countHeading(4);
    await expect(screen.queryByRole('row', { name: /Home Clinic/ })).not.toBeInTheDocument();

    await userEvent.click(list.getByRole('combobox', { name: 'Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Dynamic' }));
    await countHeading(2);
    await expect(await row('Preferred Store')).toBeVisible();
    await expect(screen.queryByRole('row', { name: /Loyalty Tier/ })).not.toBeInTheDocument();
  },
};

/** A company admin: their company's types and the global ones; global types cannot be changed. */
export const CompanyAdmin: Story = {
  decorators: [withDataTypesSession(SESSIONS.companyAdmin)],
  beforeEach: () => mockFetch(dataTypeApiRoutes({ dataTypes: visibleTo(acmeCompany.id), session: SESSIONS.companyAdmin })),
  play: async ({ canvas }) => {
    await countHeading(4);
    const list = listSection(canvas);
    await expect(list.queryByRole('combobox', { name: 'Company' })).not.toBeInTheDocument();
    await expect(list.getByRole('combobox', { name: 'Type' })).toBeVisible();
    await expect(list.getByRole('button', { name: 'Edit Loyalty Tier' })).toBeInTheDocument();
    await expect(list.queryByRole('button', { name: 'Edit Age Band' })).not.toBeInTheDocument();
    await expect(list.queryByRole('button', { name: 'Delete Age Band' })).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Create Data Type' })).toBeVisible();
  },
};

/** data_sources:read only: the list without actions or a create button. */
export const ReadOnly: Story = {
  decorators: [withDataTypesSession(READ_ONLY_SESSION)],
  beforeEach: () => mockFetch(dataTypeApiRoutes({ dataTypes: visibleTo(acmeCompany.id), session: READ_ONLY_SESSION })),
  play: async ({ canvas }) => {
    await countHeading(4);
    await expect(listSection(canvas).queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Create Data Type' })).not.toBeInTheDocument();
  },
};

/** A global admin with one company chosen in View Data For: no company filter; a new type is that company's. */
export const GlobalAdminWithCompanyChosen: Story = {
  decorators: [withDataTypesSession(SESSIONS.globalAdmin, acmeCompany.id)],
  beforeEach: () => {
    const restore = mockFetch(dataTypeApiRoutes({ dataTypes: visibleTo(acmeCompany.id) }));
    calls = restore.calls;
    return restore;
  },
  play: async ({ canvas, userEvent }) => {
    await countHeading(4);
    await expect(listSection(canvas).queryByRole('combobox', { name: 'Company' })).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Create Data Type' }));
    const form = await formSection('Create Data Type');
    await expectShown(() => form.getByText('It will belong to Acme Retail.'));
    await userEvent.type(form.getByRole('textbox', { name: /^Name/ }), 'Basket Size');
    await userEvent.type(form.getByRole('textbox', { name: /^Data Field Name/ }), 'basket_size');
    await userEvent.click(form.getByRole('button', { name: 'Create Data Type' }));
    await expectShown(() => screen.getByText(DATA_TYPE_MESSAGES.created));
    await expect(sent('POST')[0]?.body).toMatchObject({ name: 'Basket Size', companyId: acmeCompany.id });
    await expect(await row('Basket Size')).toHaveTextContent('Acme Retail');
  },
};

export const Empty: Story = {
  beforeEach: () => mockFetch(dataTypeApiRoutes({ dataTypes: [] })),
  play: async ({ canvas, userEvent }) => {
    await expectShown(() => canvas.getByRole('heading', { name: DATA_TYPE_MESSAGES.noneFound }));
    await expect(canvas.getByText(DATA_TYPE_MESSAGES.noneFoundHint)).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 2, name: 'Data Types (0)' })).toBeVisible();
    // The prompt opens the form.
    await userEvent.click(listSection(canvas).getByRole('button', { name: 'Create Data Type' }));
    await formSection('Create Data Type');
  },
};

/** Types exist, but none passes the filters: the other empty state, with a way back. */
export const NoMatch: Story = {
  decorators: [withDataTypesSession(SESSIONS.companyAdmin)],
  beforeEach: () => mockFetch(dataTypeApiRoutes({ dataTypes: [DATA_TYPES.loyaltyTier, DATA_TYPES.ageBand], session: SESSIONS.companyAdmin })),
  play: async ({ canvas, userEvent }) => {
    await countHeading(2);
    const list = listSection(canvas);
    await userEvent.click(list.getByRole('combobox', { name: 'Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Dynamic' }));
    await expectShown(() => canvas.getByRole('heading', { name: DATA_TYPE_MESSAGES.noneMatch }));
    await countHeading(0);
    await expect(canvas.queryByText(DATA_TYPE_MESSAGES.noneFound)).not.toBeInTheDocument();
    await userEvent.click(list.getByRole('button', { name: 'Clear Filters' }));
    await countHeading(2);
  },
};

export const Loading: Story = {
  beforeEach: () => mockFetch({ ...dataTypeApiRoutes(), 'GET /api/data-types': { delayMs: Infinity } }),
  play: async ({ canvas }) => {
    await expectShown(() => canvas.getByRole('progressbar', { name: 'Loading data types' }));
    await expect(canvas.getByRole('heading', { level: 2, name: 'Data Types' })).toBeVisible();
  },
};

export const LoadFailure: Story = {
  beforeEach: () => mockFetch({ ...dataTypeApiRoutes(), 'GET /api/data-types': failure('internal_error') }),
  play: async ({ canvas }) => {
    const text = DATA_TYPE_MESSAGES.loadFailed('Internal server error');
    // The alert in the page, with Retry, and the notice.
    await waitFor(() => expect(canvas.getAllByText(text)).toHaveLength(1));
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeVisible();
    await waitFor(() => expect(screen.getAllByText(text)).toHaveLength(2));
  },
};

/** Create: the schema's messages, a global type with all companies in view, then the form closes blank. */
export const CreateForm: Story = {
  play: async ({ canvas, userEvent }) => {
    await countHeading(5);
    await userEvent.click(canvas.getByRole('button', { name: 'Create Data Type' }));
    const form = await formSection('Create Data Type');
    await expect(form.getByRole('combobox', { name: /^Type/ })).toHaveTextContent('Static');
    await expect(form.getByText('It will be a global data type: every company sees it.')).toBeVisible();

    await userEvent.click(form.getByRole('button', { name: 'Create Data Type' }));
    await expectShown(() => form.getByText(DATA_TYPE_MESSAGES.nameRequired));
    await expect(form.getByText(DATA_TYPE_MESSAGES.dataFieldNameRequired)).toBeVisible();
    await expect(sent('POST')).toHaveLength(0);

    await userEvent.type(form.getByRole('textbox', { name: /^Name/ }), 'Newsletter Topic');
    await userEvent.type(form.getByRole('textbox', { name: /^Data Field Name/ }), 'newsletter_topic');
    await userEvent.click(form.getByRole('combobox', { name: /^Type/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Dynamic' }));
    await userEvent.type(form.getByRole('textbox', { name: 'Description' }), 'The topic a subscriber chose.');
    await userEvent.click(form.getByRole('button', { name: 'Create Data Type' }));

    await expectShown(() => screen.getByText(DATA_TYPE_MESSAGES.created));
    await countHeading(6);
    await expect(await row('Newsletter Topic')).toHaveTextContent('Global');
    const body = sent('POST')[0]?.body as Record<string, unknown>;
    await expect(body).toEqual({ name: 'Newsletter Topic', dataFieldName: 'newsletter_topic', type: 'dynamic', description: 'The topic a subscriber chose.' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Create Data Type' })).not.toBeInTheDocument());

    // The next opening starts blank, type static.
    await userEvent.click(canvas.getByRole('button', { name: 'Create Data Type' }));
    const again = await formSection('Create Data Type');
    await expect(again.getByRole('textbox', { name: /^Name/ })).toHaveValue('');
    await expect(again.getByRole('combobox', { name: /^Type/ })).toHaveTextContent('Static');
  },
};

/** Edit pre-fills; Cancel closes and the next opening is blank. */
export const EditForm: Story = {
  play: async ({ canvas, userEvent }) => {
    await countHeading(5);
    await userEvent.click(listSection(canvas).getByRole('button', { name: 'Edit Preferred Store' }));
    const form = await formSection('Edit Data Type');
    await expect(form.getByRole('textbox', { name: /^Name/ })).toHaveValue('Preferred Store');
    await expect(form.getByRole('textbox', { name: /^Data Field Name/ })).toHaveValue('preferred_store');
    await expect(form.getByRole('combobox', { name: /^Type/ })).toHaveTextContent('Dynamic');

    await userEvent.click(form.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Edit Data Type' })).not.toBeInTheDocument());
    await userEvent.click(canvas.getByRole('button', { name: 'Create Data Type' }));
    const blank = await formSection('Create Data Type');
    await expect(blank.getByRole('textbox', { name: /^Name/ })).toHaveValue('');
    await expect(blank.getByRole('combobox', { name: /^Type/ })).toHaveTextContent('Static');
    await userEvent.click(blank.getByRole('button', { name: 'Cancel' }));

    await userEvent.click(listSection(canvas).getByRole('button', { name: 'Edit Preferred Store' }));
    const edit = await formSection('Edit Data Type');
    const name = edit.getByRole('textbox', { name: /^Name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Favourite Store');
    await userEvent.click(edit.getByRole('button', { name: 'Save Changes' }));
    await expectShown(() => screen.getByText(DATA_TYPE_MESSAGES.updated));
    await expect(await row('Favourite Store')).toHaveTextContent('preferred_store');
    await expect(sent('PUT')[0]?.path).toBe(`/api/data-types/${DATA_TYPES.preferredStore.id}`);
    await expect(sent('PUT')[0]?.body).not.toHaveProperty('companyId');
  },
};

export const DeleteConfirmation: Story = {
  play: async ({ canvas, userEvent }) => {
    await countHeading(5);
    await userEvent.click(listSection(canvas).getByRole('button', { name: 'Delete Home Clinic' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete Data Type' }));
    await expectShown(() => confirm.getByText(DATA_TYPE_MESSAGES.confirmDelete, { exact: false }));
    await userEvent.click(confirm.getByRole('button', { name: 'Delete' }));
    await expectShown(() => screen.getByText(DATA_TYPE_MESSAGES.deleted));
    await countHeading(4);
    await expect(screen.queryByRole('row', { name: /Home Clinic/ })).not.toBeInTheDocument();
  },
};

/**
 * At phone width the list is a card per type (the grid's columns as labelled lines), sorted by
 * name; editing from a card opens the form; nothing scrolls sideways and the grid is not drawn.
 */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvas, canvasElement, userEvent }) => {
    await countHeading(5);
    const cards = within(await listSection(canvas).findByRole('list', { name: 'Data types' }));
    await expect(cards.getAllByRole('listitem').map((card) => card.getAttribute('aria-label'))).toEqual([
      'Age Band',
      'Home Clinic',
      'Last Purchase Date',
      'Loyalty Tier',
      'Preferred Store',
    ]);
    const clinic = within(cards.getByRole('listitem', { name: 'Home Clinic' }));
    await expect(clinic.getByText('Globex Health')).toBeVisible();
    await expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    await expectNoSidewaysScroll(canvasElement);

    await userEvent.click(cards.getByRole('button', { name: 'Edit Preferred Store' }));
    const form = await formSection('Edit Data Type');
    await expect(form.getByRole('textbox', { name: /^Name/ })).toHaveValue('Preferred Store');
    await expectNoSidewaysScroll(canvasElement);
  },
};

const failingRoutes = () =>
  dataTypeApiRoutes({
    dataTypes: visibleTo(acmeCompany.id),
    session: SESSIONS.companyAdmin,
    overrides: {
      'POST /api/data-types': failure('already_exists'),
      [`DELETE /api/data-types/${DATA_TYPES.loyaltyTier.id}`]: failure('not_found', { error: 'Data type not found' }),
    },
  });

/** A failed save is a notice with the server's reason; the form keeps what was typed. */
export const CreateFails: Story = {
  decorators: [withDataTypesSession(SESSIONS.companyAdmin)],
  beforeEach: () => mockFetch(failingRoutes()),
  play: async ({ canvas, userEvent }) => {
    await countHeading(4);
    await userEvent.click(canvas.getByRole('button', { name: 'Create Data Type' }));
    const form = await formSection('Create Data Type');
    await expect(form.getByText('It will belong to Acme Retail.')).toBeVisible();
    await userEvent.type(form.getByRole('textbox', { name: /^Name/ }), 'Loyalty Tier');
    await userEvent.type(form.getByRole('textbox', { name: /^Data Field Name/ }), 'loyalty_tier');
    await userEvent.click(form.getByRole('button', { name: 'Create Data Type' }));
    await expectShown(() => screen.getByText(DATA_TYPE_MESSAGES.createFailed('Already exists')));
    await expect(form.getByRole('textbox', { name: /^Name/ })).toHaveValue('Loyalty Tier');
  },
};

export const DeleteFails: Story = {
  decorators: [withDataTypesSession(SESSIONS.companyAdmin)],
  beforeEach: () => mockFetch(failingRoutes()),
  play: async ({ canvas, userEvent }) => {
    await countHeading(4);
    await userEvent.click(listSection(canvas).getByRole('button', { name: 'Delete Loyalty Tier' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete Data Type' }));
    await userEvent.click(confirm.getByRole('button', { name: 'Delete' }));
    await expectShown(() => screen.getByText(DATA_TYPE_MESSAGES.deleteFailed('Data type not found')));
    await expect(await row('Loyalty Tier')).toBeVisible();
  },
};

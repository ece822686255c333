import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { AUDIENCE_MESSAGES, CATEGORY_NAMES, WRITEBACK_SHORTCUTS } from '@domain/audience/contract';
import { ALL_COMPANIES } from '@/lib/session';
import { mockFetch, type MockCall } from '@/lib/testing/mockFetch';
import { expectNoSidewaysScroll, PHONE_GLOBALS } from '@/lib/testing/phone';
import { acmeCompany, sampleCompanies } from '@/lib/testing/sessions';
import { expectShown } from '@/lib/testing/storyHelpers';
import { ACME_ID, AUDIENCE_METRICS, AUDIENCE_USERS, audienceRoutes, jobOf, SAVED_VIEWS, withAudienceSession } from './fixtures';
import { formatCount, formatPercent } from './format';
import {
  ACTION_LABELS,
  CATEGORY_LABELS,
  CHOOSE_COMPANY_FOR_AUDIENCE,
  COMPANY_CHOICE_LABELS,
  DESTINATION_LABELS,
  EMPTY_AUDIENCE,
  EXPLORER_LABELS,
  JOB_LABELS,
  PAGE_TITLE,
  PROFILE_LABELS,
  SAVE_VIEW_LABELS,
  SUMMARY_LABELS,
  USERS_TABLE_LABEL,
  WRITEBACK_JOB_LABELS,
  WRITEBACK_LABELS,
} from './labels';
import { AudienceIntelligencePage } from './AudienceIntelligencePage';

let calls: MockCall[] = [];
const track = (restore: ReturnType<typeof mockFetch>) => {
  calls = restore.calls;
  return restore;
};

const meta = {
  title: 'Pages/Audience Intelligence',
  component: AudienceIntelligencePage,
  decorators: [withAudienceSession()],
  parameters: { layout: 'padded' },
  beforeEach: () => track(mockFetch(audienceRoutes())),
  // The page downloads its workspace (and the company choice) when first drawn: downloaded before the
  // first story, as a visitor's second look finds them, so no story waits on the dev server's first
  // transform of their modules.
  loaders: [async () => void (await Promise.all([import('./AudienceWorkspace'), import('./CompanyChoice')]))],
} satisfies Meta<typeof AudienceIntelligencePage>;
export default meta;

type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;

const callsTo = (suffix: string) => calls.filter((call) => call.method === 'GET' && call.path === `/api/audience-intelligence${suffix}`);
const card = (canvas: Canvas, label: string) => canvas.getByRole('region', { name: label });
const firstNamed = AUDIENCE_USERS.find((user) => user.name !== null && user.email !== null)!;

/** Acme Retail's audience: summary, charts, the categories and the saved view, for the company chosen. */
export const Categories: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: PAGE_TITLE })).toBeVisible();
    await expectShown(() => within(card(canvas, SUMMARY_LABELS.totalUsers)).getByText(formatCount(AUDIENCE_METRICS.totalUsers)));
    await expect(within(card(canvas, SUMMARY_LABELS.unified)).getByText(formatPercent(AUDIENCE_METRICS.unifiedIdentities))).toBeVisible();
    await expect(within(card(canvas, SUMMARY_LABELS.coverage)).getByText(formatPercent(AUDIENCE_METRICS.dataSourceCoverage))).toBeVisible();
    const table = within(await canvas.findByRole('table', { name: CATEGORY_LABELS.table }));
    await expect(table.getByRole('rowheader', { name: CATEGORY_NAMES['high-value'] })).toBeVisible();
    await expect(table.getByText(SAVED_VIEWS[0].name)).toBeVisible();
    await expect(canvas.getByRole('figure', { name: CATEGORY_LABELS.usersChart })).toHaveAccessibleDescription(/^Users per category: High Value: \d+/);
    await expect(canvas.getByRole('figure', { name: CATEGORY_LABELS.coverageChart })).toHaveAccessibleDescription(
      `Average data-source coverage: ${formatPercent(AUDIENCE_METRICS.dataSourceCoverage)}.`,
    );
    // Every read names the company in view.
    await expect(callsTo('/metrics')[0]?.query).toEqual({ companyFilter: ACME_ID });
  },
};

/** The search waits for a pause in typing: one request for the whole word. */
export const DebouncedSearch: Story = {
  play: async ({ canvas, userEvent }) => {
    await expectShown(() => within(card(canvas, SUMMARY_LABELS.totalUsers)).getByText(formatCount(AUDIENCE_METRICS.totalUsers)));
    await userEvent.type(canvas.getByRole('searchbox', { name: EXPLORER_LABELS.search }), 'maya');
    await waitFor(() => expect(callsTo('/metrics').some((call) => call.query.search === 'maya')).toBe(true));
    await expect(callsTo('/metrics').filter((call) => call.query.search !== undefined).map((call) => call.query.search)).toEqual(['maya']);
    await expect(callsTo('/categories').filter((call) => call.query.search !== undefined).map((call) => call.query.search)).toEqual(['maya']);
    const mayas = AUDIENCE_USERS.filter((user) => user.name?.toLowerCase().includes('maya')).length;
    await expectShown(() => within(card(canvas, SUMMARY_LABELS.totalUsers)).getByText(formatCount(mayas)));
  },
};

/** Each filter change asks the server again, with the chosen ids comma-separated. */
export const FiltersRefetch: Story = {
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('table', { name: CATEGORY_LABELS.table });
    await userEvent.click(canvas.getByRole('combobox', { name: /^Risk Level/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'High' }));
    await waitFor(() => expect(callsTo('/metrics').at(-1)?.query).toEqual({ companyFilter: ACME_ID, risk: 'high' }));
    await userEvent.click(screen.getByRole('option', { name: 'Medium' }));
    await waitFor(() => expect(callsTo('/categories').at(-1)?.query).toEqual({ companyFilter: ACME_ID, risk: 'medium,high' }));
    await userEvent.keyboard('{Escape}');
    await userEvent.click(canvas.getByRole('combobox', { name: /^Data Source/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'CRM' }));
    await waitFor(() => expect(callsTo('/metrics').at(-1)?.query).toEqual({ companyFilter: ACME_ID, risk: 'medium,high', dataSource: 'crm' }));
    await userEvent.keyboard('{Escape}');
    const expected = AUDIENCE_USERS.filter((user) => user.risk !== 'low' && user.sources.includes('crm')).length;
    await expectShown(() => within(card(canvas, SUMMARY_LABELS.totalUsers)).getByText(formatCount(expected)));
  },
};

/** View Users opens the category's users; Back to Categories clears the selection. */
export const CategoryUsersAndBack: Story = {
  play: async ({ canvas, userEvent }) => {
    const table = within(await canvas.findByRole('table', { name: CATEGORY_LABELS.table }));
    await userEvent.click(table.getByRole('button', { name: `${CATEGORY_LABELS.viewUsers}: ${CATEGORY_NAMES['high-value']}` }));
    await expectShown(() => canvas.getByRole('tab', { name: EXPLORER_LABELS.usersTab, selected: true }));
    const grid = within(await canvas.findByRole('grid', { name: USERS_TABLE_LABEL }));
    const highValue = AUDIENCE_USERS.filter((user) => user.categories.includes('high-value'));
    await expectShown(() => grid.getByText(highValue[0].name ?? PROFILE_LABELS.unnamed));
    await expect(callsTo('/categories/high-value/users').at(-1)?.query).toEqual({ companyFilter: ACME_ID, page: '1', limit: '20' });
    await expect(within(card(canvas, SUMMARY_LABELS.categoryUsers)).getByText(formatCount(highValue.length))).toBeVisible();
    await expect(card(canvas, SUMMARY_LABELS.topTraits)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: AUDIENCE_MESSAGES.backToCategories }));
    await expectShown(() => canvas.getByRole('table', { name: CATEGORY_LABELS.table }));
    await expect(card(canvas, SUMMARY_LABELS.totalUsers)).toBeVisible();
    await expect(canvas.getByRole('tab', { name: EXPLORER_LABELS.categoriesTab, selected: true })).toBeVisible();
  },
};

/** Users, 20 a page: the next page is asked of the server. */
export const UsersPaging: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('tab', { name: EXPLORER_LABELS.usersTab }));
    const grid = within(await canvas.findByRole('grid', { name: USERS_TABLE_LABEL }));
    await expectShown(() => grid.getByText(firstNamed.name!));
    await expect(canvas.getByText(`1–20 of ${AUDIENCE_USERS.length}`)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(callsTo('/users').at(-1)?.query).toEqual({ companyFilter: ACME_ID, page: '2', limit: '20' }));
    await expectShown(() => canvas.getByText(`21–40 of ${AUDIENCE_USERS.length}`));
  },
};

/** A row opens the profile panel; its close button closes it. */
export const ProfilePanel: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('tab', { name: EXPLORER_LABELS.usersTab }));
    const grid = within(await canvas.findByRole('grid', { name: USERS_TABLE_LABEL }));
    await userEvent.click(await grid.findByText(firstNamed.name!));
    const panel = within(await screen.findByRole('dialog', { name: firstNamed.name! }));
    await expectShown(() => panel.getByRole('region', { name: PROFILE_LABELS.identityGraph }));
    await expect(panel.getByText(firstNamed.email!, { selector: 'dd' })).toBeVisible();
    await expect(panel.getByText(PROFILE_LABELS.refused)).toBeVisible();
    await expect(panel.getByRole('region', { name: PROFILE_LABELS.recentEvents })).toHaveTextContent('purchase');
    await expect(panel.getByRole('region', { name: PROFILE_LABELS.predictedSegments })).toHaveTextContent('86%');
    await userEvent.click(panel.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: firstNamed.name! })).not.toBeInTheDocument());
  },
};

/** Push to CRM opens Write Back with CRM ticked and writes back that one profile. */
export const ProfileWriteback: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('tab', { name: EXPLORER_LABELS.usersTab }));
    const grid = within(await canvas.findByRole('grid', { name: USERS_TABLE_LABEL }));
    await userEvent.click(await grid.findByText(firstNamed.name!));
    const panel = within(await screen.findByRole('dialog', { name: firstNamed.name! }));
    await userEvent.click(await panel.findByRole('button', { name: WRITEBACK_SHORTCUTS.pushToCrm.label }));
    const dialog = within(await screen.findByRole('dialog', { name: WRITEBACK_LABELS.title }));
    await expect(dialog.getByText(WRITEBACK_LABELS.forUser(firstNamed.name!))).toBeVisible();
    await expect(dialog.getByRole('checkbox', { name: 'CRM' })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: 'Analytics' })).not.toBeChecked();
    await dialog.findByText('Salesforce');
    await userEvent.click(dialog.getByRole('button', { name: WRITEBACK_LABELS.execute }));
    await expect(await dialog.findByText(WRITEBACK_LABELS.queued(1))).toBeVisible();
    const start = calls.find((call) => call.method === 'POST' && call.path === '/api/audience-intelligence/writeback');
    await expect(start?.body).toEqual({ profileIds: [firstNamed.id], destinations: ['crm'], data: [...WRITEBACK_SHORTCUTS.pushToCrm.data], companyId: ACME_ID });
  },
};

/** Save View: blank names cannot be saved; Enter saves, and the view joins the categories. */
export const SaveView: Story = {
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('table', { name: CATEGORY_LABELS.table });
    await userEvent.click(canvas.getByRole('combobox', { name: /^Lifecycle Stage/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'At-Risk' }));
    await userEvent.keyboard('{Escape}');
    await userEvent.click(canvas.getByRole('button', { name: ACTION_LABELS.saveView }));
    const dialog = within(await screen.findByRole('dialog', { name: SAVE_VIEW_LABELS.title }));
    await expect(dialog.getByRole('button', { name: SAVE_VIEW_LABELS.save })).toBeDisabled();
    await expect(dialog.getByText('Lifecycle Stage: At-Risk')).toBeVisible();
    await userEvent.type(dialog.getByRole('textbox', { name: /^View name/ }), '   ');
    await expect(dialog.getByRole('button', { name: SAVE_VIEW_LABELS.save })).toBeDisabled();
    await userEvent.type(dialog.getByRole('textbox', { name: /^View name/ }), 'Slipping away{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: SAVE_VIEW_LABELS.title })).not.toBeInTheDocument());
    const posted = calls.find((call) => call.method === 'POST' && call.path === '/api/audience-intelligence/views');
    await expect(posted?.body).toEqual({
      name: 'Slipping away',
      filters: { dataSource: [], lifecycle: ['at_risk'], risk: [], recency: [] },
      search: '',
      categoryId: null,
      companyId: ACME_ID,
    });
    await expectShown(() => within(canvas.getByRole('table', { name: CATEGORY_LABELS.table })).getByText('Slipping away'));
    await expectShown(() => screen.getByText(SAVE_VIEW_LABELS.saved('Slipping away')));
  },
};

/** Opening a saved view applies its filters and lists its users; deleting it asks first. */
export const SavedViewOpenAndDelete: Story = {
  play: async ({ canvas, userEvent }) => {
    const views = within(await canvas.findByRole('list', { name: EXPLORER_LABELS.savedViews }));
    await userEvent.click(await views.findByText(SAVED_VIEWS[0].name));
    await canvas.findByRole('grid', { name: USERS_TABLE_LABEL });
    await waitFor(() => expect(callsTo('/users').at(-1)?.query).toMatchObject({ dataSource: 'mobile', risk: 'high' }));
    await expect(canvas.getByRole('combobox', { name: /^Risk Level/ })).toHaveTextContent('High');
    await userEvent.click(views.getByRole('button', { name: `${CATEGORY_LABELS.deleteView} ${SAVED_VIEWS[0].name}` }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete Saved View' }));
    await userEvent.click(confirm.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(views.queryByText(SAVED_VIEWS[0].name)).not.toBeInTheDocument());
    await expect(calls.some((call) => call.method === 'DELETE' && call.path === `/api/audience-intelligence/views/${SAVED_VIEWS[0].id}`)).toBe(true);
  },
};

/** Reclassify: the job's progress while it runs, then what changed. */
export const Reclassify: Story = {
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('table', { name: CATEGORY_LABELS.table });
    await userEvent.click(canvas.getByRole('button', { name: ACTION_LABELS.reclassify }));
    await waitFor(() => expect(calls.find((call) => call.path === '/api/audience-intelligence/reclassify')?.body).toEqual({ companyId: ACME_ID }));
    await expectShown(() => canvas.getByRole('status', { name: JOB_LABELS.reclassifying }));
    await expect(canvas.getByRole('button', { name: ACTION_LABELS.reclassify })).toBeDisabled();
    const summary = within(await screen.findByRole('dialog', { name: JOB_LABELS.summaryTitle.reclassify }, { timeout: 8_000 }));
    await expect(summary.getByText(JOB_LABELS.changed(6, AUDIENCE_USERS.length))).toBeVisible();
    const categories = within(summary.getByRole('table', { name: JOB_LABELS.categories }));
    await expect(categories.getByRole('row', { name: /At Risk 14 17 \+3/ })).toBeVisible();
    await expect(within(summary.getByRole('table', { name: JOB_LABELS.risk })).getByRole('row', { name: /Medium 16 14 −2/ })).toBeVisible();
    await expect(calls.filter((call) => call.path.startsWith('/api/audience-intelligence/jobs/9d2e')).length).toBeGreaterThanOrEqual(3);
    await userEvent.click(summary.getByRole('button', { name: JOB_LABELS.close }));
    await waitFor(() => expect(canvas.queryByRole('status', { name: JOB_LABELS.reclassifying })).not.toBeInTheDocument());
  },
};

/** A reclassification already running when the page opens is followed. */
export const JobAlreadyRunning: Story = {
  beforeEach: () => track(mockFetch(audienceRoutes({ latestJob: jobOf('reclassify', 'running', 20), jobSteps: 50 }))),
  play: async ({ canvas }) => {
    const status = await canvas.findByRole('status', { name: JOB_LABELS.reclassifying });
    await expect(status).toHaveTextContent(/of 47 records read/);
    await expect(canvas.getByRole('button', { name: ACTION_LABELS.reclassify })).toBeDisabled();
  },
};

/** The last build failed while nobody watched (a refresh the server ran): its reason shows until dismissed. */
export const LastBuildFailed: Story = {
  beforeEach: () => track(mockFetch(audienceRoutes({ latestJob: { ...jobOf('rebuild', 'failed', 0), error: 'invalid byte sequence for encoding "UTF8": 0x00' } }))),
  play: async ({ canvas, userEvent }) => {
    const notice = await canvas.findByRole('alert');
    await expect(notice).toHaveTextContent(JOB_LABELS.failed.rebuild);
    await expect(notice).toHaveTextContent('invalid byte sequence for encoding "UTF8": 0x00');
    await expect(notice).toHaveTextContent(JOB_LABELS.lastFailedNote);
    await userEvent.click(within(notice).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(canvas.queryByText(JOB_LABELS.lastFailedNote)).not.toBeInTheDocument());
  },
};

/** Write Back: the section 2 defaults; the audience under the filters goes to the CRM and the job is queued. */
export const WriteBack: Story = {
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('table', { name: CATEGORY_LABELS.table });
    await userEvent.click(canvas.getByRole('combobox', { name: /^Risk Level/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'High' }));
    await userEvent.keyboard('{Escape}');
    const highRisk = AUDIENCE_USERS.filter((user) => user.risk === 'high').length;
    await expectShown(() => within(card(canvas, SUMMARY_LABELS.totalUsers)).getByText(formatCount(highRisk)));
    await userEvent.click(canvas.getByRole('button', { name: ACTION_LABELS.writeBack }));
    const dialog = within(await screen.findByRole('dialog', { name: WRITEBACK_LABELS.title }));
    for (const name of ['CRM', 'Analytics', 'Email Platform', 'Support System']) await expect(dialog.getByRole('checkbox', { name })).not.toBeChecked();
    for (const name of ['User Profile', 'Segments', 'Events', 'Predictions']) await expect(dialog.getByRole('checkbox', { name })).toBeChecked();
    await expect(await dialog.findByText('Salesforce')).toBeVisible();
    await expect(dialog.getByRole('button', { name: WRITEBACK_LABELS.execute })).toBeDisabled();
    await userEvent.click(dialog.getByRole('checkbox', { name: 'CRM' }));
    await userEvent.click(dialog.getByRole('button', { name: WRITEBACK_LABELS.execute }));
    await expect(await dialog.findByText(WRITEBACK_LABELS.queued(highRisk))).toBeVisible();
    const start = calls.find((call) => call.method === 'POST' && call.path === '/api/audience-intelligence/writeback');
    await expect(start?.body).toEqual({
      query: { dataSource: [], lifecycle: [], risk: ['high'], recency: [], search: '', categoryId: null },
      destinations: ['crm'],
      data: ['profile', 'segments', 'events', 'predictions'],
      companyId: ACME_ID,
    });
    await userEvent.click(dialog.getAllByRole('button', { name: WRITEBACK_LABELS.close }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: WRITEBACK_LABELS.title })).not.toBeInTheDocument());
  },
};

/** Destinations and the writeback jobs are a click away from Write Back. */
export const DestinationsAndJobs: Story = {
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('table', { name: CATEGORY_LABELS.table });
    await userEvent.click(canvas.getByRole('button', { name: WRITEBACK_LABELS.manageDestinations }));
    const destinations = within(await screen.findByRole('dialog', { name: DESTINATION_LABELS.title }));
    await expect(await destinations.findByText('Salesforce')).toBeVisible();
    await userEvent.click(destinations.getAllByRole('button', { name: DESTINATION_LABELS.close }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: DESTINATION_LABELS.title })).not.toBeInTheDocument());
    await userEvent.click(canvas.getByRole('button', { name: WRITEBACK_JOB_LABELS.title }));
    const jobs = within(await screen.findByRole('dialog', { name: WRITEBACK_JOB_LABELS.title }));
    await expect(await jobs.findByRole('article', { name: /1,240 profiles/ })).toBeVisible();
    await expect(callsTo('/writeback/jobs')[0]?.query).toEqual({ companyFilter: ACME_ID });
  },
};

/**
 * "All Companies": profiles are per company, so the page asks for one, with the companies to choose
 * from on the page itself, and reads no audience until one is chosen; then it shows that company's.
 */
export const AllCompanies: Story = {
  decorators: [withAudienceSession(ALL_COMPANIES)],
  beforeEach: () => track(mockFetch({ ...audienceRoutes(), 'GET /api/companies': { body: sampleCompanies } })),
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByText(CHOOSE_COMPANY_FOR_AUDIENCE)).toBeVisible();
    await userEvent.click(await canvas.findByRole('combobox', { name: COMPANY_CHOICE_LABELS.label }));
    await expect(calls.filter((call) => call.path.startsWith('/api/audience-intelligence'))).toHaveLength(0);
    await userEvent.click(await screen.findByRole('option', { name: acmeCompany.name }));
    await expectShown(() => within(card(canvas, SUMMARY_LABELS.totalUsers)).getByText(formatCount(AUDIENCE_METRICS.totalUsers)));
    await expect(callsTo('/metrics')[0]?.query).toEqual({ companyFilter: acmeCompany.id });
    await expect(canvas.queryByText(CHOOSE_COMPANY_FOR_AUDIENCE)).not.toBeInTheDocument();
  },
};

/** The company picker at phone width: it fits the screen. */
export const AllCompaniesOnPhone: Story = {
  decorators: [withAudienceSession(ALL_COMPANIES)],
  beforeEach: () => track(mockFetch({ ...audienceRoutes(), 'GET /api/companies': { body: sampleCompanies } })),
  globals: PHONE_GLOBALS,
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByRole('combobox', { name: COMPANY_CHOICE_LABELS.label })).toBeVisible();
    await expectNoSidewaysScroll(canvasElement);
  },
};

/** No profiles and no filter: how data gets in, and building the profiles now. */
export const NoProfilesYet: Story = {
  beforeEach: () => track(mockFetch(audienceRoutes({ users: [], views: [], computedAt: null }))),
  play: async ({ canvas, userEvent }) => {
    await expectShown(() => canvas.getByRole('heading', { name: EMPTY_AUDIENCE.title }));
    await expect(canvas.getByRole('link', { name: EMPTY_AUDIENCE.importCustomers })).toHaveAttribute('href', '/data-sources');
    await expect(canvas.getByRole('link', { name: EMPTY_AUDIENCE.sendEvents })).toHaveAttribute('href', '/outbound-api');
    await userEvent.click(canvas.getByRole('button', { name: ACTION_LABELS.rebuild }));
    await expectShown(() => canvas.getByRole('status', { name: JOB_LABELS.rebuilding }));
    await expect(calls.find((call) => call.method === 'POST' && call.path === '/api/audience-intelligence/rebuild')?.body).toEqual({ companyId: ACME_ID });
  },
};

export const Loading: Story = {
  beforeEach: () => track(mockFetch({ 'GET /api/*': { delayMs: Infinity } })),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status', { name: 'Loading summary' })).toBeVisible();
    await expect(canvas.getByRole('status', { name: 'Loading audience' })).toBeVisible();
  },
};

/** The metrics failed: Error Loading Data with the section 8 message; Retry asks again. */
export const MetricsFailed: Story = {
  beforeEach: () => track(mockFetch(audienceRoutes({ failing: ['GET /metrics'] }))),
  play: async ({ canvas, userEvent }) => {
    const panel = within(await canvas.findByRole('alert'));
    await expect(panel.getByText(AUDIENCE_MESSAGES.errorTitle)).toBeVisible();
    await expect(panel.getByText(AUDIENCE_MESSAGES.metrics)).toBeVisible();
    const before = callsTo('/metrics').length;
    await userEvent.click(panel.getByRole('button', { name: AUDIENCE_MESSAGES.retry }));
    await waitFor(() => expect(callsTo('/metrics').length).toBeGreaterThan(before));
  },
};

/** A category's users failed to load: the section 8 message for it. */
export const CategoryUsersFailed: Story = {
  beforeEach: () => track(mockFetch(audienceRoutes({ failing: ['GET /categories/users'] }))),
  play: async ({ canvas, userEvent }) => {
    const table = within(await canvas.findByRole('table', { name: CATEGORY_LABELS.table }));
    await userEvent.click(table.getByRole('button', { name: `${CATEGORY_LABELS.viewUsers}: ${CATEGORY_NAMES['at-risk']}` }));
    const panel = within(await canvas.findByRole('alert'));
    await expect(panel.getByText(AUDIENCE_MESSAGES.categoryUsers)).toBeVisible();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import {
  CATEGORY_SEARCH_MIN_MS,
  DASHBOARD_CHART_TITLES,
  DASHBOARD_MESSAGES,
  DASHBOARD_TAB_LABELS,
  type DashboardPreferences,
} from '@domain/dashboard/contract';
import { ALL_COMPANIES } from '@/lib/session';
import { mockFetch, type MockCall } from '@/lib/testing/mockFetch';
import { globalAdminSession } from '@/lib/testing/sessions';
import { expectNoSidewaysScroll, PHONE_GLOBALS } from '@/lib/testing/phone';
import { expectShown } from '@/lib/testing/storyHelpers';
import { ADD_CATEGORY_LABELS } from './AddCategoryDialog';
import { API_KEY_LABELS } from './ApiKeyBreakdown';
import { CHART_TYPE_GROUP } from './ChartTypeSwitch';
import { EMPTY_OVERVIEW_LINKS } from './EmptyOverview';
import {
  ACME_ID,
  ACME_NAME,
  API_KEY_ROWS,
  emptyMetrics,
  METRICS_7D,
  metricsFor,
  overviewRoutes,
  SAVED_CHART,
  USED_PREFERENCES,
  VIP_VIEW,
  withOverviewSession,
} from './fixtures';
import { formatCount } from './format';
import { GRID_LABELS } from './OtherChartsGrid';
import { HEADLINE_LABELS } from './HeadlineFigures';
import { MAIN_CHART_LABEL } from './MainChart';
import { METRIC_TABS_LABEL } from './MetricTabs';
import { RANGE_LABELS } from './RangeBar';
import { SAVED_CHART_LABELS } from './SavedChartPanel';
import { USERS_CHART_LABELS } from './UsersChart';
import { OverviewPage } from './OverviewPage';

let calls: MockCall[] = [];
const track = (restore: ReturnType<typeof mockFetch>) => {
  calls = restore.calls;
  return restore;
};
const callsTo = (method: string, suffix: string) => calls.filter((call) => call.method === method && call.path === `/api/dashboard${suffix}`);
const lastSaved = () => callsTo('PUT', '/preferences').at(-1)?.body as DashboardPreferences | undefined;

const meta = {
  title: 'Pages/Dashboard overview',
  component: OverviewPage,
  decorators: [withOverviewSession()],
  parameters: { layout: 'padded' },
  beforeEach: () => track(mockFetch(overviewRoutes())),
} satisfies Meta<typeof OverviewPage>;
export default meta;

type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;

const loaded = async (canvas: Canvas) => {
  await expectShown(() => canvas.getByRole('heading', { level: 1, name: ACME_NAME }));
  await expectShown(() => canvas.getByRole('region', { name: HEADLINE_LABELS.calls }));
  // The grid's cards arrive just after the page (their drag and drop is a chunk of its own).
  await waitFor(() => expect(canvas.getByRole('region', { name: GRID_LABELS.title }).querySelector('li[data-chart]')).not.toBeNull());
};
const grid = (canvas: Canvas) => within(canvas.getByRole('region', { name: GRID_LABELS.title }));
const gridOrder = (canvas: Canvas) =>
  Array.from<Element>(canvas.getByRole('region', { name: GRID_LABELS.title }).querySelectorAll('li[data-chart]')).map((item) => item.getAttribute('data-chart'));
const mainChart = (canvas: Canvas) => within(canvas.getByRole('tabpanel', { name: MAIN_CHART_LABEL }));

/** Acme Retail's last seven days: the heading, every headline figure, the main chart and the five others. */
export const SevenDays: Story = {
  play: async ({ canvas }) => {
    await loaded(canvas);
    await expect(within(canvas.getByRole('region', { name: HEADLINE_LABELS.calls })).getByText(formatCount(METRICS_7D.totals.calls.value ?? 0))).toBeVisible();
    await expect(canvas.getByRole('button', { name: '7 Days', pressed: true })).toBeVisible();
    await expect(canvas.getByRole('tab', { name: DASHBOARD_TAB_LABELS.all, selected: true })).toBeVisible();
    for (const label of Object.values(DASHBOARD_TAB_LABELS)) await expect(canvas.getByRole('tab', { name: label })).toBeVisible();
    await expect(mainChart(canvas).getByRole('figure', { name: DASHBOARD_TAB_LABELS.all })).toHaveAccessibleDescription(new RegExp(`Calls: ${METRICS_7D.labels[0]} ${formatCount(METRICS_7D.calls[0])}`));
    await expect(gridOrder(canvas)).toEqual(['recommendations', 'conversion', 'clicks', 'calls', 'duration', 'segments']);
    await expect(grid(canvas).getByRole('figure', { name: DASHBOARD_CHART_TITLES.segments })).toHaveAccessibleDescription(/New Users 1,284/);
    await expect(callsTo('GET', '/metrics')[0]?.query).toEqual({ companyFilter: ACME_ID, range: '7d' });
  },
};

/** A shared link opens the same tab and range: ?tab=calls&range=30d. */
export const SharedLinkThirtyDaysCalls: Story = {
  parameters: { router: { initialEntries: ['/?tab=calls&range=30d'] } },
  play: async ({ canvas }) => {
    await loaded(canvas);
    await expect(canvas.getByRole('button', { name: '30 Days', pressed: true })).toBeVisible();
    await expect(canvas.getByRole('tab', { name: DASHBOARD_TAB_LABELS.calls, selected: true })).toBeVisible();
    // The main chart is the calls chart, so the grid holds the five others.
    await expect(mainChart(canvas).getByRole('figure', { name: DASHBOARD_CHART_TITLES.calls })).toBeVisible();
    await expect(gridOrder(canvas)).not.toContain('calls');
    await expect(callsTo('GET', '/metrics')[0]?.query).toEqual({ companyFilter: ACME_ID, range: '30d' });
  },
};

/** Ranges: 1 Day, then Custom with From and To; Apply waits for both dates. */
export const SwitchRanges: Story = {
  play: async ({ canvas, userEvent }) => {
    await loaded(canvas);
    await userEvent.click(canvas.getByRole('button', { name: '1 Day' }));
    await waitFor(() => expect(callsTo('GET', '/metrics').at(-1)?.query).toEqual({ companyFilter: ACME_ID, range: '1d' }));
    await expectShown(() => mainChart(canvas).getByRole('figure', { name: DASHBOARD_TAB_LABELS.all }));
    await waitFor(() => expect(mainChart(canvas).getByRole('figure', { name: DASHBOARD_TAB_LABELS.all })).toHaveAccessibleDescription(/00:00|04:00|08:00/));

    await userEvent.click(canvas.getByRole('button', { name: 'Custom' }));
    const apply = canvas.getByRole('button', { name: RANGE_LABELS.apply });
    await expect(apply).toBeDisabled();
    await userEvent.type(await canvas.findByLabelText(RANGE_LABELS.from), '2026-10-01');
    await expect(apply).toBeDisabled();
    await userEvent.type(await canvas.findByLabelText(RANGE_LABELS.to), '2026-10-20');
    await expect(apply).toBeEnabled();
    await userEvent.click(apply);
    await waitFor(() => expect(callsTo('GET', '/metrics').at(-1)?.query).toEqual({ companyFilter: ACME_ID, range: 'custom', from: '2026-10-01', to: '2026-10-20' }));
    await expect(canvas.getByRole('button', { name: 'Custom', pressed: true })).toBeVisible();
  },
};

/** From after To is refused with the rule's words, before anything is sent. */
export const CustomRangeOutOfOrder: Story = {
  play: async ({ canvas, userEvent }) => {
    await loaded(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Custom' }));
    await userEvent.type(await canvas.findByLabelText(RANGE_LABELS.from), '2026-11-20');
    await userEvent.type(await canvas.findByLabelText(RANGE_LABELS.to), '2026-11-02');
    await userEvent.click(canvas.getByRole('button', { name: RANGE_LABELS.apply }));
    await expect(canvas.getByRole('alert')).toHaveTextContent(DASHBOARD_MESSAGES.customOrder);
    await expect(callsTo('GET', '/metrics').some((call) => call.query.range === 'custom')).toBe(false);
  },
};

/** A custom range in a link that the server refuses: its 400 message beside the dates. */
export const CustomRangeRefusedByServer: Story = {
  parameters: { router: { initialEntries: ['/?range=custom&from=2026-11-20&to=2026-11-02'] } },
  play: async ({ canvas }) => {
    await expectShown(() => canvas.getByRole('alert'));
    await expect(canvas.getByRole('alert')).toHaveTextContent(DASHBOARD_MESSAGES.customOrder);
    await expect(await canvas.findByLabelText(RANGE_LABELS.from)).toHaveValue('2026-11-20');
  },
};

/** Line or Bar per tab, kept in the user's preferences. */
export const ToggleLineBar: Story = {
  play: async ({ canvas, userEvent }) => {
    await loaded(canvas);
    const group = within(canvas.getByRole('group', { name: CHART_TYPE_GROUP }));
    await expect(group.getByRole('button', { name: 'Line', pressed: true })).toBeVisible();
    await userEvent.click(group.getByRole('button', { name: 'Bar' }));
    await waitFor(() => expect(lastSaved()?.chartTypes).toEqual({ all: 'bar' }));
    await expect(group.getByRole('button', { name: 'Bar', pressed: true })).toBeVisible();
    await expect(canvas.getByRole('tabpanel', { name: MAIN_CHART_LABEL }).querySelector('.MuiBarChart-root, [class*="MuiBarElement"], [class*="MuiBarChart"]')).not.toBeNull();
  },
};

/** The keyboard moves a chart of the grid from its handle; the order is saved. */
export const ReorderByKeyboard: Story = {
  play: async ({ canvas, userEvent }) => {
    await loaded(canvas);
    const handle = grid(canvas).getByRole('button', { name: GRID_LABELS.move(DASHBOARD_CHART_TITLES.recommendations) });
    handle.focus();
    await userEvent.keyboard(' ');
    await userEvent.keyboard('{ArrowRight}');
    await userEvent.keyboard(' ');
    await waitFor(() => expect(lastSaved()?.gridOrder?.indexOf('recommendations')).toBeGreaterThan(0));
    await waitFor(() => expect(gridOrder(canvas)[0]).not.toBe('recommendations'));
  },
};

/** Clicking a chart of the grid makes it the main chart. */
export const PickFromGrid: Story = {
  play: async ({ canvas, userEvent }) => {
    await loaded(canvas);
    await userEvent.click(grid(canvas).getByRole('button', { name: GRID_LABELS.show(DASHBOARD_CHART_TITLES.duration) }));
    await expectShown(() => mainChart(canvas).getByRole('figure', { name: DASHBOARD_CHART_TITLES.duration }));
    await expect(gridOrder(canvas)).not.toContain('duration');
    // Duration has no tab: none is selected.
    await expect(within(canvas.getByRole('tablist', { name: METRIC_TABS_LABEL })).queryByRole('tab', { selected: true })).toBeNull();
  },
};

/** Users tab: a category's details, Back, then Save View as a saved chart tab. */
export const DrillDownAndSaveView: Story = {
  play: async ({ canvas, userEvent }) => {
    await loaded(canvas);
    await userEvent.click(canvas.getByRole('tab', { name: DASHBOARD_TAB_LABELS.users }));
    await expectShown(() => mainChart(canvas).getByRole('figure', { name: USERS_CHART_LABELS.title('users') }));
    await userEvent.click(canvas.getByRole('button', { name: 'Conversion' }));
    await expectShown(() => mainChart(canvas).getByRole('figure', { name: USERS_CHART_LABELS.title('conversion') }));

    await userEvent.click(canvas.getByLabelText(USERS_CHART_LABELS.details));
    await userEvent.click(await screen.findByRole('option', { name: 'Premium Users' }));
    await expectShown(() => canvas.getByRole('heading', { name: DASHBOARD_MESSAGES.details('Premium Users') }));
    // No Line/Bar while drilled in.
    await expect(canvas.queryByRole('group', { name: CHART_TYPE_GROUP })).toBeNull();
    await expectShown(() => mainChart(canvas).getByRole('figure', { name: DASHBOARD_MESSAGES.details('Premium Users') }));
    await expect(callsTo('GET', '/categories/category/premium/series')).toHaveLength(1);

    await userEvent.click(canvas.getByRole('button', { name: DASHBOARD_MESSAGES.back }));
    await expectShown(() => mainChart(canvas).getByRole('figure', { name: USERS_CHART_LABELS.title('conversion') }));

    await userEvent.click(canvas.getByLabelText(USERS_CHART_LABELS.details));
    await userEvent.click(await screen.findByRole('option', { name: 'Mobile Users' }));
    await userEvent.click(await canvas.findByRole('button', { name: DASHBOARD_MESSAGES.saveView }));
    const dialog = within(await screen.findByRole('dialog', { name: DASHBOARD_MESSAGES.saveChartView }));
    const save = dialog.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    await userEvent.type(dialog.getByLabelText(DASHBOARD_MESSAGES.chartName), '   ');
    await expect(save).toBeDisabled();
    await userEvent.type(dialog.getByLabelText(DASHBOARD_MESSAGES.chartName), 'Mobile conversion ');
    await userEvent.click(save);
    await expectShown(() => canvas.getByRole('tab', { name: 'Mobile conversion', selected: true }));
    const saved = lastSaved()?.savedCharts[0];
    await expect(saved).toMatchObject({ label: 'Mobile conversion', category: { kind: 'category', id: 'mobile', name: 'Mobile Users' }, mode: 'conversion' });
    await expect(saved?.id).toMatch(/^saved-\d+$/);
  },
};

/** "+ Add Category": blank is not added, an unknown name is answered honestly, a saved view is added. */
export const AddCategory: Story = {
  parameters: { router: { initialEntries: ['/?tab=users'] } },
  play: async ({ canvas, userEvent }) => {
    await loaded(canvas);
    await userEvent.click(canvas.getByRole('button', { name: DASHBOARD_MESSAGES.addCategory }));
    const dialog = within(await screen.findByRole('dialog', { name: ADD_CATEGORY_LABELS.title }));
    const add = dialog.getByRole('button', { name: ADD_CATEGORY_LABELS.add });
    await userEvent.type(dialog.getByLabelText(DASHBOARD_MESSAGES.categoryName), '   ');
    await expect(add).toBeDisabled();

    await userEvent.clear(dialog.getByLabelText(DASHBOARD_MESSAGES.categoryName));
    await userEvent.type(dialog.getByLabelText(DASHBOARD_MESSAGES.categoryName), 'Moon Walkers');
    await userEvent.click(add);
    await expect(dialog.getByRole('button', { name: DASHBOARD_MESSAGES.searching })).toBeDisabled();
    await waitFor(() => expect(dialog.getByRole('alert')).toHaveTextContent(DASHBOARD_MESSAGES.categoryNotFound('Moon Walkers')), { timeout: CATEGORY_SEARCH_MIN_MS + 2_000 });

    await userEvent.clear(dialog.getByLabelText(DASHBOARD_MESSAGES.categoryName));
    await userEvent.type(dialog.getByLabelText(DASHBOARD_MESSAGES.categoryName), 'vip shoppers');
    await userEvent.click(dialog.getByRole('button', { name: ADD_CATEGORY_LABELS.add }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: ADD_CATEGORY_LABELS.title })).toBeNull(), { timeout: CATEGORY_SEARCH_MIN_MS + 2_000 });
    await expect(lastSaved()?.extraCategories).toEqual([{ kind: VIP_VIEW.kind, id: VIP_VIEW.id, name: VIP_VIEW.name }]);
    await waitFor(() => expect(mainChart(canvas).getByRole('figure', { name: USERS_CHART_LABELS.title('users') })).toHaveAccessibleDescription(/VIP Shoppers 186/));
  },
};

/** A returning user: their saved chart tab, grid order, Bar for calls and the added view. */
export const ReturningUser: Story = {
  beforeEach: () => track(mockFetch(overviewRoutes({ preferences: USED_PREFERENCES }))),
  parameters: { router: { initialEntries: [`/?tab=${SAVED_CHART.id}`] } },
  play: async ({ canvas }) => {
    await loaded(canvas);
    await expect(canvas.getByRole('tab', { name: SAVED_CHART.label, selected: true })).toBeVisible();
    await expectShown(() => mainChart(canvas).getByRole('figure', { name: SAVED_CHART_LABELS.title(SAVED_CHART) }));
    await expect(gridOrder(canvas)).toEqual(USED_PREFERENCES.gridOrder);
  },
};

/** "By API key" from the calls chart: each key's calls, errors, latency and items, linking to its usage. */
export const CallsByApiKey: Story = {
  play: async ({ canvas, userEvent }) => {
    await loaded(canvas);
    await userEvent.click(grid(canvas).getByRole('button', { name: API_KEY_LABELS.open }));
    const dialog = within(await screen.findByRole('dialog', { name: API_KEY_LABELS.title }));
    const table = within(await dialog.findByRole('table', { name: API_KEY_LABELS.table }));
    const first = API_KEY_ROWS[0];
    await expect(table.getByRole('link', { name: first.name })).toHaveAttribute('href', `/outbound-api?key=${first.apiKeyId}`);
    await expect(table.getByText(formatCount(first.calls))).toBeVisible();
  },
};

/** The global admin with "All Companies": no filter is sent, and the heading names the aggregate. */
export const AllCompanies: Story = {
  decorators: [withOverviewSession(globalAdminSession, ALL_COMPANIES)],
  beforeEach: () => track(mockFetch(overviewRoutes({ metrics: (query) => metricsFor({ range: query.range as '7d' }, 'All Companies') }))),
  play: async ({ canvas }) => {
    await expectShown(() => canvas.getByRole('heading', { level: 1, name: 'All Companies' }));
    await expect(callsTo('GET', '/metrics')[0]?.query.companyFilter).toBeUndefined();
  },
};

/** The global admin looking at Acme Retail: the company is named in every read. */
export const GlobalAdminOneCompany: Story = {
  decorators: [withOverviewSession(globalAdminSession, ACME_ID)],
  play: async ({ canvas }) => {
    await loaded(canvas);
    await expect(callsTo('GET', '/metrics')[0]?.query.companyFilter).toBe(ACME_ID);
    await expect(callsTo('GET', '/preferences')[0]?.query.companyFilter).toBe(ACME_ID);
  },
};

/** A brand-new company: the honest empty state and where data comes from. */
export const Empty: Story = {
  beforeEach: () => track(mockFetch(overviewRoutes({ metrics: () => emptyMetrics('7d', 'Acme Retail') }))),
  play: async ({ canvas }) => {
    await expectShown(() => canvas.getByRole('region', { name: DASHBOARD_MESSAGES.emptyTitle }));
    await expect(canvas.getByText(DASHBOARD_MESSAGES.emptyBody)).toBeVisible();
    await expect(canvas.getByRole('link', { name: EMPTY_OVERVIEW_LINKS.outboundApi })).toHaveAttribute('href', '/outbound-api');
    await expect(canvas.getByRole('link', { name: EMPTY_OVERVIEW_LINKS.liveIq })).toHaveAttribute('href', '/zero-party/survey-published');
    await expect(canvas.queryByRole('tablist')).toBeNull();
  },
};

export const Loading: Story = {
  beforeEach: () => track(mockFetch(overviewRoutes({ metricsDelayMs: Infinity }))),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status')).toHaveTextContent(DASHBOARD_MESSAGES.loading);
  },
};

/** A failure: the specification's words, the server's reason, and Retry asking again. */
export const LoadFailed: Story = {
  beforeEach: () => track(mockFetch(overviewRoutes({ failing: ['metrics'] }))),
  play: async ({ canvas, userEvent }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(DASHBOARD_MESSAGES.loadFailed);
    await expect(alert).toHaveTextContent('Internal server error');
    const before = callsTo('GET', '/metrics').length;
    await userEvent.click(within(alert).getByRole('button', { name: DASHBOARD_MESSAGES.retry }));
    await waitFor(() => expect(callsTo('GET', '/metrics').length).toBeGreaterThan(before));
  },
};

/** At phone width: the figures, the tabs and every chart fit the screen; nothing scrolls sideways. */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async (context) => {
    await SevenDays.play?.(context);
    await expectNoSidewaysScroll(context.canvasElement);
  },
};

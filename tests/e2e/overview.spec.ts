/**
 * The dashboard overview as a new user meets it: the demo company admin sees every chart filled
 * from the seeded calls and events, switches ranges (a custom one too), drills into a category
 * and back, saves a view and finds it as a tab in another browser, reorders "Other Charts" by
 * mouse and by keyboard, and switches Line/Bar; a brand-new company sees the honest empty state.
 * In both themes.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { DASHBOARD_CHART_TITLES, DASHBOARD_MESSAGES, DASHBOARD_TAB_LABELS, type DashboardMetrics } from '../../src/domain/dashboard/contract';
import { DEMO, signIn, test, toggleThemeAndCheck, uniqueEmail } from './support';

test.use({ actionTimeout: 20_000 });

const RUN = Date.now().toString(36);

const mainChart = (page: Page) => page.getByRole('tabpanel', { name: 'Main chart' });
const grid = (page: Page) => page.getByRole('region', { name: 'Other Charts' });
const gridOrder = (page: Page) => grid(page).locator('li[data-chart]').evaluateAll((items) => items.map((item) => item.getAttribute('data-chart')));
const handle = (page: Page, title: string) => grid(page).getByRole('button', { name: `Move ${title}` });

async function metricsOf(page: Page, query: string): Promise<DashboardMetrics> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.get(`/api/dashboard/metrics?${query}`, { headers: { Authorization: `Bearer ${String(token).replace(/^"|"$/g, '')}` } });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as DashboardMetrics;
}

async function centre(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('Not on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Drags with the mouse as a person does: press, travel in steps (past the 5 px threshold), release. */
async function dragByMouse(page: Page, from: Locator, to: Locator) {
  // The mouse acts where the viewport is: the grid sits below the fold.
  await from.scrollIntoViewIfNeeded();
  const start = await centre(from);
  const end = await centre(to);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 8, start.y + 8, { steps: 4 });
  await page.mouse.move(end.x, end.y, { steps: 12 });
  await page.mouse.up();
}

/**
 * Clicks the first bar of the main chart. A category with no users has no bar to aim at: then the
 * click lands in the middle of its column, which the chart answers the same way.
 */
async function clickFirstBar(page: Page, bars: number) {
  await expect(mainChart(page).getByRole('figure', { name: /by Category/ }).locator('svg').first()).toBeVisible();
  const bar = mainChart(page).locator('svg [class*="MuiBarChart-element"]').first();
  const box = (await bar.count()) > 0 ? await bar.boundingBox() : null;
  if (box && box.height > 4) {
    await bar.click();
    return;
  }
  const svg = await mainChart(page).locator('figure svg').first().boundingBox();
  if (!svg) throw new Error('The chart is not on screen');
  const plotLeft = svg.x + 56;
  await page.mouse.click(plotLeft + (svg.width - 56) / (2 * bars), svg.y + svg.height / 2);
}

test('the demo company admin reads, explores, saves and arranges the overview', async ({ page, browser }) => {
  test.setTimeout(240_000);
  await signIn(page, DEMO.acmeAdmin);
  await page.goto('/');

  // Every chart has data: the heading names the company, the main chart and the five others are drawn.
  const week = await metricsOf(page, 'range=7d');
  expect(week.hasData).toBe(true);
  expect(week.calls.some((value) => value > 0)).toBe(true);
  expect(week.recommendations.some((value) => value > 0)).toBe(true);
  expect(week.users.categories.length).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { level: 1, name: week.companyInfo.name })).toBeVisible();
  await expect(page.getByRole('button', { name: '7 Days', pressed: true })).toBeVisible();
  await expect(mainChart(page).getByRole('figure', { name: DASHBOARD_TAB_LABELS.all })).toBeVisible();
  for (const title of Object.values(DASHBOARD_CHART_TITLES)) await expect(grid(page).getByRole('figure', { name: title })).toBeVisible();
  await expect(mainChart(page).locator('svg').first()).toBeVisible();

  // Ranges: 30 Days, kept in the address; then a custom range.
  await page.getByRole('button', { name: '30 Days' }).click();
  await expect(page).toHaveURL(/range=30d/);
  const month = await metricsOf(page, 'range=30d');
  expect(month.labels).toHaveLength(4);
  await expect(mainChart(page).getByRole('figure', { name: DASHBOARD_TAB_LABELS.all })).toHaveAttribute('aria-describedby', /.+/);
  await page.getByRole('button', { name: 'Custom' }).click();
  const apply = page.getByRole('button', { name: 'Apply' });
  await expect(apply).toBeDisabled();
  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 13 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('From', { exact: true }).fill(from);
  await expect(apply).toBeDisabled();
  await page.getByLabel('To', { exact: true }).fill(to);
  await apply.click();
  await expect.poll(() => Object.fromEntries(new URL(page.url()).searchParams)).toMatchObject({ range: 'custom', from, to });
  await expect(page.getByRole('button', { name: 'Custom', pressed: true })).toBeVisible();
  // A link opens the same view.
  const shared = page.url();
  await page.goto(shared);
  await expect(page.getByRole('button', { name: 'Custom', pressed: true })).toBeVisible();
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(from);
  await page.getByRole('button', { name: '7 Days' }).click();

  await toggleThemeAndCheck(page);

  // Line/Bar on # of Calls, kept for the user.
  await page.getByRole('tab', { name: DASHBOARD_TAB_LABELS.calls }).click();
  await expect(page).toHaveURL(/tab=calls/);
  const types = mainChart(page).getByRole('group', { name: 'Chart type' });
  await types.getByRole('button', { name: 'Bar' }).click();
  await expect(types.getByRole('button', { name: 'Bar', pressed: true })).toBeVisible();
  await expect(mainChart(page).locator('.MuiBarChart-element, [class*="MuiBarChart-element"], [class*="MuiBarElement"]').first()).toBeVisible();
  // The per-key breakdown is one click away.
  await mainChart(page).getByRole('button', { name: 'By API key' }).click();
  const keys = page.getByRole('dialog', { name: 'Calls by API key' });
  await expect(keys.getByRole('table', { name: 'Calls by API key' }).or(keys.getByText('No API key made a call in this period.'))).toBeVisible();
  await keys.getByRole('button', { name: 'Close' }).last().click();

  // Users: a bar opens the category's details; Back returns.
  await page.getByRole('tab', { name: DASHBOARD_TAB_LABELS.users }).click();
  const category = week.users.categories[0];
  await clickFirstBar(page, week.users.categories.length);
  await expect(page.getByRole('heading', { name: DASHBOARD_MESSAGES.details(category) })).toBeVisible();
  await expect(mainChart(page).getByRole('group', { name: 'Chart type' })).toHaveCount(0);
  await page.getByRole('button', { name: DASHBOARD_MESSAGES.back }).click();
  await expect(page.getByRole('heading', { name: DASHBOARD_MESSAGES.details(category) })).toHaveCount(0);

  // Drill in again and save the view as a chart tab.
  await clickFirstBar(page, week.users.categories.length);
  await page.getByRole('button', { name: DASHBOARD_MESSAGES.saveView }).click();
  const dialog = page.getByRole('dialog', { name: DASHBOARD_MESSAGES.saveChartView });
  const save = dialog.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toBeDisabled();
  const viewName = `E2E ${category} ${RUN}`;
  await dialog.getByLabel(DASHBOARD_MESSAGES.chartName).fill(viewName);
  await save.click();
  await expect(page.getByRole('tab', { name: viewName, selected: true })).toBeVisible();

  // Reorder "Other Charts" by mouse, then by keyboard; each order is saved.
  await page.getByRole('tab', { name: DASHBOARD_TAB_LABELS.all }).click();
  const before = await gridOrder(page);
  await dragByMouse(page, handle(page, DASHBOARD_CHART_TITLES[before[0] as keyof typeof DASHBOARD_CHART_TITLES]), handle(page, DASHBOARD_CHART_TITLES[before[1] as keyof typeof DASHBOARD_CHART_TITLES]));
  await expect.poll(() => gridOrder(page)).toEqual([before[1], before[0], ...before.slice(2)]);
  // The drop did not also pick the chart as the main one.
  await expect(page.getByRole('tab', { name: DASHBOARD_TAB_LABELS.all, selected: true })).toBeVisible();
  const afterMouse = await gridOrder(page);
  await handle(page, DASHBOARD_CHART_TITLES[afterMouse[0] as keyof typeof DASHBOARD_CHART_TITLES]).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space');
  await expect.poll(() => gridOrder(page)).not.toEqual(afterMouse);
  const arranged = await gridOrder(page);
  expect(arranged[0]).not.toBe(afterMouse[0]);

  // A click on a chart of the grid makes it the main chart.
  await grid(page).getByRole('button', { name: `Show ${DASHBOARD_CHART_TITLES.duration} as the main chart` }).click();
  await expect(mainChart(page).getByRole('figure', { name: DASHBOARD_CHART_TITLES.duration })).toBeVisible();
  await expect(page).toHaveURL(/tab=duration/);

  // Another browser: the saved tab, the grid order and Bar for calls follow the user.
  const other = await browser.newContext();
  const second = await other.newPage();
  await signIn(second, DEMO.acmeAdmin);
  await second.goto('/');
  await expect(second.getByRole('tab', { name: viewName })).toBeVisible();
  await expect.poll(() => gridOrder(second)).toEqual(arranged);
  await second.getByRole('tab', { name: viewName }).click();
  await expect(mainChart(second).getByRole('figure').first()).toBeVisible();
  await second.getByRole('tab', { name: DASHBOARD_TAB_LABELS.calls }).click();
  await expect(mainChart(second).getByRole('group', { name: 'Chart type' }).getByRole('button', { name: 'Bar', pressed: true })).toBeVisible();
  await toggleThemeAndCheck(second);
  await expect(mainChart(second).getByRole('figure', { name: DASHBOARD_CHART_TITLES.calls })).toBeVisible();
  await other.close();
});

test('a brand-new company sees the empty state and where its data will come from', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Full Name').fill('Nina Newco');
  await page.getByLabel('Email').fill(uniqueEmail('overview'));
  await page.getByLabel('Company Name').fill(`Newco Overview ${RUN}`);
  await page.getByLabel('Password', { exact: true }).fill('secret1');
  await page.getByLabel('Confirm Password').fill('secret1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/company-profile$/);
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await expect(page).toHaveURL(/\/$/);

  const empty = page.getByRole('region', { name: DASHBOARD_MESSAGES.emptyTitle });
  await expect(empty).toBeVisible();
  await expect(empty.getByText(DASHBOARD_MESSAGES.emptyBody)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `Newco Overview ${RUN}` })).toBeVisible();
  await toggleThemeAndCheck(page);
  await expect(empty).toBeVisible();
  await empty.getByRole('link', { name: /Outbound API/ }).click();
  await expect(page).toHaveURL(/\/outbound-api$/);
});

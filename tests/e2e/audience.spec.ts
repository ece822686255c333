/**
 * Audience Intelligence and Export Data as a new customer meets them: a company admin imports a
 * customer list and runs a survey whose question fills the global "Location" data type; a visitor
 * of the company's website answers it under one of the imported e-mails. The global admin then
 * finds ONE profile for that person joining both sources, the answer among its attributes and both
 * sources in its identity graph; filters by data source, saves the view, reclassifies, and exports
 * the profiles: preview, then the CSV file with the imported person in it.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import type { AudienceUsersPage } from '../../src/domain/audience/contract';
import type { DataType } from '../../src/domain/dataTypes/dataTypes';
import { defaultSurvey, newQuestion } from '../../src/domain/survey/defaults';
import type { PublishedSurvey, Survey } from '../../src/domain/survey/types';
import { DEMO, signIn, test } from './support';
import { hostPage, startHostSite, type HostSite } from './hostSite';

const snack = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();
const RUN = Date.now().toString(36);
const FILE_NAME = `e2e-audience-${RUN}.csv`;
const SURVEY_NAME = `E2E Audience Location ${RUN}`;
const QUESTION = 'Which city do you live in?';
const CITY = 'Lisbon';
const VIEW_NAME = `E2E web visitors ${RUN}`;
/** The person who is both in the imported list and answers the survey. */
const PERSON = { id: `E2E-AUD-${RUN}-1`, email: `ines.${RUN}@e2e.example`, name: `Ines Audience ${RUN}` };
const CUSTOMERS = [
  'customer_id,email,full_name,signup_date',
  `${PERSON.id},${PERSON.email},${PERSON.name},2026-01-05`,
  `E2E-AUD-${RUN}-2,otto.${RUN}@e2e.example,Otto Audience ${RUN},2026-01-06`,
  `E2E-AUD-${RUN}-3,pia.${RUN}@e2e.example,Pia Audience ${RUN},2026-01-07`,
].join('\n');

// A step that waits for nothing in the background fails soon, not at the end of the long test.
test.use({ actionTimeout: 30_000 });

let site: HostSite;
test.beforeAll(async () => {
  site = await startHostSite();
});
test.afterAll(async () => {
  await site.close();
});

/** The dashboard's own session, for the set-up calls a test makes beside the screens. */
async function dashboardApi(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { Authorization: `Bearer ${String(token).replace(/^"|"$/g, '')}` };
  return {
    get: async <T>(path: string) => {
      const response = await page.request.get(path, { headers });
      expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
      return (await response.json()) as T;
    },
    send: async <T>(method: 'POST' | 'PUT', path: string, data: unknown) => {
      const response = await page.request.fetch(path, { method, headers, data });
      expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
      return (await response.json()) as T;
    },
  };
}

function locationSurvey(locationTypeId: string): Survey {
  const survey = defaultSurvey();
  const city = { ...newQuestion('text', 'q_city'), title: QUESTION, required: true, dataType: locationTypeId };
  return { ...survey, title: 'Tell us where you are', questions: [city] };
}

test('an imported customer who answers a survey is one profile, found, filtered, saved, reclassified and exported', async ({ page, browser }) => {
  test.setTimeout(420_000);

  // 1. The company admin imports a customer list on Data Sources.
  await signIn(page, DEMO.acmeAdmin);
  await page.goto('/data-sources');
  await page.getByRole('button', { name: 'Import a file' }).click();
  const importDialog = page.getByRole('dialog', { name: 'Import Data' });
  await page.getByLabel('File to import (max 10MB)').setInputFiles({ name: FILE_NAME, mimeType: 'text/csv', buffer: Buffer.from(CUSTOMERS) });
  await expect(importDialog.getByText(PERSON.name).first()).toBeVisible();
  await importDialog.getByRole('button', { name: 'Check file' }).click();
  await expect(importDialog.getByText('No problems found in 3 rows.')).toBeVisible();
  await importDialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(importDialog.getByText(`Successfully imported ${FILE_NAME}! 3 records processed and ready for database storage.`)).toBeVisible();
  await importDialog.getByRole('button', { name: 'Done' }).click();

  // 2. A survey whose question fills the global "Location" data type, started from LiveIQ.
  const api = await dashboardApi(page);
  const location = (await api.get<DataType[]>('/api/data-types')).find((type) => type.dataFieldName === 'location' && type.companyId === null);
  expect(location, 'the global Location data type').toBeDefined();
  const published = await api.send<PublishedSurvey>('POST', '/api/surveys/publish', { name: SURVEY_NAME, survey: locationSurvey(location!.id) });
  for (const other of (await api.get<PublishedSurvey[]>('/api/surveys/published')).filter((each) => each.status === 'active' && each.id !== published.id)) {
    await api.send('PUT', `/api/surveys/published/${other.id}/status`, { status: 'inactive' });
  }
  await page.goto('/zero-party/survey-published');
  const card = page.getByRole('article', { name: SURVEY_NAME });
  await card.getByRole('button', { name: 'Start' }).click();
  const start = page.getByRole('dialog', { name: 'Start Survey' });
  await start.getByRole('radio', { name: 'After a number of responses' }).check();
  await start.getByRole('spinbutton', { name: /Number of responses/ }).fill('50');
  await start.getByRole('button', { name: 'Start Survey' }).click();
  await expect(snack(page, 'Survey started successfully!')).toBeVisible();
  await page.getByRole('tab', { name: 'Embed Code' }).click();
  await page.getByRole('button', { name: 'HTML Embed' }).click();
  const embedCode = (await page.getByRole('textbox', { name: /embed code/i }).inputValue()).trim();
  expect(embedCode).toContain('data-company-id=');

  // 3. The company's website names its signed-in shopper to the widget; she answers.
  const identify = `<script>window.navout = window.navout || []; navout.push(['identify', { user_email: ${JSON.stringify(PERSON.email.toUpperCase())} }]);</script>`;
  site.serve('/store/*', { html: hostPage('Acme Store', `${identify}${embedCode}`) });
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  const problems: string[] = [];
  shopper.on('pageerror', (error) => problems.push(error.message));
  await shopper.goto(`${site.origin}/store/`);
  await shopper.locator('navout-survey').getByRole('button', { name: 'Take Survey' }).click();
  const widget = shopper.locator('navout-survey').getByRole('dialog');
  await widget.getByRole('textbox', { name: new RegExp(QUESTION.replace('?', '\\?')) }).fill(CITY);
  await widget.getByRole('button', { name: 'Submit' }).click();
  await expect(widget.getByText('Thank you! Your answers have been submitted.')).toBeVisible();
  expect(problems).toEqual([]);
  await shopperContext.close();

  // 4. The global admin looks at Acme's audience.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const adminProblems: string[] = [];
  admin.on('pageerror', (error) => adminProblems.push(error.message));
  await signIn(admin, DEMO.globalAdmin);
  await admin.getByRole('button', { name: /Account menu/ }).click();
  await admin.getByRole('menuitemradio', { name: 'Acme Retail' }).click();
  await admin.goto('/audience-intelligence');
  await expect(admin.getByRole('heading', { level: 1, name: 'Audience Intelligence' })).toBeVisible();
  const companyId = String(await admin.evaluate(() => localStorage.getItem('adminCompanyFilter'))).replace(/^"|"$/g, '');
  const adminApi = await dashboardApi(admin);

  // The refresher rebuilds the company's profiles once its new records are in (AUDIENCE_REFRESH_SECONDS).
  await expect
    .poll(
      async () => {
        const found = await adminApi.get<AudienceUsersPage>(`/api/audience-intelligence/users?companyFilter=${companyId}&search=${encodeURIComponent(PERSON.email)}`);
        return found.users.map((user) => ({ email: user.email, sources: [...user.sources].sort() }));
      },
      { timeout: 180_000, intervals: [2_000, 5_000] },
    )
    .toEqual([{ email: PERSON.email, sources: ['crm', 'web'] }]);

  // Search by the e-mail: one profile, with both sources, the answer and the identity graph.
  await admin.reload();
  await admin.getByRole('searchbox', { name: 'Search users' }).fill(PERSON.email);
  await admin.getByRole('tab', { name: 'Users' }).click();
  const users = admin.getByRole('grid', { name: 'Audience users' });
  const personRow = users.getByRole('row').filter({ hasText: PERSON.email });
  await expect(personRow).toHaveCount(1);
  await expect(users.getByRole('row')).toHaveCount(2);
  await personRow.click();
  const drawer = admin.getByRole('dialog', { name: PERSON.name });
  const graph = drawer.getByRole('region', { name: 'Identity Graph' });
  await expect(graph).toContainText(PERSON.email);
  const identities = graph.getByRole('list', { name: 'Identities' });
  await expect(identities.getByRole('listitem').filter({ hasText: PERSON.id })).toContainText(FILE_NAME);
  // The survey reached the profile through the shared e-mail: the join names it as its source.
  await expect(graph.getByRole('list', { name: 'Merges' })).toContainText(`Survey: ${SURVEY_NAME}`);
  const attributes = drawer.getByRole('region', { name: 'Attributes' });
  await expect(attributes.getByRole('term')).toContainText(['location']);
  await expect(attributes.getByRole('definition')).toContainText([CITY]);
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();

  // Filter by data source: only web profiles, the shopper among them; save that as a view.
  await admin.getByRole('group', { name: 'Audience filters' }).getByRole('combobox', { name: 'Data Source' }).click();
  await admin.getByRole('option', { name: 'Web' }).click();
  await admin.keyboard.press('Escape');
  await expect(admin.getByRole('group', { name: 'Audience filters' }).getByRole('combobox', { name: 'Data Source' })).toContainText('Web');
  await expect(personRow).toHaveCount(1);
  await admin.getByRole('button', { name: 'Save View', exact: true }).click();
  const saveView = admin.getByRole('dialog', { name: 'Save View' });
  await saveView.getByRole('textbox', { name: 'View name' }).fill(VIEW_NAME);
  await expect(saveView.getByRole('list', { name: 'Current filters' })).toContainText('Web');
  await saveView.getByRole('button', { name: 'Save View' }).click();
  await expect(snack(admin, `View "${VIEW_NAME}" saved.`)).toBeVisible();
  await expect(admin.getByRole('list', { name: 'Saved views' })).toContainText(VIEW_NAME);

  // Reclassify: the job runs, then its summary.
  await admin.getByRole('button', { name: 'Reclassify', exact: true }).click();
  const summary = admin.getByRole('dialog', { name: 'Reclassification finished' });
  await expect(admin.getByRole('status', { name: /Reclassifying profiles…|Waiting to start…/ }).or(summary)).toBeVisible();
  await expect(summary).toBeVisible({ timeout: 120_000 });
  await expect(summary).toContainText(/[\d,]+ of [\d,]+ profiles changed\.|Nothing changed\./);
  await summary.getByRole('button', { name: 'Done' }).click();
  await expect(summary).toBeHidden();

  // 5. Export Data: chosen fields, a preview of ten rows, then the CSV file.
  await admin.goto('/export-data');
  await expect(admin.getByRole('heading', { level: 1, name: 'Export Data' })).toBeVisible();
  await admin.getByRole('textbox', { name: 'File Name' }).fill('e2e_audience');
  await admin.getByRole('combobox', { name: 'Date Range' }).click();
  await admin.getByRole('option', { name: 'All time' }).click();
  const fields = admin.getByRole('region', { name: 'Select Fields to Export' });
  // The page opens with every field chosen (or this browser's last export's): Clear All, then four.
  await expect(fields).toContainText(/\d+ of 10 fields selected/);
  await fields.getByRole('button', { name: 'Clear All' }).click();
  await expect(fields).toContainText('0 of 10 fields selected');
  for (const field of ['User ID', 'Email', 'Name', 'Source']) await fields.getByRole('checkbox', { name: field, exact: true }).check();
  await expect(fields).toContainText('4 of 10 fields selected');

  await admin.getByRole('button', { name: 'Preview Data' }).click();
  const preview = admin.getByRole('dialog', { name: 'Preview Data' });
  const previewTable = preview.getByRole('table', { name: 'Preview Data' });
  await expect(previewTable.getByRole('row')).toHaveCount(11, { timeout: 30_000 });
  await expect(previewTable.getByRole('columnheader')).toHaveCount(4);
  await expect(preview).toContainText(/First 10 of [\d,]+ rows/);
  await admin.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  const download = admin.waitForEvent('download');
  await admin.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('e2e_audience_all.csv');
  const csv = readFileSync(await file.path(), 'utf8');
  const lines = csv.split(/\r?\n/).filter((line) => line !== '');
  expect(lines[0]).toBe('user_id,email,name,source');
  const personLine = lines.find((line) => line.includes(PERSON.email));
  expect(personLine).toBeDefined();
  expect(personLine).toContain(PERSON.name);
  expect(personLine).toContain(FILE_NAME);
  expect(lines.filter((line) => line.includes(PERSON.email))).toHaveLength(1);
  await expect(snack(admin, 'e2e_audience_all.csv')).toBeVisible();
  expect(adminProblems).toEqual([]);
  await adminContext.close();
});

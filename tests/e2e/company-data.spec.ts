import { expect, type Page } from '@playwright/test';
import { DEMO, signIn, test } from './support';

const HEADER = 'customer_id,email,full_name,signup_date,score';
/** Row 3 has a broken e-mail, row 4 no way to recognise the person (the header is row 1). */
const WITH_TWO_BAD_ROWS = [HEADER, 'E2E-1,eve@example.com,Eve One,2026-01-05,12', 'E2E-2,not-an-email,Bad Mail,2026-01-06,7', ',,No Id,2026-01-07,3', 'E2E-4,dora@example.com,Dora Four,2026-01-08,9'].join('\n');
const FIXED = [HEADER, 'E2E-1,eve@example.com,Eve One,2026-01-05,12', 'E2E-2,bad.mail@example.com,Bad Mail,2026-01-06,7', 'E2E-3,noid@example.com,No Id,2026-01-07,3', 'E2E-4,dora@example.com,Dora Four,2026-01-08,9'].join('\n');
const FILE_NAME = 'e2e-customers.csv';
/** A shorter export of customers, as customers send them. */
const SHORT_HEADER = ['id,email,name,signup_date,plan', 'AC-900001,mia.jones@example.com,Mia Jones,2026-01-05,gold', 'AC-900002,leo.smith@example.com,Leo Smith,2026-02-11,member'].join('\n');
/** The value of each unified field's option. */
const UNIFIED_VALUE: Record<string, string> = { 'User ID': 'user_id', 'E-mail': 'email', Name: 'name', 'Created at': 'created_at', 'Subscription status': 'subscription_status' };

async function chooseFile(page: Page, content: string) {
  await page.getByLabel('File to import (max 10MB)').setInputFiles({ name: FILE_NAME, mimeType: 'text/csv', buffer: Buffer.from(content) });
}

test('a company admin connects a source, imports a checked file, maps and restores a field, deletes the source, and manages data types', async ({ page }) => {
  // A whole journey, like the other journeys here: about a minute on a busy two-core machine.
  test.setTimeout(180_000);
  await signIn(page, DEMO.acmeAdmin);
  await page.goto('/data-sources');
  await expect(page.getByRole('tab', { name: /Connected Sources \(\d+\)/ })).toBeVisible();
  // The demo's imported customer list is there, with its records.
  const customers = page.getByRole('article', { name: 'acme-customers.csv' });
  await expect(customers).toContainText('2,400');

  // Another file into it, with other column names than its own (customer_id, full_name...): every column is mapped.
  await customers.getByRole('button', { name: 'Import another file' }).click();
  const reimport = page.getByRole('dialog', { name: 'Import Data' });
  await page.getByLabel('File to import (max 10MB)').setInputFiles({ name: 'members.csv', mimeType: 'text/csv', buffer: Buffer.from(SHORT_HEADER) });
  for (const [column, field] of Object.entries({ id: 'User ID', email: 'E-mail', name: 'Name', signup_date: 'Created at', plan: 'Subscription status' })) {
    await expect(reimport.getByRole('combobox', { name: `Unified field for ${column}`, exact: true })).toHaveValue(UNIFIED_VALUE[field]!);
  }
  await reimport.getByRole('button', { name: 'Cancel' }).click();
  await expect(reimport).toBeHidden();

  // Pipedrive connects with its API token: offered as connectable, no longer only asked for.
  await page.getByRole('tab', { name: 'Available Sources' }).click();
  const pipedrive = page.getByRole('article', { name: 'Pipedrive' });
  await expect(pipedrive).not.toContainText('This source has no connector yet.');
  await expect(pipedrive.getByRole('button', { name: 'Connect API' })).toBeEnabled();

  // Acme imported CSV files, never an Excel or JSON one: only CSV Upload reads as connected.
  await expect(page.getByRole('article', { name: 'CSV Upload' })).toContainText(/✓ Connected · \d+ sources?/);
  for (const name of ['Excel Upload', 'JSON Upload']) {
    await expect(page.getByRole('article', { name })).not.toContainText('Connected');
    await expect(page.getByRole('article', { name }).getByRole('button', { name: 'Connect Data' })).toBeVisible();
  }

  // Connect Stripe with its secret key; its card then says it is connected, and its button adds another.
  const stripe = page.getByRole('article', { name: 'Stripe' });
  await stripe.getByRole('button', { name: 'Connect API' }).click();
  const connect = page.getByRole('dialog', { name: 'Connect Stripe' });
  await connect.getByLabel(/Secret key/).fill('rk_test_e2e_0000_1111');
  await connect.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByText('Stripe connected.')).toBeVisible();
  await expect(stripe).toContainText('✓ Connected · 1 source');
  await expect(stripe.getByRole('button', { name: 'Add source' })).toBeVisible();

  // Import a CSV from the page's main action: the dry run finds the two bad rows, by row number, and stores nothing.
  await page.getByRole('button', { name: 'Import a file' }).click();
  const importDialog = page.getByRole('dialog', { name: 'Import Data' });
  await chooseFile(page, WITH_TWO_BAD_ROWS);
  await expect(importDialog.getByText('Eve One').first()).toBeVisible();
  await importDialog.getByRole('button', { name: 'Check file' }).click();
  const report = importDialog.getByRole('table', { name: /row errors|errors/i });
  await expect(report.getByRole('row')).toHaveCount(3);
  await expect(report.getByRole('row', { name: /^3 .*not-an-email.*Not a valid e-mail address/ })).toBeVisible();
  await expect(report.getByRole('row', { name: /^4 .*One of user_id, email, anonymous_id is required/ })).toBeVisible();

  // The fixed file passes and is imported, with progress, into a new File Upload source.
  await chooseFile(page, FIXED);
  await expect(importDialog.getByText('bad.mail@example.com').first()).toBeVisible();
  await importDialog.getByRole('button', { name: 'Check file' }).click();
  await expect(importDialog.getByText('No problems found in 4 rows.')).toBeVisible();
  await importDialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(importDialog.getByText(`Successfully imported ${FILE_NAME}! 4 records processed and ready for database storage.`)).toBeVisible();
  await importDialog.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('tab', { name: /Connected Sources/ }).click();
  const imported = page.getByRole('article', { name: FILE_NAME });
  await expect(imported).toContainText('Imported CSV file with 4 records');

  // Its fields are in the mapping; map one to a unified field.
  const mapping = page.getByRole('region', { name: 'Mapped fields' });
  await page.getByLabel('Search fields').fill('score');
  await expect(mapping.getByRole('row', { name: /e2e-customers\.csv_score/ })).toBeVisible();
  await page.getByRole('button', { name: 'Configure Data Mapping' }).first().click();
  const configure = page.getByRole('dialog', { name: 'Configure Data Mapping' });
  await configure.getByLabel('Unified field for score').selectOption('ltv');
  await configure.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Data mapping saved.')).toBeVisible();
  await expect(mapping.getByRole('row', { name: /score/ })).toContainText('Mapped to Lifetime value');

  // Remove the field, then restore it from the mapping dialog.
  await mapping.getByRole('button', { name: 'Remove score' }).click();
  await page.getByRole('dialog', { name: 'Remove Field' }).getByRole('button', { name: 'Remove' }).click();
  // Notices show one at a time: closing this one lets the restore's notice show at once.
  const removed = page.getByRole('alert').filter({ hasText: 'Field "score" removed from auto-generated mapping.' });
  await expect(removed).toBeVisible();
  await removed.getByRole('button', { name: 'Close' }).click();
  await expect(mapping.getByRole('row', { name: /score/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Configure Data Mapping' }).first().click();
  await page.getByRole('dialog', { name: 'Configure Data Mapping' }).getByRole('button', { name: 'Restore score' }).click();
  await expect(page.getByText('Field "score" restored to the mapping.')).toBeVisible();
  await page.getByRole('dialog', { name: 'Configure Data Mapping' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(mapping.getByRole('row', { name: /score/ })).toBeVisible();

  // Delete the imported source, after confirming.
  await imported.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete Data Source' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('article', { name: FILE_NAME })).toHaveCount(0);

  // Data types: create, edit, filter and delete.
  await page.goto('/data-types');
  await expect(page.getByRole('heading', { level: 1, name: /Data Types/ })).toBeVisible();
  await page.getByRole('button', { name: 'Create Data Type' }).first().click();
  const form = page.getByRole('form', { name: 'Create a data type' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Shoe size');
  await form.getByLabel('Data Field Name').fill('shoe_size');
  await form.getByRole('button', { name: 'Create Data Type' }).click();
  await expect(page.getByText('Data type created successfully!')).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Data types' });
  await expect(grid.getByRole('row', { name: /Shoe size/ })).toBeVisible();

  await grid.getByRole('menuitem', { name: 'Edit Shoe size' }).or(grid.getByRole('button', { name: 'Edit Shoe size' })).click();
  const edit = page.getByRole('form', { name: 'Edit Shoe size' });
  await edit.getByRole('textbox', { name: 'Name', exact: true }).fill('Shoe size (EU)');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Data type updated successfully!')).toBeVisible();
  await expect(grid.getByRole('row', { name: /Shoe size \(EU\)/ })).toBeVisible();

  await page.getByRole('group', { name: 'Filters' }).getByLabel('Type').click();
  await page.getByRole('option', { name: 'Dynamic' }).click();
  await expect(grid.getByRole('row', { name: /Shoe size \(EU\)/ })).toHaveCount(0);
  await page.getByRole('group', { name: 'Filters' }).getByLabel('Type').click();
  await page.getByRole('option', { name: 'Static' }).click();
  await expect(grid.getByRole('row', { name: /Shoe size \(EU\)/ })).toBeVisible();

  await grid.getByRole('menuitem', { name: 'Delete Shoe size (EU)' }).or(grid.getByRole('button', { name: 'Delete Shoe size (EU)' })).click();
  await expect(page.getByText('Are you sure you want to delete this data type?')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Data type deleted successfully!')).toBeVisible();
  await expect(grid.getByRole('row', { name: /Shoe size/ })).toHaveCount(0);
});

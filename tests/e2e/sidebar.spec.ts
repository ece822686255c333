import { expect } from '@playwright/test';
import { DEMO, signIn, test, toggleThemeAndCheck } from './support';

const nav = (page: import('@playwright/test').Page) => page.getByRole('navigation', { name: 'Main navigation' });

test('an ordinary user sees only what their permissions allow', async ({ page }) => {
  await signIn(page, DEMO.acmeUser);
  await expect(nav(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  for (const hidden of ['Data Sources', 'Data Types', 'Outbound API', 'Discovery Settings', 'Audience Intelligence']) {
    await expect(nav(page).getByRole('link', { name: hidden })).toHaveCount(0);
  }
  await toggleThemeAndCheck(page);
});

test('a company admin sees the data, survey and discovery pages but not Audience Intelligence', async ({ page }) => {
  await signIn(page, DEMO.acmeAdmin);
  for (const visible of ['Dashboard', 'Data Sources', 'Data Types', 'Outbound API', 'Export Data', 'Discovery Settings']) {
    await expect(nav(page).getByRole('link', { name: visible })).toBeVisible();
  }
  await expect(nav(page).getByRole('link', { name: 'Audience Intelligence' })).toHaveCount(0);
});

test('a global admin sees Audience Intelligence; a collapsed group goes to its first page', async ({ page }) => {
  await signIn(page, DEMO.globalAdmin);
  await expect(nav(page).getByRole('link', { name: 'Audience Intelligence' })).toBeVisible();
  await page.getByRole('button', { name: /collapse sidebar/i }).click();
  await nav(page).getByRole('button', { name: 'Data' }).click();
  await expect(page).toHaveURL(/\/data-sources$/);
});

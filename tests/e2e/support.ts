import { test as base, expect, type Page } from '@playwright/test';
import { serverPort } from './servers';

/** Playwright's test, with `baseURL` (and `serverOrigin`) the server of the worker running it. */
export const test = base.extend<{ serverOrigin: string }>({
  // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
  // eslint-disable-next-line no-empty-pattern
  serverOrigin: async ({}, provide, testInfo) => provide(`http://127.0.0.1:${serverPort(testInfo.parallelIndex)}`),
  baseURL: async ({ serverOrigin }, provide) => provide(serverOrigin),
});

/** The demo accounts the server seeds on a fresh database (README, "Demo accounts"). */
export const DEMO = {
  globalAdmin: { email: 'admin@navout.example', password: 'Navout-Admin-2026', name: 'Nora Admin' },
  acmeAdmin: { email: 'alice@acme.example', password: 'Acme-Admin-2026', name: 'Alice Martin' },
  acmeUser: { email: 'bob@acme.example', password: 'Acme-User-2026', name: 'Bob Keller' },
  globexAdmin: { email: 'carol@globex.example', password: 'Globex-Admin-2026', name: 'Carol Chen' },
} as const;

export async function fillSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Signs in from the login page and waits until the shell is shown. */
export async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  await fillSignIn(page, account.email, account.password);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
}

export async function currentTheme(page: Page) {
  return page.evaluate(() => document.documentElement.getAttribute('data-theme'));
}

/** Flips the theme with the page's own toggle and checks the document follows. */
export async function toggleThemeAndCheck(page: Page) {
  const before = await currentTheme(page);
  await page.getByRole('button', { name: /switch to (dark|light) theme/i }).first().click();
  const after = before === 'dark' ? 'light' : 'dark';
  await expect(page.locator('html')).toHaveAttribute('data-theme', after);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe(after);
}

export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.floor(performance.now())}@e2e.example`;
}

import { expect } from '@playwright/test';
import { DEMO, fillSignIn, signIn, test, toggleThemeAndCheck } from './support';

test('an unauthenticated visit goes to /login and returns to its origin after sign-in', async ({ page }) => {
  await page.goto('/data-types');
  await expect(page).toHaveURL(/\/login$/);
  await toggleThemeAndCheck(page);
  await fillSignIn(page, DEMO.acmeAdmin.email, DEMO.acmeAdmin.password);
  await expect(page).toHaveURL(/\/data-types$/);
});

test('a user without the permission is sent to /unauthorized', async ({ page }) => {
  await signIn(page, DEMO.acmeUser);
  await page.goto('/data-sources');
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await toggleThemeAndCheck(page);
  await page.getByRole('button', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('only a global admin may open Audience Intelligence', async ({ page }) => {
  await signIn(page, DEMO.acmeAdmin);
  await page.goto('/audience-intelligence');
  await expect(page).toHaveURL(/\/unauthorized$/);
});

test('a wrong password is refused with the specified message', async ({ page }) => {
  await page.goto('/login');
  await fillSignIn(page, DEMO.acmeUser.email, 'not-the-password');
  await expect(page.getByText('Invalid email or password. Please try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('logout clears the session', async ({ page }) => {
  await signIn(page, DEMO.acmeUser);
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const stored = await page.evaluate(() =>
    ['token', 'auth_user', 'auth_role', 'auth_company', 'auth_permissions'].map((key) => localStorage.getItem(key)),
  );
  expect(stored).toEqual([null, null, null, null, null]);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});

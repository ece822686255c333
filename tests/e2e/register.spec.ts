import { expect } from '@playwright/test';
import { test, toggleThemeAndCheck, uniqueEmail } from './support';

test('a company owner registers, completes the profile wizard and reaches the dashboard', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Register now' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await toggleThemeAndCheck(page);

  await page.getByLabel('Full Name').fill('Erin Owner');
  await page.getByLabel('Email').fill(uniqueEmail('owner'));
  await page.getByLabel('Company Name').fill('Initech Analytics');
  await page.getByLabel('Password', { exact: true }).fill('secret1');
  await page.getByLabel('Confirm Password').fill('secret2');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  await page.getByLabel('Confirm Password').fill('secret1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/company-profile$/);

  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  await page.getByLabel('Industry').click();
  await page.getByRole('option', { name: 'Consulting' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Step 2 of 3')).toBeVisible();
  await page.getByLabel('Website').fill('https://initech.example');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Step 3 of 3')).toBeVisible();
  await page.getByLabel('Description').fill('Analytics for paper companies.');
  await toggleThemeAndCheck(page);
  await page.getByRole('button', { name: 'Save & Continue' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Initech Analytics').first()).toBeVisible();

  // The profile was really saved: the server returns it to the signed-in owner.
  const company = await page.evaluate(async () => {
    const response = await fetch('/api/companies', { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
    return (await response.json())[0];
  });
  expect(company).toMatchObject({ name: 'Initech Analytics', industry: 'Consulting', website: 'https://initech.example' });
});

test('registering an existing e-mail explains what to do', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Full Name').fill('Someone Else');
  await page.getByLabel('Email').fill('alice@acme.example');
  await page.getByLabel('Company Name').fill('Another Co');
  await page.getByLabel('Password', { exact: true }).fill('secret1');
  await page.getByLabel('Confirm Password').fill('secret1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('An account with this email already exists. Please try logging in instead.')).toBeVisible();
});

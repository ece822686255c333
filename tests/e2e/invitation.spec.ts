import { expect } from '@playwright/test';
import { DEMO, fillSignIn, signIn, test, toggleThemeAndCheck, uniqueEmail } from './support';

test('an admin invites, the invitee activates and signs in, and a suspended user is refused', async ({ page, browser }) => {
  // Three browser contexts and three password hashes: alone 18-30 s, over a minute beside another worker on two cores.
  test.setTimeout(180_000);
  const invitee = { email: uniqueEmail('invitee'), name: 'Ivy Invitee', password: 'Invited-2026' };

  // The company admin invites a new user through the User Management modal.
  await signIn(page, DEMO.acmeAdmin);
  await toggleThemeAndCheck(page);
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Manage Users' }).click();
  const usersDialog = page.getByRole('dialog');
  await expect(usersDialog).toBeVisible();
  // One theme toggle, the sidebar's: the modal carries none.
  await expect(usersDialog.getByRole('button', { name: /switch to (dark|light) theme/i })).toHaveCount(0);
  await usersDialog.getByRole('button', { name: /invite/i }).first().click();
  await usersDialog.getByLabel('Email').fill(invitee.email);
  await usersDialog.getByLabel('Full Name').fill(invitee.name);
  await usersDialog.getByRole('button', { name: /send invitation/i }).click();
  await expect(page.getByText(`Invitation sent to ${invitee.email}`)).toBeVisible();
  const link = await usersDialog.getByLabel(/invitation link/i).inputValue();
  expect(link).toMatch(/\/setup-account\?token=/);

  // The invitee opens the link in a browser of their own.
  const inviteeContext = await browser.newContext();
  const inviteePage = await inviteeContext.newPage();
  await inviteePage.goto(link);
  await expect(inviteePage.getByText(invitee.email)).toBeVisible();
  await expect(inviteePage.getByText('Acme Retail')).toBeVisible();
  await toggleThemeAndCheck(inviteePage);
  await inviteePage.getByLabel('Password', { exact: true }).fill('short');
  await inviteePage.getByLabel('Confirm Password').fill('short');
  await inviteePage.getByRole('button', { name: /activate/i }).click();
  await expect(inviteePage.getByText('Password must be at least 8 characters long')).toBeVisible();
  await inviteePage.getByLabel('Password', { exact: true }).fill(invitee.password);
  await inviteePage.getByLabel('Confirm Password').fill(invitee.password);
  await inviteePage.getByRole('button', { name: /activate/i }).click();
  await expect(inviteePage).toHaveURL(/\/$/, { timeout: 15_000 });
  await expect(inviteePage.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();

  // The link is single-use.
  const reuse = await inviteeContext.newPage();
  await reuse.goto(link);
  await expect(reuse.getByText(/already been used/i)).toBeVisible();
  await inviteeContext.close();

  // The admin suspends the new user, after confirming.
  const row = usersDialog.getByRole('row', { name: new RegExp(invitee.email) });
  await expect(row).toBeVisible();
  await row.getByRole('combobox').click();
  await page.getByRole('option', { name: 'Suspended' }).click();
  await page.getByRole('button', { name: /confirm|change status/i }).click();
  await expect(row.getByText('Suspended')).toBeVisible();

  // The suspended user can no longer sign in.
  const laterContext = await browser.newContext();
  const laterPage = await laterContext.newPage();
  await laterPage.goto('/login');
  await fillSignIn(laterPage, invitee.email, invitee.password);
  await expect(laterPage.getByText(/suspended/i)).toBeVisible();
  await expect(laterPage).toHaveURL(/\/login$/);
  await laterContext.close();
});

test('an unknown invitation token shows the specified message', async ({ page }) => {
  await page.goto('/setup-account?token=not-a-real-token');
  await expect(
    page.getByText('Invalid or expired invitation link. Please contact your administrator for a new invitation.'),
  ).toBeVisible();
});

test('a link without a token says so', async ({ page }) => {
  await page.goto('/setup-account');
  await expect(page.getByText('Invalid invitation link. No token provided.')).toBeVisible();
});

import { expect, type Page } from '@playwright/test';
import { DEMO, fillSignIn, test } from './support';

/** A phone (iPhone 12-15), a portrait tablet and a laptop. */
const PHONE = { width: 390, height: 844 };
const WIDTHS = [PHONE.width, 768, 1440];

test.use({ viewport: PHONE });

/** How far the page reaches past the right edge of the window, in CSS pixels (0 when it fits). */
function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** The page fits each width without scrolling sideways; the window is a phone again afterwards. */
async function expectFitsEveryWidth(page: Page, where: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: PHONE.height });
    // Charts and tables settle on their new width in the next frames.
    await expect.poll(() => overflow(page), { message: `${where} at ${width} px scrolls sideways` }).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize(PHONE);
}

/** Console errors, uncaught exceptions and server errors while the page is used. */
function watchForErrors(page: Page): string[] {
  const errors: string[] = [];
  const where = () => new URL(page.url()).pathname;
  page.on('console', (message) => {
    // A refused request (401 before signing in, 404 of a probe) is reported by the response watch below.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(`${where()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${where()}: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 500) errors.push(`${response.status()} ${response.url()}`);
  });
  return errors;
}

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

test('every page fits a phone, a tablet and a laptop, and the navigation opens over the page', async ({ page }) => {
  test.setTimeout(240_000);
  const errors = watchForErrors(page);

  for (const path of ['/login', '/register']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expectFitsEveryWidth(page, path);
  }

  await page.goto('/login');
  await fillSignIn(page, DEMO.globalAdmin.email, DEMO.globalAdmin.password);
  const openNavigation = page.getByRole('button', { name: 'Open navigation' });
  await expect(openNavigation).toBeVisible();
  // On a phone the navigation is not a column beside the page: the page has the whole width.
  await expect(navigation(page)).toBeHidden();
  const main = await page.locator('#main-content').boundingBox();
  expect(main?.x).toBe(0);
  expect(main?.width).toBe(PHONE.width);

  await openNavigation.click();
  await expect(navigation(page)).toBeVisible();
  const paths = await navigation(page)
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
  expect(paths.length).toBeGreaterThanOrEqual(9);
  await page.keyboard.press('Escape');
  await expect(navigation(page)).toBeHidden();

  for (const path of paths) {
    await openNavigation.click();
    await navigation(page).locator(`a[href="${path}"]`).click();
    // Choosing a page closes the navigation.
    await expect(navigation(page)).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`${path === '/' ? '/$' : path}$`));
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectFitsEveryWidth(page, path);
    // Each tab of a page with tabs (Outbound API, Data Sources, ...) fits too.
    const tabs = page.getByRole('main').getByRole('tab');
    for (let index = 0; index < (await tabs.count()); index++) {
      const tab = tabs.nth(index);
      const name = (await tab.textContent()) ?? String(index);
      if (await tab.isDisabled()) continue;
      await tab.click();
      await page.waitForLoadState('networkidle');
      await expectFitsEveryWidth(page, `${path}, tab ${name}`);
    }
  }
  expect(errors).toEqual([]);
});

import { expect } from '@playwright/test';
import { currentTheme, test, toggleThemeAndCheck } from './support';

test.describe('theme', () => {
  test('follows the operating system preference when nothing is saved', async ({ browser }) => {
    for (const colorScheme of ['dark', 'light'] as const) {
      const context = await browser.newContext({ colorScheme });
      const page = await context.newPage();
      await page.goto('/login');
      await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
      await context.close();
    }
  });

  test('a toggled theme is saved and survives a reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/login');
    expect(await currentTheme(page)).toBe('light');
    await toggleThemeAndCheck(page);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    // The saved choice wins over the operating system's preference.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });

  test('the logo changes with the theme', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/login');
    const tile = page.locator('.navout-mark-tile').first();
    const fill = () => tile.evaluate((element) => getComputedStyle(element).fill);
    const lightFill = await fill();
    await toggleThemeAndCheck(page);
    await expect.poll(fill).not.toBe(lightFill);
  });
});

test('the theme script runs before the bundle without breaking the content security policy', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.emulateMedia({ colorScheme: 'dark' });
  // Stop the bundle: only the inline script in <head> can then set the theme.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(violations).toEqual([]);
});

test.describe('delivery of the built dashboard', () => {
  test('has a favicon, in both formats the page links', async ({ page, request }) => {
    const icon = await request.get('/favicon.ico');
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toMatch(/^image\//);
    const svg = await request.get('/favicon.svg');
    expect(svg.status()).toBe(200);
    expect(svg.headers()['content-type']).toMatch(/^image\/svg\+xml/);

    await page.goto('/login');
    const links = await page.locator('link[rel="icon"]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('href')));
    expect(links).toEqual(['/favicon.ico', '/favicon.svg']);
  });

  test('sends the JavaScript brotli-compressed to a browser that accepts it, without complaints in the console', async ({ page }) => {
    const complaints: string[] = [];
    page.on('console', (message) => {
      // Chromium warns about a Permissions-Policy feature it does not know.
      if (message.type() === 'error' || /Permissions-Policy/i.test(message.text())) complaints.push(message.text());
    });
    const script = page.waitForResponse((response) => /\/assets\/[^/]+\.js$/.test(response.url()));
    await page.goto('/login');
    const response = await script;
    expect(response.status()).toBe(200);
    expect(await response.request().headerValue('accept-encoding')).toContain('br');
    const headers = await response.allHeaders();
    expect(headers['content-encoding']).toBe('br');
    expect(headers['content-type']).toMatch(/javascript/);
    expect(headers['vary']).toMatch(/accept-encoding/i);
    expect(headers['cache-control']).toContain('immutable');
    await expect(page.getByLabel('Email')).toBeVisible();
    expect(complaints).toEqual([]);
  });
});

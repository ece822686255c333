import { expect, test } from '@playwright/test';
import { currentTheme, toggleThemeAndCheck } from './support';

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
    const logo = page.getByRole('img', { name: /navout/i }).first();
    const lightLogo = await logo.evaluate((element) => element.outerHTML);
    await toggleThemeAndCheck(page);
    await expect.poll(() => logo.evaluate((element) => element.outerHTML)).not.toBe(lightLogo);
  });
});

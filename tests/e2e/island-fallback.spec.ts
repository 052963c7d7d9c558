import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { ui } from './site-data.ts';

/** Answers the BlogExplorer bundle with `source` instead of the real module. */
async function replaceBlogBundle(page: Page, source: string): Promise<void> {
  await page.route('**/assets/islands/BlogExplorer-*.js', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: source }),
  );
}

/** The fallback stands where the island was, and the page around it still works. */
async function expectFallbackInPlace(page: Page): Promise<void> {
  const island = page.locator('[data-island="BlogExplorer"]');
  await expect(island.getByRole('alert')).toHaveText(ui.islandFallback);
  await expect(island.getByRole('alert')).toBeVisible();
  await expect(island.getByRole('searchbox')).toHaveCount(0);
  await expect(island).not.toHaveAttribute('data-hydrated');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('AI Testing Insights Blog');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Humans' }).click();
  await expect(page).toHaveURL(/\/humans\/$/);
}

test('an island whose bundle throws on load shows the fallback text in its place', async ({ page, consoleErrors }) => {
  await replaceBlogBundle(page, "throw new Error('simulated island failure');");
  await page.goto('/blog/');
  await expect(page.locator('[data-island="BlogExplorer"] .island-fallback')).toBeVisible();
  expect(consoleErrors.join('\n')).toContain('simulated island failure');
  await expectFallbackInPlace(page);
});

test('an island that throws while rendering shows the fallback text in its place', async ({ page, consoleErrors }) => {
  await replaceBlogBundle(page, "export default function Broken() { throw new Error('simulated render failure'); }");
  await page.goto('/blog/');
  await expect(page.locator('[data-island="BlogExplorer"] .island-fallback')).toBeVisible();
  expect(consoleErrors.join('\n')).toContain('simulated render failure');
  await expectFallbackInPlace(page);
});

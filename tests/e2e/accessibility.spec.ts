import AxeBuilder from '@axe-core/playwright';
import { expect, hydrateAllIslands, test } from './fixtures.ts';
import { allRoutes, ui } from './site-data.ts';

test.describe('axe: no serious or critical WCAG 2.1 AA violations', () => {
  for (const route of allRoutes) {
    test(route, async ({ page }) => {
      await page.goto(route);
      await hydrateAllIslands(page);
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
      const blocking = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => ({
          rule: violation.id,
          impact: violation.impact,
          help: violation.help,
          targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
        }));
      expect(blocking, JSON.stringify(blocking, null, 2)).toEqual([]);
    });
  }
});

test('Tab reaches the skip link first, and it moves focus to the main content', async ({ page }) => {
  await page.goto('/blog/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: ui.skipToContent });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  await expect(page).toHaveURL(/#main$/);
  // The next Tab continues from the main content, not from the header.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.querySelector('main')!.contains(document.activeElement))).toBe(true);
});

// Keyboard access beyond what axe sees. The axe sweep of every page is in routes.spec.ts.
import { expect, test } from './fixtures.ts';
import { ui } from './site-data.ts';

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

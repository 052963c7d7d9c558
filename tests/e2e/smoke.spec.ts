import { expect, expectNoConsoleErrors, test, waitForIslands } from './fixtures.ts';

test('the blog list hydrates and filters by tag from the address', async ({ page, consoleErrors }) => {
  await page.goto('/blog?tag=DevOps');
  await waitForIslands(page);
  await expect(page.locator('.post-grid > li')).toHaveCount(1);
  expectNoConsoleErrors(consoleErrors);
});

import type { Locator, Page } from '@playwright/test';
import { chatPersonaUrl, expect, test } from './fixtures.ts';
import { allRoutes } from './site-data.ts';

const badge = (page: Page) => page.getByRole('link', { name: /^Ask Us Anything/ });

async function expectNewTabLink(link: Locator): Promise<void> {
  await expect(link).toHaveAttribute('href', chatPersonaUrl);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /(^|\s)noopener(\s|$)/);
  await expect(link).toHaveAccessibleName(/opens in a new tab/);
}

test.describe("the floating 'Ask Us Anything' badge opens the chat in a new tab", () => {
  for (const route of allRoutes) {
    test(route, async ({ page }) => {
      await page.goto(route, { waitUntil: 'domcontentloaded' });
      await expect(badge(page)).toHaveCount(1);
      await expect(badge(page)).toBeVisible();
      await expectNewTabLink(badge(page));
      await expect(badge(page)).toHaveCSS('position', 'fixed');
    });
  }
});

test('clicking the badge opens the chat persona in a popup', async ({ page, context }) => {
  await page.goto('/blog/');
  const [popup] = await Promise.all([context.waitForEvent('page'), badge(page).click()]);
  await popup.waitForLoadState();
  expect(popup.url()).toBe(chatPersonaUrl);
  expect(page.url()).toMatch(/\/blog\/$/);
  // noopener: the chat page gets no handle on this one.
  expect(await popup.evaluate(() => window.opener)).toBeNull();
});

test("the home hero 'Ask Our AI' link opens the chat persona in a popup", async ({ page, context }) => {
  await page.goto('/');
  const askAi = page.getByRole('link', { name: /^Ask Our AI/ });
  await expectNewTabLink(askAi);
  const [popup] = await Promise.all([context.waitForEvent('page'), askAi.click()]);
  await popup.waitForLoadState();
  expect(popup.url()).toBe(chatPersonaUrl);
  expect(new URL(page.url()).pathname).toBe('/');
});

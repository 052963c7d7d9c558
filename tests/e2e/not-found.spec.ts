import { expect, hydratedIsland, test } from './fixtures.ts';
import { pageAddress, ui } from './site-data.ts';

test('an unknown path shows the not-found page with links back into the site', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response!.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ui.notFound.title);
  const main = page.getByRole('main');
  // A mistyped address wants the home page: it is the first action, before the popular pages.
  const first = main.getByRole('link').first();
  await expect(first).toHaveText(ui.notFound.home.text);
  await expect(first).toHaveAttribute('href', pageAddress(ui.notFound.home.href));
  await expect(first).toHaveClass(/button-primary/);
  for (const link of ui.notFound.links)
    await expect(main.getByRole('link', { name: link.text, exact: true })).toHaveAttribute(
      'href',
      pageAddress(link.href),
    );
  await main.getByRole('link', { name: 'Case Studies', exact: true }).click();
  await expect(page).toHaveURL(/\/case-studies\/$/);
});

test("an unknown blog slug shows 'Post not found' and a Back to Blog link", async ({ page }) => {
  const response = await page.goto('/blog/no-such-post');
  expect(response!.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Post not found');
  await expect(page.getByText("Sorry, we couldn't find the post you're looking for.")).toBeVisible();
  const back = page.getByRole('main').getByRole('link', { name: 'Back to Blog' });
  await expect(back).toHaveAttribute('href', '/blog/');
  // Under /blog/ the first action leads back to the blog instead of home.
  await expect(page.getByRole('main').getByRole('link').first()).toHaveText('Back to Blog');
  await expect(page.getByRole('main').getByRole('link', { name: ui.notFound.home.text })).toHaveCount(0);
  await back.click();
  await expect(page).toHaveURL(/\/blog\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('AI Testing Insights Blog');
});

test('the not-found page searches the site: its words open the search page with its results', async ({ page }) => {
  await page.goto('/no-such-page');
  const field = page.getByRole('main').getByRole('searchbox', { name: ui.notFound.search.label });
  await field.fill('playwright');
  await field.press('Enter');
  await expect(page).toHaveURL(/\/search\/\?q=playwright$/);
  await hydratedIsland(page, 'SiteSearch');
  await expect(page.locator('.search-results .search-result-link').first()).toBeVisible();
});

import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, expectNoConsoleErrors, hydratedIsland, test, waitForIslands } from './fixtures.ts';

// The blog at more than one page: the site with 54 older posts beside its six (60 in all, twelve
// a page), built by build-large-blog.ts and served on the port after the main site's. Titles of
// the added posts are "Synthetic post N: testing at scale", N from 53 (newest) down to 0.

const port = Number(process.env.E2E_PORT ?? 4173) + 1;
test.use({ baseURL: `http://127.0.0.1:${port}` });

const allPosts = (page: Page) => page.getByRole('region', { name: 'All Posts' });
const postTitles = (page: Page) => allPosts(page).getByRole('heading', { level: 3 });
const search = (page: Page) => page.getByRole('searchbox', { name: 'Search posts' });
const tags = (page: Page) => page.getByRole('navigation', { name: 'Tags' });
const pager = (page: Page) => page.getByRole('navigation', { name: 'Blog pages' });
const status = (page: Page) => page.locator('[data-island="BlogExplorer"]').getByRole('status');
const synthetic = (n: number) => `Synthetic post ${n}: testing at scale`;
/** Posts 47 down to 36: the second page. */
const secondPage = Array.from({ length: 12 }, (_, i) => synthetic(47 - i));

/** Requests for the index of every post, which the explorer fetches only once a visitor filters. */
function indexRequests(page: Page): string[] {
  const requests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/blog/posts.json') requests.push(request.url());
  });
  return requests;
}

test('the first page shows twelve posts (three featured, nine more listed) and a pager; the explorer fetches every post only once a visitor filters, and finds one on a later page', async ({
  page,
  consoleErrors,
}) => {
  const requests = indexRequests(page);
  await page.goto('/blog/');
  await waitForIslands(page);
  await expect(postTitles(page)).toHaveCount(9);
  await expect(pager(page).getByRole('link')).toHaveText(['1', '2', '5', /^Next/]);
  expect(requests, 'nothing fetched before filtering').toEqual([]);

  await search(page).fill('synthetic post 7:');
  await expect(postTitles(page)).toHaveText([synthetic(7)]);
  await expect(status(page)).toHaveText('1 post matches “synthetic post 7:”');
  await expect(pager(page)).toHaveCount(0);
  expect(requests).toHaveLength(1);
  await search(page).fill('');
  await expect(postTitles(page)).toHaveCount(9);
  await expect(pager(page)).toBeVisible();
  expect(requests, 'fetched once').toHaveLength(1);
  expectNoConsoleErrors(consoleErrors);
});

test('a tag filters every post of the blog, a page of matches at a time, and Show more adds the rest', async ({
  page,
}) => {
  await page.goto('/blog/');
  await waitForIslands(page);
  await tags(page).getByRole('link', { name: 'DevOps', exact: true }).click();
  await expect(page).toHaveURL(/\?tag=DevOps$/);
  await expect(status(page)).toHaveText('13 posts tagged “DevOps”');
  await expect(postTitles(page)).toHaveCount(12);
  await page.getByRole('button', { name: 'Show more posts' }).click();
  await expect(postTitles(page)).toHaveCount(13);
  await expect(postTitles(page).last()).toHaveText(synthetic(4));
  await expect(page.getByRole('button', { name: 'Show more posts' })).toHaveCount(0);
});

test('arriving on a later page with a filter in the address filters every post; clearing it shows that page again', async ({
  page,
}) => {
  await page.goto('/blog/page/2/?q=synthetic%20post%2050');
  await waitForIslands(page);
  await expect(postTitles(page)).toHaveText([synthetic(50)]);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(postTitles(page)).toHaveText(secondPage);
  await expect(pager(page).locator('[aria-current="page"]')).toHaveText('2');
});

test('when the posts cannot be fetched, the list says so and offers to try again', async ({ page }) => {
  let fail = true;
  await page.route('**/blog/posts.json', (route) => (fail ? route.abort() : route.continue()));
  await page.goto('/blog/');
  await waitForIslands(page);
  await search(page).fill('synthetic post 9:');
  await expect(
    allPosts(page).getByText('The posts could not be loaded. Check your connection and try again.'),
  ).toBeVisible();
  fail = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(postTitles(page)).toHaveText([synthetic(9)]);
});

test('a later page and a tag page have no serious or critical WCAG 2.1 AA violations', async ({ page }) => {
  for (const path of ['/blog/page/2/', '/blog/tags/ai/page/2/']) {
    await page.goto(path);
    await waitForIslands(page);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
    const blocking = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => violation.id);
    expect(blocking, path).toEqual([]);
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("a visitor walks the blog's pages with the pager, and a tag's pages from its link", async ({ page }) => {
    await page.goto('/blog/');
    await pager(page).getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/blog\/page\/2\/$/);
    await expect(postTitles(page)).toHaveText(secondPage);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('AI Testing Insights Blog, page 2 of 5');
    await pager(page).getByRole('link', { name: 'Page 5' }).click();
    await expect(postTitles(page)).toHaveText(Array.from({ length: 12 }, (_, i) => synthetic(11 - i)));
    await expect(pager(page).getByRole('link', { name: 'Next' })).toHaveCount(0);

    await tags(page).getByRole('link', { name: 'AI', exact: true }).click();
    await expect(page).toHaveURL(/\/blog\/tags\/ai\/$/);
    await expect(postTitles(page)).toHaveCount(12);
    await pager(page).getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/blog\/tags\/ai\/page\/2\/$/);
    await expect(postTitles(page).first()).toBeVisible();
  });
});

test('search finds posts in every part of an index published in parts, as one list', async ({
  page,
  consoleErrors,
}) => {
  const fetched: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/pagefind/')) fetched.push(pathname);
  });
  await page.goto('/search/?q=synthetic');
  await hydratedIsland(page, 'SiteSearch');
  // The 54 added posts say "synthetic" in their titles (a few of the site's pages do too); a part holds 25 pages.
  const found = async () =>
    Number((await page.locator('.search-app [role="status"]').textContent())?.match(/\d+/)?.[0] ?? 0);
  await expect.poll(found).toBeGreaterThanOrEqual(54);
  await expect(page.locator('.search-results .search-result-link').first()).toBeVisible();
  for (const part of [
    '/pagefind/parts.json',
    '/pagefind/part-1/pagefind-entry.json',
    '/pagefind/part-2/pagefind-entry.json',
  ])
    expect(fetched).toContain(part);
  expect(
    fetched.filter((file) => /\/part-\d+\/(pagefind\.js|wasm\.)/.test(file)),
    'the script and WebAssembly come once, from the first part',
  ).toEqual([]);
  expectNoConsoleErrors(consoleErrors);
});

// The oldest post ends with a table of eight columns, a long bare link and a long word
// (build-large-blog.ts), as posts brought from other blogs have them.
for (const width of [320, 1440]) {
  test(`at ${width} px a post wider than the screen never scrolls sideways: its words wrap, its table scrolls in a box the keyboard reaches`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/blog/synthetic-post-0/');
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      'pixels the page scrolls sideways',
    ).toBeLessThanOrEqual(0);
    const box = page.locator('.prose .table-scroll');
    await expect(box).toHaveCount(1);
    const { scrolls, boxRight, proseRight } = await box.evaluate((element) => ({
      scrolls: element.scrollWidth > element.clientWidth,
      boxRight: element.getBoundingClientRect().right,
      proseRight: element.closest('.prose')!.getBoundingClientRect().right,
    }));
    expect(boxRight).toBeLessThanOrEqual(proseRight + 0.5);
    if (width === 320) {
      expect(scrolls, 'the table is wider than the phone').toBe(true);
      await box.focus();
      await expect(box).toBeFocused();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => box.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
      // The post's body alone: focusing the box scrolls the page, and the chat strip fades as it does
      // (the whole page is checked at rest in routes.spec.ts).
      const results = await new AxeBuilder({ page })
        .include('.prose')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
        .analyze();
      expect(
        results.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map((violation) => violation.id),
      ).toEqual([]);
    }
  });
}

// Site search as visitors use it: from the header link to a result with the keyboard alone, the
// filters, what the results say and announce, that nothing of search loads before a visitor
// searches, and what the page offers without JavaScript. The server applies dist/_headers, and
// every test fails on a Content-Security-Policy violation: search running here proves the
// search page's policy allows WebAssembly, and the test on /blog/ that no other page's does.
import type { Page, Request } from '@playwright/test';
import { expect, expectNoConsoleErrors, hydratedIsland, test } from './fixtures.ts';
import { blockingAxeViolations } from './page-checks.ts';
import { guides, pageAddress, searchText, searchWords } from './site-data.ts';

/** Requests for anything of search: Pagefind's script, worker, WebAssembly and index. */
function searchRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request: Request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/pagefind/')) seen.push(pathname);
  });
  return seen;
}

const field = (page: Page) => page.getByRole('searchbox', { name: searchText.fieldLabel });
const results = (page: Page) => page.locator('.search-results .search-result-link');
const status = (page: Page) => page.locator('.search-app [role="status"]');

/** Tabs from the top of the page until the header's search link has focus. */
async function tabToSearchLink(page: Page): Promise<void> {
  for (let presses = 0; presses < 40; presses++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement?.classList.contains('header-search'))) return;
  }
  throw new Error("Tab never reached the header's search link");
}

for (const [what, { word, path }] of [
  ['a guide overview, by a word only it says', searchWords.guideOverview],
  ['a post, by a word only its excerpt holds', searchWords.postExcerpt],
] as const) {
  test(`from the keyboard alone, the header link leads to search, which finds ${what}`, async ({
    page,
    consoleErrors,
  }) => {
    const loaded = searchRequests(page);
    await page.goto('/humans/');
    await tabToSearchLink(page);
    await expect(page.locator(':focus')).toHaveAccessibleName(searchText.headerLabel);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/search/');
    await hydratedIsland(page, 'SiteSearch');
    await expect(field(page)).toBeFocused();
    expect(loaded, 'nothing of search loads before the visitor types').toEqual([]);
    await page.keyboard.type(word);
    await expect(results(page)).toHaveCount(1);
    expect(loaded).toContain('/pagefind/pagefind.js');
    await expect(status(page)).toHaveText(
      `${searchText.results.one} ${searchText.results.forQuery.replace('{query}', word)}`,
    );
    await expect(page).toHaveURL(`/search/?q=${word}`);
    await expect(page.locator('.search-result-excerpt mark').first()).toHaveText(new RegExp(word, 'i'));
    await page.keyboard.press('ArrowDown');
    await expect(results(page).first()).toBeFocused();
    await expect(results(page).first()).toHaveAttribute('href', path);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(path);
    expectNoConsoleErrors(consoleErrors);
  });
}

test('Tab also reaches the results, and arrow keys walk them and back to the field', async ({ page }) => {
  await page.goto('/search/?q=playwright');
  await hydratedIsland(page, 'SiteSearch');
  await expect(results(page).nth(2)).toBeVisible();
  await field(page).focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(results(page).nth(1)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(field(page)).toBeFocused();
  // Tab goes on through the clear button and the filters to the first result.
  for (
    let presses = 0;
    presses < 20 &&
    !(await results(page)
      .first()
      .evaluate((link) => link === document.activeElement));
    presses++
  )
    await page.keyboard.press('Tab');
  await expect(results(page).first()).toBeFocused();
  const ring = await results(page)
    .first()
    .evaluate((link) => getComputedStyle(link.closest('.search-result')!).outlineStyle);
  expect(ring, 'the focused result shows its ring').not.toBe('none');
});

test('arriving with a search in the address shows its results, and the filters narrow them', async ({ page }) => {
  await page.goto('/search/?q=playwright');
  await hydratedIsland(page, 'SiteSearch');
  await expect(field(page)).toHaveValue('playwright');
  await expect(results(page).first()).toBeVisible();
  const all = Number((await status(page).textContent())!.match(/\d+/)![0]);
  await page.getByRole('button', { name: searchText.sections.guides, exact: true }).click();
  await expect(page).toHaveURL(/section=Guides/);
  await expect(page.getByRole('button', { name: searchText.sections.guides, exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect.poll(async () => Number((await status(page).textContent())?.match(/\d+/)?.[0] ?? all)).toBeLessThan(all);
  for (const section of await page.locator('.search-result-section').allTextContents())
    expect(section.toLowerCase()).toBe(searchText.sections.guides.toLowerCase());
  await page.getByRole('button', { name: searchText.filters.allSections }).click();
  await page.getByLabel(searchText.filters.tag, { exact: true }).selectOption('CI/CD');
  await expect(page).toHaveURL(/tag=CI%2FCD/);
  await expect(results(page)).toHaveCount(1);
  await expect(results(page)).toHaveAttribute('href', '/blog/integrating-ai-qa-tools-into-ci-cd/');
});

test('axe finds no serious or critical violation with results shown', async ({ page }) => {
  await page.goto('/search/?q=testing');
  await hydratedIsland(page, 'SiteSearch');
  await expect(results(page).first()).toBeVisible();
  await expect(page.locator('.search-result-excerpt mark').first()).toBeVisible();
  expect(await blockingAxeViolations(page)).toEqual([]);
});

test('a search that finds nothing says so, announces it, and offers the guides and a consultation', async ({
  page,
}) => {
  await page.goto('/search/?q=qqzzjx');
  await hydratedIsland(page, 'SiteSearch');
  await expect(status(page)).toContainText(searchText.results.forQuery.replace('{query}', 'qqzzjx'));
  await expect(results(page)).toHaveCount(0);
  const offers = page.locator('.search-none');
  await expect(offers.getByRole('heading', { name: searchText.results.noneOffers.guidesHeading })).toBeVisible();
  await expect(offers.locator('.search-none-guides a')).toHaveCount(guides.length);
  for (const guide of guides)
    await expect(offers.getByRole('link', { name: guide.name, exact: true })).toHaveAttribute(
      'href',
      `/guides/${guide.topic}/`,
    );
  await expect(offers.getByRole('link', { name: searchText.results.noneOffers.consultation.text })).toHaveAttribute(
    'href',
    pageAddress(searchText.results.noneOffers.consultation.href),
  );
  expect(await blockingAxeViolations(page)).toEqual([]);
});

for (const viewport of [
  { width: 320, height: 640 },
  { width: 390, height: 844 },
]) {
  test(`on a ${viewport.width} px phone the filters fold behind a button, and the first result is in sight without scrolling`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/search/?q=playwright');
    await hydratedIsland(page, 'SiteSearch');
    await expect(results(page).first()).toBeVisible();
    const toggle = page.getByRole('button', { name: searchText.filters.toggle });
    const filters = page.getByRole('group', { name: searchText.filters.label });
    await expect(filters).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // The first result's title is on the first screen, above the chat dock along the bottom edge.
    const scrolled = await page.evaluate(() => window.scrollY);
    const title = (await page.locator('.search-result-title').first().boundingBox())!;
    const dockTop = (await page.locator('.chat-dock').boundingBox())!.y;
    expect(scrolled).toBe(0);
    expect(title.y + title.height).toBeLessThanOrEqual(Math.min(viewport.height, dockTop));
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(filters).toBeVisible();
    await page.getByRole('button', { name: searchText.sections.guides, exact: true }).click();
    await expect(toggle).toContainText('1');
  });
}

test('on a wider screen the filters are shown, with no button to fold them', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await page.goto('/search/?q=playwright');
  await hydratedIsland(page, 'SiteSearch');
  await expect(page.getByRole('group', { name: searchText.filters.label })).toBeVisible();
  await expect(page.getByRole('button', { name: searchText.filters.toggle })).toBeHidden();
});

test('no other page loads search, and no other page may compile WebAssembly', async ({ page, cspViolations }) => {
  const loaded = searchRequests(page);
  const tiniestModule = [0, 97, 115, 109, 1, 0, 0, 0];
  const compile = () =>
    page.evaluate(
      (bytes) =>
        WebAssembly.compile(new Uint8Array(bytes)).then(
          () => 'compiled',
          () => 'refused',
        ),
      tiniestModule,
    );
  await page.goto('/blog/');
  await page.waitForLoadState('networkidle');
  expect(loaded).toEqual([]);
  expect(await compile()).toBe('refused');
  await expect.poll(() => cspViolations.length).toBe(1);
  expect(cspViolations[0]).toMatch(/^script-src/);
  cspViolations.length = 0; // this violation was the point; the fixture checks the rest
  await page.goto('/search/');
  expect(await compile()).toBe('compiled');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the search page says search needs JavaScript and offers the blog and the guides', async ({ page }) => {
    await page.goto('/search/?q=playwright');
    await expect(page.getByText(searchText.browse.noScript)).toBeVisible();
    await expect(page.getByRole('link', { name: searchText.browse.blog.text })).toBeVisible();
    await expect(page.getByRole('link', { name: searchText.browse.blog.text })).toHaveAttribute('href', '/blog/');
    await expect(page.locator('.search-browse-guides a')).toHaveCount(5);
    await expect(field(page)).toBeHidden();
  });
});

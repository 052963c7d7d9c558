import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, expectNoConsoleErrors, test, waitForIslands } from './fixtures.ts';

/** The six posts, newest first, as SPEC section 3 lists them. */
const titles = {
  reality: 'The Reality of AI in QA Testing: Beyond the Hype',
  cursor: 'Optimizing Cursor for Test Generation: A Complete Guide',
  data: 'Building Smart Test Data Factories with AI',
  manual: 'The Future of Manual Testing with AI Assistance',
  bugs: 'AI-Powered Bug Reports: A New Standard',
  ci: 'Integrating AI QA Tools into Your CI/CD Pipeline',
};
const allTitles = Object.values(titles);
/** Unfiltered, the featured block shows the first three; the 'All Posts' grid lists the others, so no post shows twice. */
const featuredTitles = [titles.reality, titles.cursor, titles.data];
const unfeaturedTitles = allTitles.filter((title) => !featuredTitles.includes(title));

const allPosts = (page: Page) => page.getByRole('region', { name: 'All Posts' });
const postTitles = (page: Page) => allPosts(page).getByRole('heading', { level: 3 });
const search = (page: Page) => page.getByRole('searchbox', { name: 'Search posts' });
const categories = (page: Page) => page.getByRole('navigation', { name: 'Categories' });
const tags = (page: Page) => page.getByRole('navigation', { name: 'Tags' });
const emptyText = 'No posts found matching your criteria.';
const featured = (page: Page) => page.getByRole('region', { name: 'Featured' });
const resultCards = (page: Page) => allPosts(page).getByRole('article');
/** The polite live region that announces the result count; in the page from the start. */
const status = (page: Page) => page.locator('[data-island="BlogExplorer"]').getByRole('status');
const summary = (page: Page) => allPosts(page).locator('.results-summary');
const clearFilters = (page: Page) => page.getByRole('button', { name: 'Clear filters' });

async function openBlog(page: Page, query = ''): Promise<void> {
  await page.goto(`/blog/${query}`);
  await waitForIslands(page);
}

test('shows the heading and a featured block of three posts, small cards with at most 3 tags then an ellipsis', async ({
  page,
}) => {
  await openBlog(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('AI Testing Insights Blog');
  const featured = page.getByRole('region', { name: 'Featured' });
  const cards = featured.getByRole('article');
  await expect(cards).toHaveCount(3);
  await expect(featured.getByRole('heading', { level: 3 })).toHaveText([titles.reality, titles.cursor, titles.data]);
  for (const index of [1, 2]) {
    const tagList = cards.nth(index).getByRole('list', { name: 'Tags' });
    // Both small-card posts have four tags: three are shown, then the ellipsis (hidden from
    // screen readers, so it is found as an element rather than by role).
    await expect(tagList.locator('li')).toHaveText([/\w/, /\w/, /\w/, '…']);
    await expect(tagList.getByRole('listitem')).toHaveCount(3);
  }
  await expect(cards.nth(0).getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText([
    'AI',
    'QA',
    'Testing',
    'Trends',
  ]);
});

test('search filters case-insensitively on title, excerpt and tag, and the clear button resets it', async ({
  page,
}) => {
  await openBlog(page);
  await expect(search(page)).toHaveAttribute('placeholder', 'Search posts...');
  await expect(postTitles(page)).toHaveText(unfeaturedTitles);

  // Title match, in another case.
  await search(page).fill('CURSOR');
  await expect(postTitles(page)).toHaveText([titles.cursor]);
  // Excerpt only: 'exploratory' appears in one excerpt and no title or tag.
  await search(page).fill('Exploratory');
  await expect(postTitles(page)).toHaveText([titles.manual]);
  // Tag only: 'Efficiency' is a tag of one post and in no title or excerpt.
  await search(page).fill('efficiency');
  await expect(postTitles(page)).toHaveText([titles.bugs]);

  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(search(page)).toHaveValue('');
  await expect(postTitles(page)).toHaveText(unfeaturedTitles);
  await expect(page.getByRole('button', { name: 'Clear search' })).toHaveCount(0);
});

test('lists All Categories then each distinct category, and a category filters the posts', async ({ page }) => {
  await openBlog(page);
  await expect(categories(page).getByRole('link')).toHaveText([
    'All Categories',
    'AI Testing',
    'Tools',
    'Data',
    'Manual Testing',
    'Documentation',
    'DevOps',
  ]);
  await categories(page).getByRole('link', { name: 'Documentation' }).click();
  await expect(postTitles(page)).toHaveText([titles.bugs]);
  await expect(categories(page).getByRole('link', { name: 'Documentation' })).toHaveAttribute('aria-current', 'true');
  await categories(page).getByRole('link', { name: 'All Categories' }).click();
  await expect(postTitles(page)).toHaveText(unfeaturedTitles);
  await expect(categories(page).getByRole('link', { name: 'All Categories' })).toHaveAttribute('aria-current', 'true');
});

test('lists All Tags then every tag in alphabetical order, and a tag filters the posts', async ({ page }) => {
  await openBlog(page);
  await expect(tags(page).getByRole('link')).toHaveText([
    'All Tags',
    'AI',
    'AI Assistance',
    'AI Tools',
    'Automation',
    'Bug Reporting',
    'CI/CD',
    'Cursor',
    'Data Generation',
    'DevOps',
    'Documentation',
    'Efficiency',
    'Future Trends',
    'Manual Testing',
    'Productivity',
    'QA',
    'Test Data',
    'Test Generation',
    'Testing',
    'Trends',
  ]);
  await tags(page).getByRole('link', { name: 'AI', exact: true }).click();
  await expect(postTitles(page)).toHaveText([titles.reality, titles.data, titles.bugs]);
  await tags(page).getByRole('link', { name: 'All Tags' }).click();
  await expect(postTitles(page)).toHaveText(unfeaturedTitles);
});

test('search, tag and category combine with AND, down to the empty text', async ({ page }) => {
  await openBlog(page);
  await search(page).fill('data');
  await expect(postTitles(page)).toHaveText([titles.reality, titles.data]);
  await tags(page).getByRole('link', { name: 'Automation' }).click();
  // 'Automation' alone matches two posts; with 'data' only their intersection is left.
  await expect(postTitles(page)).toHaveText([titles.data]);
  await categories(page).getByRole('link', { name: 'DevOps' }).click();
  await expect(allPosts(page).getByText(emptyText)).toBeVisible();
  await expect(postTitles(page)).toHaveCount(0);

  await search(page).fill('');
  await expect(postTitles(page)).toHaveText([titles.ci]);
  await categories(page).getByRole('link', { name: 'All Categories' }).click();
  await expect(postTitles(page)).toHaveText([titles.data, titles.ci]);
  await tags(page).getByRole('link', { name: 'All Tags' }).click();
  await expect(postTitles(page)).toHaveText(unfeaturedTitles);
});

test('the address follows the filters as ?q=, ?tag= and ?category=', async ({ page }) => {
  await openBlog(page);
  await search(page).fill('ai tools');
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('ai tools');
  await tags(page).getByRole('link', { name: 'CI/CD' }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('tag')).toBe('CI/CD');
  await categories(page).getByRole('link', { name: 'DevOps' }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('category')).toBe('DevOps');
  await expect(postTitles(page)).toHaveText([titles.ci]);

  await page.getByRole('button', { name: 'Clear search' }).click();
  await tags(page).getByRole('link', { name: 'All Tags' }).click();
  await categories(page).getByRole('link', { name: 'All Categories' }).click();
  await expect.poll(() => page.url()).toMatch(/\/blog\/$/);
});

for (const [query, expected, pressed, summaryText] of [
  ['?tag=DevOps', [titles.ci], ['Tags', 'DevOps'], '1 post tagged “DevOps”'],
  ['?category=Tools', [titles.cursor], ['Categories', 'Tools'], '1 post in Tools'],
  ['?q=cursor', [titles.cursor], null, '1 post matches “cursor”'],
] as const) {
  test(`loading /blog${query} lands on the filtered list`, async ({ page, consoleErrors }) => {
    await openBlog(page, query);
    await expect(postTitles(page)).toHaveText([...expected]);
    await expect(featured(page)).toHaveCount(0);
    await expect(status(page)).toHaveText(summaryText);
    if (pressed)
      await expect(
        page.getByRole('navigation', { name: pressed[0] }).getByRole('link', { name: pressed[1], exact: true }),
      ).toHaveAttribute('aria-current', 'true');
    else await expect(search(page)).toHaveValue('cursor');
    expect(page.url()).toContain(`/blog/${query}`);
    expectNoConsoleErrors(consoleErrors);
  });
}

test('a tag link on a post page lands on the list filtered by that tag', async ({ page }) => {
  await page.goto('/blog/optimizing-cursor-for-test-generation/');
  const tagLink = page.getByRole('link', { name: 'AI Tools', exact: true });
  await expect(tagLink).toHaveAttribute('href', '/blog/?tag=AI%20Tools');
  await tagLink.click();
  await expect(page).toHaveURL(/\/blog\/\?tag=AI(%20|\+)Tools$/);
  await waitForIslands(page);
  await expect(postTitles(page)).toHaveText([titles.cursor, titles.ci]);
  await expect(tags(page).getByRole('link', { name: 'AI Tools' })).toHaveAttribute('aria-current', 'true');
});

/** Where an element sits in the page (not the viewport), so scrolling cannot fake a position. */
async function pageBox(page: Page, locator: ReturnType<Page['locator']>) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('element not laid out');
  const scrollY = await page.evaluate(() => window.scrollY);
  return { ...box, y: box.y + scrollY, bottom: box.y + scrollY + box.height, right: box.x + box.width };
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a search hides the featured block and the matches stand next to the filters in the first screen', async ({
      page,
    }) => {
      await openBlog(page);
      await expect(featured(page)).toBeVisible();
      await search(page).fill('cursor');
      await expect(featured(page)).toHaveCount(0);
      await expect(postTitles(page)).toHaveText([titles.cursor]);

      const card = await pageBox(page, resultCards(page).first());
      const heading = await pageBox(page, allPosts(page).getByRole('heading', { level: 2 }));
      if (viewport.width >= 960) {
        // Beside the sidebar: the results start level with the search box, and the whole card
        // title is in the first screen.
        const sidebar = await pageBox(page, page.getByRole('complementary', { name: 'Filter posts' }));
        const searchBox = await pageBox(page, search(page));
        expect(heading.x).toBeGreaterThan(sidebar.right);
        expect(Math.abs(heading.y - searchBox.y)).toBeLessThan(60);
        expect((await pageBox(page, resultCards(page).first().getByRole('heading', { level: 3 }))).bottom).toBeLessThan(
          viewport.height,
        );
      } else {
        // Below the filters, with nothing in between but the results heading and count.
        const tagList = await pageBox(page, tags(page));
        expect(heading.y).toBeGreaterThan(tagList.bottom);
        expect(card.y - tagList.bottom).toBeLessThan(130);
        expect(card.y + 80).toBeLessThan(viewport.height);
      }
    });

    test('a tag and a category also put their matches first, under a count', async ({ page }) => {
      await openBlog(page);
      await tags(page).getByRole('link', { name: 'AI', exact: true }).click();
      await expect(featured(page)).toHaveCount(0);
      await expect(summary(page)).toHaveText('3 posts tagged “AI”');
      await categories(page).getByRole('link', { name: 'Data', exact: true }).click();
      await expect(summary(page)).toHaveText('1 post in Data tagged “AI”');
      const card = await pageBox(page, resultCards(page).first());
      expect(card.y + 80).toBeLessThan(viewport.height);
    });
  });
}

test('the count is visible at once and announced once typing pauses, not per keystroke', async ({ page }) => {
  await openBlog(page);
  await expect(status(page)).toHaveCount(1);
  await expect(status(page)).toHaveText('');
  // Every text the live region takes, in order.
  await page.evaluate(() => {
    const region = document.querySelector('[data-island="BlogExplorer"] [role="status"]')!;
    const seen: string[] = ((window as unknown as { announcements: string[] }).announcements = []);
    new MutationObserver(() => seen.push(region.textContent ?? '')).observe(region, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
  await search(page).pressSequentially('cursor', { delay: 40 });
  await expect(summary(page)).toHaveText('1 post matches “cursor”');
  await expect(status(page)).toHaveText('1 post matches “cursor”');
  const announcements = await page.evaluate(() => (window as unknown as { announcements: string[] }).announcements);
  expect(announcements.at(-1)).toBe('1 post matches “cursor”');
  expect(announcements.length, `announced: ${JSON.stringify(announcements)}`).toBeLessThan(3);

  await search(page).fill('data');
  await expect(status(page)).toHaveText('2 posts match “data”');
  await tags(page).getByRole('link', { name: 'Automation' }).click();
  await expect(status(page)).toHaveText('1 post matches “data” tagged “Automation”');
  await categories(page).getByRole('link', { name: 'DevOps' }).click();
  await expect(status(page)).toHaveText('No posts match “data” in DevOps tagged “Automation”');
});

test('the empty state offers to clear every filter, which brings back the whole list and moves focus to it', async ({
  page,
}) => {
  await openBlog(page, '?tag=DevOps&category=Tools&q=zzz');
  await expect(allPosts(page).getByText(emptyText)).toBeVisible();
  await expect(featured(page)).toHaveCount(0);
  await expect(clearFilters(page)).toHaveCount(1);
  await expect(status(page)).toHaveText('No posts match “zzz” in Tools tagged “DevOps”');

  await clearFilters(page).focus();
  await page.keyboard.press('Enter');
  await expect(search(page)).toHaveValue('');
  await expect(postTitles(page)).toHaveText(unfeaturedTitles);
  await expect(featured(page).getByRole('article')).toHaveCount(3);
  await expect(featured(page)).toBeFocused();
  await expect(status(page)).toHaveText('Showing all 6 posts');
  await expect(clearFilters(page)).toHaveCount(0);
  await expect(categories(page).getByRole('link', { name: 'All Categories' })).toHaveAttribute('aria-current', 'true');
  await expect(tags(page).getByRole('link', { name: 'All Tags' })).toHaveAttribute('aria-current', 'true');
  await expect.poll(() => page.url()).toMatch(/\/blog\/$/);
});

test('the clear button beside a count of matches clears the filters too', async ({ page }) => {
  await openBlog(page, '?q=data');
  await expect(summary(page)).toHaveText('2 posts match “data”');
  await clearFilters(page).click();
  await expect(postTitles(page)).toHaveText(unfeaturedTitles);
  await expect(featured(page)).toBeVisible();
});

test('every Read more link is named after its post, in its text as well as its accessible name', async ({ page }) => {
  await openBlog(page);
  for (const [region, regionTitles] of [
    [featured(page), featuredTitles],
    [allPosts(page), unfeaturedTitles],
  ] as const) {
    const links = region.locator('a.read-more');
    const expected = regionTitles.map((title) => `Read more about ${title}`);
    expect(
      await links.evaluateAll((anchors) =>
        anchors.map((a) => (a as HTMLElement).innerText.replace(/→/g, '').replace(/\s+/g, ' ').trim()),
      ),
    ).toEqual(expected);
    for (const name of expected) await expect(region.getByRole('link', { name, exact: true })).toBeVisible();
  }
  // Visually, the link still reads 'Read more' (and its arrow is not part of its name).
  const first = featured(page).locator('a.read-more').first();
  expect((await first.boundingBox())!.width).toBeLessThan(150);
});

test('the filtered list and the empty state have no serious or critical WCAG 2.1 AA violations', async ({ page }) => {
  for (const query of ['?tag=AI', '?q=zzz']) {
    await openBlog(page, query);
    await expect(featured(page)).toHaveCount(0);
    const results = await new AxeBuilder({ page })
      .include('[data-island="BlogExplorer"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
      .analyze();
    const blocking = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => violation.id);
    expect(blocking, query).toEqual([]);
  }
});

for (const width of [390, 1024, 1440]) {
  test(`at ${width} px every post illustration is framed at its own 1200×630 shape, uncropped`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openBlog(page);
    const frames = page.locator('.post-card-frame');
    // Three featured posts and the three others: each post once.
    await expect(frames).toHaveCount(6);
    for (const frame of await frames.all()) {
      const box = (await frame.boundingBox())!;
      expect(box.width / box.height).toBeCloseTo(1200 / 630, 1);
      const image = (await frame.locator('img').boundingBox())!;
      expect(Math.abs(image.width - box.width)).toBeLessThan(1);
      expect(Math.abs(image.height - box.height)).toBeLessThan(1);
    }
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('all six posts are listed once: the featured three, then the others under All Posts, with no search that cannot work', async ({
    page,
  }) => {
    await page.goto('/blog/?tag=DevOps');
    await expect(postTitles(page)).toHaveText(unfeaturedTitles);
    await expect(featured(page).getByRole('heading', { level: 3 })).toHaveText(featuredTitles);
    for (const title of allTitles) {
      const region = featuredTitles.includes(title) ? featured(page) : allPosts(page);
      await expect(region.getByRole('link', { name: title, exact: true })).toHaveAttribute(
        'href',
        /^\/blog\/[\w-]+\/$/,
      );
      await expect(region.getByRole('link', { name: `Read more about ${title}`, exact: true })).toHaveAttribute(
        'href',
        /^\/blog\/[\w-]+\/$/,
      );
    }
    await expect(page.getByRole('searchbox')).toBeHidden();
    await expect(categories(page)).toBeVisible();
    await expect(tags(page)).toBeVisible();
    // The live region is in the server HTML, empty, so later counts are announced.
    await expect(status(page)).toHaveCount(1);
    await expect(status(page)).toHaveText('');
  });

  test('a tag and a category in the sidebar open their pages, each listing its posts, and All Tags leads back', async ({
    page,
  }) => {
    await page.goto('/blog/');
    await tags(page).getByRole('link', { name: 'DevOps', exact: true }).click();
    await expect(page).toHaveURL(/\/blog\/tags\/devops\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Posts tagged “DevOps”');
    await expect(postTitles(page)).toHaveText([titles.ci]);
    await expect(tags(page).getByRole('link', { name: 'DevOps', exact: true })).toHaveAttribute('aria-current', 'true');
    await categories(page).getByRole('link', { name: 'Data', exact: true }).click();
    await expect(page).toHaveURL(/\/blog\/categories\/data\/$/);
    await expect(postTitles(page)).toHaveText([titles.data]);
    await tags(page).getByRole('link', { name: 'All Tags' }).click();
    await expect(page).toHaveURL(/\/blog\/$/);
  });

  test('a post link works', async ({ page }) => {
    await page.goto('/blog/');
    await allPosts(page).getByRole('link', { name: titles.bugs, exact: true }).click();
    await expect(page).toHaveURL(/\/blog\/ai-powered-bug-reports\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(titles.bugs);
  });
});

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

const allPosts = (page: Page) => page.getByRole('region', { name: 'All Posts' });
const postTitles = (page: Page) => allPosts(page).getByRole('heading', { level: 3 });
const search = (page: Page) => page.getByRole('searchbox', { name: 'Search posts' });
const categories = (page: Page) => page.getByRole('navigation', { name: 'Categories' });
const tags = (page: Page) => page.getByRole('navigation', { name: 'Tags' });
const emptyText = 'No posts found matching your criteria.';

async function openBlog(page: Page, query = ''): Promise<void> {
  await page.goto(`/blog/${query}`);
  await waitForIslands(page);
}

test('shows the heading and a featured block of three posts, small cards with at most 3 tags then an ellipsis', async ({ page }) => {
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
  await expect(cards.nth(0).getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['AI', 'QA', 'Testing', 'Trends']);
});

test('search filters case-insensitively on title, excerpt and tag, and the clear button resets it', async ({ page }) => {
  await openBlog(page);
  await expect(search(page)).toHaveAttribute('placeholder', 'Search posts...');
  await expect(postTitles(page)).toHaveText(allTitles);

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
  await expect(postTitles(page)).toHaveText(allTitles);
  await expect(page.getByRole('button', { name: 'Clear search' })).toHaveCount(0);
});

test('lists All Categories then each distinct category, and a category filters the posts', async ({ page }) => {
  await openBlog(page);
  await expect(categories(page).getByRole('button')).toHaveText(['All Categories', 'AI Testing', 'Tools', 'Data', 'Manual Testing', 'Documentation', 'DevOps']);
  await categories(page).getByRole('button', { name: 'Documentation' }).click();
  await expect(postTitles(page)).toHaveText([titles.bugs]);
  await expect(categories(page).getByRole('button', { name: 'Documentation' })).toHaveAttribute('aria-pressed', 'true');
  await categories(page).getByRole('button', { name: 'All Categories' }).click();
  await expect(postTitles(page)).toHaveText(allTitles);
  await expect(categories(page).getByRole('button', { name: 'All Categories' })).toHaveAttribute('aria-pressed', 'true');
});

test('lists All Tags then every tag in alphabetical order, and a tag filters the posts', async ({ page }) => {
  await openBlog(page);
  await expect(tags(page).getByRole('button')).toHaveText([
    'All Tags', 'AI', 'AI Assistance', 'AI Tools', 'Automation', 'Bug Reporting', 'CI/CD', 'Cursor', 'Data Generation', 'DevOps',
    'Documentation', 'Efficiency', 'Future Trends', 'Manual Testing', 'Productivity', 'QA', 'Test Data', 'Test Generation', 'Testing', 'Trends',
  ]);
  await tags(page).getByRole('button', { name: 'AI', exact: true }).click();
  await expect(postTitles(page)).toHaveText([titles.reality, titles.data, titles.bugs]);
  await tags(page).getByRole('button', { name: 'All Tags' }).click();
  await expect(postTitles(page)).toHaveText(allTitles);
});

test('search, tag and category combine with AND, down to the empty text', async ({ page }) => {
  await openBlog(page);
  await search(page).fill('data');
  await expect(postTitles(page)).toHaveText([titles.reality, titles.data]);
  await tags(page).getByRole('button', { name: 'Automation' }).click();
  // 'Automation' alone matches two posts; with 'data' only their intersection is left.
  await expect(postTitles(page)).toHaveText([titles.data]);
  await categories(page).getByRole('button', { name: 'DevOps' }).click();
  await expect(allPosts(page).getByText(emptyText)).toBeVisible();
  await expect(postTitles(page)).toHaveCount(0);

  await search(page).fill('');
  await expect(postTitles(page)).toHaveText([titles.ci]);
  await categories(page).getByRole('button', { name: 'All Categories' }).click();
  await expect(postTitles(page)).toHaveText([titles.data, titles.ci]);
  await tags(page).getByRole('button', { name: 'All Tags' }).click();
  await expect(postTitles(page)).toHaveText(allTitles);
});

test('the address follows the filters as ?q=, ?tag= and ?category=', async ({ page }) => {
  await openBlog(page);
  await search(page).fill('ai tools');
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('ai tools');
  await tags(page).getByRole('button', { name: 'CI/CD' }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('tag')).toBe('CI/CD');
  await categories(page).getByRole('button', { name: 'DevOps' }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('category')).toBe('DevOps');
  await expect(postTitles(page)).toHaveText([titles.ci]);

  await page.getByRole('button', { name: 'Clear search' }).click();
  await tags(page).getByRole('button', { name: 'All Tags' }).click();
  await categories(page).getByRole('button', { name: 'All Categories' }).click();
  await expect.poll(() => page.url()).toMatch(/\/blog\/$/);
});

for (const [query, expected, pressed] of [
  ['?tag=DevOps', [titles.ci], ['Tags', 'DevOps']],
  ['?category=Tools', [titles.cursor], ['Categories', 'Tools']],
  ['?q=cursor', [titles.cursor], null],
] as const) {
  test(`loading /blog${query} lands on the filtered list`, async ({ page, consoleErrors }) => {
    await openBlog(page, query);
    await expect(postTitles(page)).toHaveText([...expected]);
    if (pressed) await expect(page.getByRole('navigation', { name: pressed[0] }).getByRole('button', { name: pressed[1], exact: true })).toHaveAttribute('aria-pressed', 'true');
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
  await expect(tags(page).getByRole('button', { name: 'AI Tools' })).toHaveAttribute('aria-pressed', 'true');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('all six posts are listed under All Posts', async ({ page }) => {
    await page.goto('/blog/?tag=DevOps');
    await expect(postTitles(page)).toHaveText(allTitles);
    for (const title of allTitles) await expect(allPosts(page).getByRole('link', { name: title, exact: true })).toHaveAttribute('href', /^\/blog\/[\w-]+\/$/);
  });
});

import type { Archetype } from '../../cli/config/site-definition.ts';
import { SiteError } from '../../cli/errors.ts';
import { blogPostPath } from './urls.ts';

/** Cover image for new posts until the author adds their own; it exists, so the post builds at once. */
export const defaultPostImage = '/images/social-card.svg';
/** What the cover image shows: a post's image needs alt text (image.missing-alt); the author replaces both. */
const defaultPostImageAlt = "The site's card: its name and tagline on a dark background";

/** Values the site's posts use, most used first. */
function mostUsed(values: unknown[]): string[] {
  const counts = new Map<string, number>();
  for (const value of values) if (typeof value === 'string' && value.trim()) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([value]) => value);
}

/** `sitegen new-post`: a blog post with complete front matter and a body skeleton for the author to replace. */
export const postArchetype: Archetype = {
  collection: 'posts',
  fields: [
    {
      key: 'category',
      flag: '--category <name>',
      description: 'category (default: the most used one)',
      prompt: 'Category (number or a new name)',
      suggest: (entries) => mostUsed(entries.map((entry) => entry.category)),
      fallback: () => 'General',
      check: (value) => (String(value).trim() ? undefined : new SiteError({ code: 'new-post.empty-category', message: 'the category is empty' })),
      isNew: (value, suggestions) => (suggestions.includes(String(value)) ? undefined : `"${String(value)}" is a new category (existing: ${suggestions.join(', ') || 'none'})`),
    },
    {
      key: 'tags',
      flag: '--tags <list>',
      description: 'comma-separated tags (default: the most used tag)',
      list: true,
      prompt: 'Tags, comma-separated',
      suggest: (entries) => mostUsed(entries.flatMap((entry) => (Array.isArray(entry.tags) ? entry.tags : []))),
      check: (value) => (Array.isArray(value) && value.length > 0 ? undefined : new SiteError({ code: 'new-post.no-tags', message: 'at least one tag is needed', hint: 'Pass --tags "AI, Testing".' })),
    },
    {
      key: 'excerpt',
      flag: '--excerpt <text>',
      description: 'one or two sentences for cards and the meta description',
      fallback: (title) => `What “${title}” covers, in one or two sentences for the blog list and search results.`,
    },
  ],
  frontMatter: ({ title, slug, date, draft, excerpt, category, tags }) => ({
    title,
    slug,
    excerpt,
    date,
    image: defaultPostImage,
    imageAlt: defaultPostImageAlt,
    category,
    tags,
    ...(draft ? { draft: true } : {}),
  }),
  body: [
    'Open with two or three sentences that tell the reader what problem this post solves and what',
    'they will be able to do after reading it.',
    '',
    '## The problem',
    '',
    'Describe the situation your readers recognise, with one concrete example from a real project.',
    '',
    '## The approach',
    '',
    'Walk through the solution step by step. Show the code that matters:',
    '',
    '```ts',
    "import { test, expect } from '@playwright/test';",
    '',
    "test('describes the behaviour under test', async ({ page }) => {",
    "  await page.goto('/');",
    "  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();",
    '});',
    '```',
    '',
    '> Close with the one idea a reader should remember.',
    '',
  ].join('\n'),
  path: blogPostPath,
};

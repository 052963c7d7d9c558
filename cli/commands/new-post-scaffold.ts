import { SiteError } from '../errors.ts';
import type { RawMarkdown } from '../load/load-content.ts';

/** What `new-post` needs to write a post. */
export interface NewPostFields {
  title: string;
  slug: string;
  category: string;
  tags: string[];
  excerpt: string;
  /** YYYY-MM-DD */
  date: string;
  draft: boolean;
}

/** Cover image for new posts until the author adds their own; it exists, so the post builds at once. */
export const defaultPostImage = '/images/social-card.svg';

const slugPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Categories and tags already in use, most used first, to suggest and to default to. */
export function existingTaxonomy(posts: RawMarkdown[]): { categories: string[]; tags: string[]; slugs: Map<string, string> } {
  const count = (values: unknown[]) => {
    const counts = new Map<string, number>();
    for (const value of values) if (typeof value === 'string' && value.trim()) counts.set(value, (counts.get(value) ?? 0) + 1);
    return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([value]) => value);
  };
  return {
    categories: count(posts.map((p) => p.frontMatter.category)),
    tags: count(posts.flatMap((p) => (Array.isArray(p.frontMatter.tags) ? p.frontMatter.tags : []))),
    slugs: new Map(posts.map((p) => [String(p.frontMatter.slug ?? ''), p.file])),
  };
}

/** Refuses an empty title, a malformed slug or date, and a slug another post already has. */
export function checkNewPost(fields: NewPostFields, existingSlugs: Map<string, string>): void {
  if (!fields.title.trim()) throw new SiteError({ code: 'new-post.empty-title', message: 'the title is empty', hint: 'Pass the title in quotes: new-post "My post title".' });
  if (!slugPattern.test(fields.slug)) {
    throw new SiteError({ code: 'new-post.bad-slug', message: `slug "${fields.slug}" is not lowercase words joined by hyphens`, hint: 'Use something like --slug my-post-title.' });
  }
  if (existingSlugs.has(fields.slug)) {
    throw new SiteError({ code: 'new-post.slug-taken', message: `slug "${fields.slug}" is already used by this post, which was left untouched`, file: existingSlugs.get(fields.slug), hint: 'Choose another title or pass --slug.' });
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(fields.date) || Number.isNaN(Date.parse(`${fields.date}T00:00:00Z`))) {
    throw new SiteError({ code: 'new-post.bad-date', message: `date "${fields.date}" is not a date such as 2024-03-15` });
  }
  if (!fields.category.trim()) throw new SiteError({ code: 'new-post.empty-category', message: 'the category is empty' });
  if (fields.tags.length === 0) throw new SiteError({ code: 'new-post.no-tags', message: 'at least one tag is needed', hint: 'Pass --tags "AI, Testing".' });
}

const quote = (text: string) => JSON.stringify(text);

/** The new post's file: complete front matter and a body skeleton for the author to replace. */
export function renderNewPost(fields: NewPostFields): string {
  return [
    '---',
    `title: ${quote(fields.title)}`,
    `slug: ${fields.slug}`,
    `excerpt: ${quote(fields.excerpt)}`,
    `date: ${fields.date}`,
    `image: ${defaultPostImage}`,
    'imageAlt: ""',
    `category: ${quote(fields.category)}`,
    `tags: [${fields.tags.map(quote).join(', ')}]`,
    ...(fields.draft ? ['draft: true'] : []),
    '---',
    '',
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
  ].join('\n');
}

/** Today's date in the author's time zone, as YYYY-MM-DD. */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

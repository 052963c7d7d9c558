import { type Archetype, type ImportedEntry, SiteError } from 'sitegen/site';
import { postFieldLimits } from './schemas/blog.ts';
import { blogPostPath } from './urls.ts';

/** Values the site's posts use, most used first. */
function mostUsed(values: unknown[]): string[] {
  const counts = new Map<string, number>();
  for (const value of values)
    if (typeof value === 'string' && value.trim()) counts.set(value, (counts.get(value) ?? 0) + 1);
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
      check: (value) =>
        String(value).trim()
          ? undefined
          : new SiteError({ code: 'new-post.empty-category', message: 'the category is empty' }),
      isNew: (value, suggestions) =>
        suggestions.includes(String(value))
          ? undefined
          : `"${String(value)}" is a new category (existing: ${suggestions.join(', ') || 'none'})`,
    },
    {
      key: 'tags',
      flag: '--tags <list>',
      description: 'comma-separated tags (default: the most used tag)',
      list: true,
      prompt: 'Tags, comma-separated',
      suggest: (entries) => mostUsed(entries.flatMap((entry) => (Array.isArray(entry.tags) ? entry.tags : []))),
      check: (value) =>
        Array.isArray(value) && value.length > 0
          ? undefined
          : new SiteError({
              code: 'new-post.no-tags',
              message: 'at least one tag is needed',
              hint: 'Pass --tags "AI, Testing".',
            }),
    },
    {
      key: 'excerpt',
      flag: '--excerpt <text>',
      description: 'one or two sentences for cards and the meta description',
      fallback: (title) => `What “${title}” covers, in one or two sentences for the blog list and search results.`,
    },
  ],
  // No image: a post without one shows blog.json's `postDefaults` image until the author adds theirs.
  frontMatter: ({ title, slug, date, draft, excerpt, category, tags }) => ({
    title,
    slug,
    excerpt,
    date,
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
  imported: importedPost,
};

/** Text cut to `limit` characters at a word, with an ellipsis when it was longer. */
function clipped(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > limit / 2 ? cut.lastIndexOf(' ') : cut.length).trimEnd()}…`;
}

/**
 * A post brought from another generator: its description (or its first paragraph) as the
 * excerpt, its first category as the category, its cover only with alt text (a post's image is
 * always described; without one it shows the default image). What it leaves out (a second
 * category, an undescribed cover) the import keeps under `extra`.
 */
function importedPost(post: ImportedEntry): Record<string, unknown> {
  const excerpt = post.description ?? post.summary ?? post.title;
  const category = post.categories[0];
  return {
    title: clipped(post.title, postFieldLimits.title),
    slug: post.slug,
    excerpt: clipped(excerpt, postFieldLimits.excerpt),
    date: post.date,
    ...(post.image && post.imageAlt ? { image: post.image, imageAlt: post.imageAlt } : {}),
    ...(category ? { category: clipped(category, postFieldLimits.category) } : {}),
    ...(post.tags.length > 0 ? { tags: post.tags.map((tag) => clipped(tag, postFieldLimits.tag)) } : {}),
    ...(post.aliases.length > 0 ? { aliases: post.aliases } : {}),
    ...(post.draft ? { draft: true } : {}),
  };
}

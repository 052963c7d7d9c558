import { isDeepStrictEqual } from 'node:util';
import { SiteError, collectSiteErrors } from '../errors.ts';
import { parseMarkdown, type RawMarkdown } from '../load/load-content.ts';
import { postFrontMatterSchema } from '../site-model/schemas.ts';
import { parsePostDate } from '../validate/post-date.ts';
import { issueToError } from '../validate/schema-issues.ts';
import { validatePost } from '../validate/validate-markdown.ts';

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
/** What the cover image shows: a post's image needs alt text (image.missing-alt); the author replaces both. */
const defaultPostImageAlt = "The site's card: its name and tagline on a dark background";

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
  // The build's own date check: Date.parse rolls 2024-02-30 over to March 1.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(fields.date) || !parsePostDate(fields.date)) {
    throw new SiteError({ code: 'new-post.bad-date', message: `date ${JSON.stringify(fields.date)} is not a date such as 2024-03-15 (years 1000 to 9999)` });
  }
  if (!fields.category.trim()) throw new SiteError({ code: 'new-post.empty-category', message: 'the category is empty' });
  if (fields.tags.length === 0) throw new SiteError({ code: 'new-post.no-tags', message: 'at least one tag is needed', hint: 'Pass --tags "AI, Testing".' });
}

/**
 * The new post's file, checked the way the build will check it: the front matter goes through
 * the post schema first, then the text about to be written is parsed back by the real loader
 * and validated as a post, and must give back exactly the values asked for. Throws a
 * `new-post.*` error instead of returning a file the build would reject or change.
 */
export function prepareNewPost(fields: NewPostFields, file: string): string {
  const checked = postFrontMatterSchema.safeParse(frontMatterOf(fields), { reportInput: true });
  if (!checked.success) {
    const reason = issueToError(checked.error.issues[0]!, file, {});
    throw new SiteError({ code: 'new-post.invalid-field', message: reason.message, hint: 'Change that value; the build would refuse the post.' });
  }
  const wanted: NewPostFields = { ...fields, ...checked.data, date: fields.date, draft: fields.draft };
  const text = renderNewPost(wanted);
  checkRoundTrip(text, wanted, file);
  return text;
}

/** Fails unless `text` loads and validates as a post carrying exactly `fields`. */
export function checkRoundTrip(text: string, fields: NewPostFields, file: string): void {
  const errors: SiteError[] = [];
  let post: ReturnType<typeof validatePost>;
  try {
    post = validatePost(parseMarkdown(file, text), errors);
  } catch (error) {
    errors.push(...(collectSiteErrors(error) ?? [new SiteError({ code: 'new-post.round-trip', message: String(error) })]));
  }
  const fail = (reason: string) => new SiteError({ code: 'new-post.round-trip', message: `the post would not read back as given: ${reason}`, hint: 'Please report this: new-post wrote front matter its own loader reads differently.' });
  if (errors.length > 0 || !post) throw fail(errors.map((error) => error.message).join('; ') || 'it does not load');
  const read: NewPostFields = { title: post.title, slug: post.slug, category: post.category, tags: post.tags, excerpt: post.excerpt, date: post.date.toISOString().slice(0, 10), draft: post.draft };
  for (const key of Object.keys(read) as (keyof NewPostFields)[]) {
    if (!isDeepStrictEqual(read[key], fields[key])) throw fail(`${key} ${JSON.stringify(fields[key])} reads as ${JSON.stringify(read[key])}`);
  }
}

/** The front matter as an object, in the order the file lists it. */
function frontMatterOf(fields: NewPostFields): Record<string, unknown> {
  return {
    title: fields.title,
    slug: fields.slug,
    excerpt: fields.excerpt,
    date: fields.date,
    image: defaultPostImage,
    imageAlt: defaultPostImageAlt,
    category: fields.category,
    tags: fields.tags,
    ...(fields.draft ? { draft: true } : {}),
  };
}

/**
 * A YAML scalar for a string. Text goes in double quotes written by JSON.stringify: every JSON
 * string is a YAML 1.2 double-quoted scalar with the same value (JSON is a subset of YAML 1.2),
 * so no quote, colon, `#`, leading `-`, `!`, `&` or `*` can change the structure. Slugs and
 * paths that already passed their strict patterns stay plain, as authors write them, unless
 * YAML would read them as something other than a string (`123`, `true`, `null`).
 */
function yamlString(value: string, plain = false): string {
  return plain && /^[a-z/][\w/.-]*$/.test(value) && !/^(true|false|null)$/.test(value) ? value : JSON.stringify(value);
}

/** The new post's file: complete front matter and a body skeleton for the author to replace. */
export function renderNewPost(fields: NewPostFields): string {
  return [
    '---',
    `title: ${yamlString(fields.title)}`,
    `slug: ${yamlString(fields.slug, true)}`,
    `excerpt: ${yamlString(fields.excerpt)}`,
    // Unquoted, as authors write it; checkNewPost allows only YYYY-MM-DD.
    `date: ${fields.date}`,
    `image: ${yamlString(defaultPostImage, true)}`,
    `imageAlt: ${yamlString(defaultPostImageAlt)}`,
    `category: ${yamlString(fields.category)}`,
    `tags: [${fields.tags.map((tag) => yamlString(tag)).join(', ')}]`,
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

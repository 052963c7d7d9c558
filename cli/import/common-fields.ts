// The common fields every blog has, read from another generator's front matter: which key means what is the generators' convention (Hugo, Jekyll, Next.js and Gatsby starters), so it lives here rather than in any site.
import { statSync } from 'node:fs';
import path from 'node:path';
import { SiteError } from '../errors.ts';
import { postSlugFromTitle } from '../route/slugs.ts';
import { parsePostDate } from '../validate/post-date.ts';
import { redirectSource } from '../validate/url-fields.ts';
import { lineOf, writtenText, type ReadPost } from './read-post.ts';

/** The common fields of a post, as `ImportedEntry` names them. */
export type CommonField =
  | 'title'
  | 'date'
  | 'slug'
  | 'description'
  | 'tags'
  | 'categories'
  | 'draft'
  | 'published'
  | 'aliases'
  | 'image'
  | 'imageAlt';

/** Source keys (lowercase) by the common field they mean, the first found winning. */
const keysOf: Record<CommonField, string[]> = {
  title: ['title'],
  date: ['date', 'publishdate', 'pubdate', 'published_at', 'publishedat'],
  slug: ['slug'],
  description: ['description', 'summary', 'excerpt', 'spoiler', 'subtitle'],
  tags: ['tags', 'tag'],
  categories: ['categories', 'category'],
  draft: ['draft'],
  published: ['published'],
  // All of them: an old site may list aliases beside its own `url`.
  aliases: ['aliases', 'redirect_from', 'redirect-from', 'url', 'permalink'],
  image: [
    'cover',
    'image',
    'images',
    'hero',
    'heroimage',
    'featuredimage',
    'featured_image',
    'coverimage',
    'cover_image',
    'thumbnail',
    'banner',
  ],
  imageAlt: [
    'imagealt',
    'image_alt',
    'coveralt',
    'cover_alt',
    'heroalt',
    'hero_alt',
    'featuredimagealt',
    'featured_image_alt',
    'alt',
  ],
};

/** One source key read as a common field: where it came from and what it became. */
export interface MappedKey {
  key: string;
  field: CommonField;
  /** The value as the source wrote it. */
  written: unknown;
}

/** The common fields of a post, before its references are resolved. */
export interface CommonPost {
  title?: string;
  date?: string;
  slug: string;
  description?: string;
  tags: string[];
  categories: string[];
  draft: boolean;
  aliases: string[];
  /** Values of the address keys that are no path of a site as written (a permalink pattern, a relative alias): the site's rules may tell them (old-addresses.ts). */
  unresolved: string[];
  /** The time of day the date gives, `HH:MM:SS`, when it gives one. */
  time?: string;
  /** The name Jekyll gave the file, without its date: `launch` for `2019-03-14-launch.md`. */
  jekyllSlug?: string;
  /** The cover image as written (a path or URL), and its alt text. */
  image?: string;
  imageAlt?: string;
  /** Which source key gave each field. */
  mapped: MappedKey[];
  /** Keys no common field takes, with their values. */
  leftover: Record<string, unknown>;
  /** Values the import cannot carry over (a relative alias, a permalink pattern), for the report. */
  notCarried: string[];
}

/** A Jekyll post name: `2019-05-12-launch-day.md`. */
const jekyllName = /^(\d{4}-\d{2}-\d{2})-(.+)\.(md|markdown)$/i;

/**
 * The common fields of a post's front matter. The slug is the front matter's, else the name
 * Jekyll gave the file, else the bundle's folder or the file's name, as a slug; the date is the
 * front matter's, else Jekyll's. Problems that keep the post from being imported go to `errors`.
 */
export function commonFields(
  post: ReadPost,
  where: { bundle?: string; inDrafts: boolean },
  errors: SiteError[],
): CommonPost {
  // Jekyll dates a draft without a date by when its file was last changed.
  const draftDate = where.inDrafts ? modifiedOn(post.file) : undefined;
  const byKey = new Map(Object.entries(post.frontMatter).map(([key, value]) => [key.toLowerCase(), { key, value }]));
  const used = new Set<string>();
  const mapped: MappedKey[] = [];
  const notCarried: string[] = [];
  const take = (field: CommonField): unknown => {
    for (const name of keysOf[field]) {
      const found = byKey.get(name);
      if (!found || used.has(found.key) || found.value === null || found.value === undefined) continue;
      used.add(found.key);
      mapped.push({ key: found.key, field, written: found.value });
      return found.value;
    }
    return undefined;
  };
  /** Every key of a field that may be written under several at once (Hugo's `aliases` and `url`). */
  const takeAll = (field: CommonField): unknown[] => {
    const values: unknown[] = [];
    for (let value = take(field); value !== undefined; value = take(field))
      values.push(...(Array.isArray(value) ? value : [value]));
    return values;
  };
  const fail = (code: 'import.missing-field' | 'import.bad-value', message: string, hint: string, key?: string) => {
    errors.push(new SiteError({ code, message, hint, file: post.file, line: key ? lineOf(post, key) : 1 }));
  };

  const name = path.basename(post.file);
  const jekyll = jekyllName.exec(name);
  const title = oneLine(take('title'));
  if (!title) fail('import.missing-field', 'the post has no title', 'Add `title:` to its front matter.');
  const writtenDate = take('date');
  const dateKey = mapped.find((entry) => entry.field === 'date')?.key;
  const date =
    (dateKey ? dateOf(writtenText(post, dateKey)) : undefined) ??
    dateOf(writtenDate) ??
    (jekyll ? jekyll[1] : undefined) ??
    (writtenDate === undefined ? draftDate : undefined);
  if (!date) {
    if (writtenDate === undefined)
      fail(
        'import.missing-field',
        'the post has no date',
        'Add `date: YYYY-MM-DD` to its front matter, or name the file as Jekyll does (2019-05-12-title.md).',
      );
    else
      fail(
        'import.bad-value',
        `${dateKey}: ${JSON.stringify(String(writtenDate))} is not a date such as 2019-05-12`,
        'Write the date as YYYY-MM-DD.',
        dateKey,
      );
  }
  const writtenSlug = take('slug');
  const fromName = where.bundle
    ? path.basename(where.bundle)
    : jekyll
      ? jekyll[2]!
      : name.replace(/\.(md|markdown)$/i, '');
  const slug =
    postSlugFromTitle(
      typeof writtenSlug === 'string' || typeof writtenSlug === 'number' ? String(writtenSlug) : fromName,
    ) || postSlugFromTitle(title ?? '');
  if (!slug)
    fail(
      'import.bad-value',
      'no slug can be made for the post from its slug, name or title',
      'Add `slug: words-joined-by-hyphens` to its front matter.',
    );
  const published = take('published');
  const draft = take('draft') === true || String(published) === 'false' || where.inDrafts;
  const aliases: string[] = [];
  const unresolved: string[] = [];
  for (const alias of list(takeAll('aliases'))) {
    const address = oldAddress(alias);
    if (address) aliases.push(address);
    else unresolved.push(alias);
  }
  const time = /^\d{4}-\d{2}-\d{2}[T ](\d{2}:\d{2}(?::\d{2})?)/.exec(
    String(dateKey ? (writtenText(post, dateKey) ?? '') : '').replace(/^["']/, ''),
  )?.[1];
  const image = imageOf(take('image'));
  const imageAlt = oneLine(take('imageAlt')) ?? image?.alt;
  const description = oneLine(take('description'));
  const tags = list(take('tags'), jekyll !== null);
  const categories = list(take('categories'), jekyll !== null);
  // Every common field is taken by now: what is left has no common meaning. A key `__proto__`
  // is no field of any generator: set on the object that collects the rest, it would replace
  // that object's prototype rather than add a field, so it is reported and left out.
  const leftover = Object.fromEntries(
    Object.entries(post.frontMatter).filter(([key]) => !used.has(key) && key !== '__proto__'),
  );
  if (Object.hasOwn(post.frontMatter, '__proto__'))
    notCarried.push('the key "__proto__" (JavaScript\'s name for an object\'s prototype, not a field) is left out');
  return {
    ...(title ? { title } : {}),
    ...(date ? { date } : {}),
    slug: slug.slice(0, 100).replace(/-+$/, ''),
    ...withValue('description', description),
    tags,
    categories,
    draft,
    aliases,
    unresolved,
    ...withValue('time', time && (time.length === 5 ? `${time}:00` : time)),
    ...withValue('jekyllSlug', jekyll?.[2]),
    ...withValue('image', image?.path),
    ...withValue('imageAlt', imageAlt),
    mapped,
    leftover,
    notCarried,
  };
}

function withValue<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, string>);
}

/** Text on one line, whitespace collapsed; undefined for anything else or nothing. */
function oneLine(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value).replace(/\s+/g, ' ').trim();
  return text === '' ? undefined : text;
}

/**
 * A list from a YAML list or a comma-separated string, without repeats. Jekyll reads tags and
 * categories written as one string separated by spaces as several (`tags: ai testing`).
 */
function list(value: unknown, spaceSeparated = false): string[] {
  if (value === undefined) return [];
  const text = String(value);
  const items = Array.isArray(value)
    ? value
    : text.includes(',')
      ? text.split(',')
      : spaceSeparated
        ? text.split(/\s+/)
        : [value];
  return [...new Set(items.flatMap((item) => oneLine(item) ?? []))];
}

/** The day a file was last changed, `YYYY-MM-DD`; undefined when it cannot be told. */
function modifiedOn(file: string): string | undefined {
  const changed = statSync(file, { throwIfNoEntry: false })?.mtime;
  return changed ? changed.toISOString().slice(0, 10) : undefined;
}

/** `YYYY-MM-DD` from a date as written (a string starting with one: no time zone shift), or from a date value. */
function dateOf(value: unknown): string | undefined {
  const text =
    value instanceof Date
      ? value.toISOString()
      : typeof value === 'string'
        ? value.trim().replace(/^["']/, '')
        : undefined;
  if (text === undefined) return undefined;
  const written = /^(\d{4}-\d{2}-\d{2})(?:$|[T ])/.exec(text)?.[1];
  if (written) return parsePostDate(written) ? written : undefined;
  const parsed = Date.parse(text);
  return Number.isNaN(parsed) ? undefined : new Date(parsed).toISOString().slice(0, 10);
}

/** A former address as a site path: an absolute URL's path, or a root-relative path; undefined when it cannot be one. */
function oldAddress(written: string): string | undefined {
  let address = written;
  if (/^https?:\/\//i.test(address)) {
    try {
      address = new URL(address).pathname;
    } catch {
      return undefined;
    }
  }
  // Jekyll's permalink patterns (`/:year/:title/`) name no one address.
  if (!address.startsWith('/') || address.includes(':')) return undefined;
  const bare = address.length > 1 ? address.replace(/\/+$/, '') : address;
  return redirectSource.safeParse(bare).success && bare !== '/'
    ? `${bare}${address.endsWith('/') && !/\.html?$/.test(bare) ? '/' : ''}`
    : undefined;
}

/** A cover image: a path (from a string, a list's first item or a `{ image | src | url, alt }` mapping) and its alt text. */
function imageOf(value: unknown): { path: string; alt?: string } | undefined {
  if (Array.isArray(value)) return imageOf(value[0]);
  if (typeof value === 'string') return value.trim() ? { path: value.trim() } : undefined;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const record = value as Record<string, unknown>;
    const src = record.image ?? record.src ?? record.url ?? record.path;
    const image = typeof src === 'string' && src.trim() ? src.trim() : undefined;
    return image ? { path: image, ...(oneLine(record.alt) ? { alt: oneLine(record.alt) } : {}) } : undefined;
  }
  return undefined;
}

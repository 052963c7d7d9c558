// The common fields every blog has, read from another generator's front matter (which key means
// which field is the generators' convention, common-keys.ts), so that no site has to say it.
import { statSync } from 'node:fs';
import path from 'node:path';
import { SiteError } from '../errors.ts';
import { postSlugFromTitle } from '../route/slugs.ts';
import { CommonKeys, type MappedKey } from './common-keys.ts';
import { dateOf, imageOf, list, oldAddress, oneLine } from './front-matter-values.ts';
import { lineOf, writtenText, type ReadPost } from './read-post.ts';

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
  /**
   * Values of the address keys that are no path of a site as written (a permalink pattern, a relative alias): the
   * site's rules may tell them (old-addresses.ts).
   */
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
  const keys = new CommonKeys(post.frontMatter);
  const fail: Fail = (code, message, hint, key) => {
    errors.push(new SiteError({ code, message, hint, file: post.file, line: key ? lineOf(post, key) : 1 }));
  };
  // The order fields are taken in decides which of two keys a field gets: keep it.
  const jekyll = jekyllName.exec(path.basename(post.file));
  const title = oneLine(keys.take('title'));
  if (!title) fail('import.missing-field', 'the post has no title', 'Add `title:` to its front matter.');
  const { date, time } = readDate(post, keys, jekyll, where.inDrafts, fail);
  const slug = readSlug(post, keys, jekyll, where.bundle, title, fail);
  const published = keys.take('published');
  const draft = keys.take('draft') === true || String(published) === 'false' || where.inDrafts;
  const { aliases, unresolved } = readAliases(keys);
  const image = imageOf(keys.take('image'));
  const imageAlt = oneLine(keys.take('imageAlt')) ?? image?.alt;
  const description = oneLine(keys.take('description'));
  const tags = list(keys.take('tags'), jekyll !== null);
  const categories = list(keys.take('categories'), jekyll !== null);
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
    mapped: keys.mapped,
    ...leftoverKeys(post.frontMatter, keys.used),
  };
}

/** Records a problem that keeps the post from being imported, at the line of `key` when there is one. */
type Fail = (code: 'import.missing-field' | 'import.bad-value', message: string, hint: string, key?: string) => void;

/** The post's date, `YYYY-MM-DD`, and the time of day its date gives as written. */
function readDate(
  post: ReadPost,
  keys: CommonKeys,
  jekyll: RegExpExecArray | null,
  inDrafts: boolean,
  fail: Fail,
): { date: string | undefined; time: string | undefined } {
  // Jekyll dates a draft without a date by when its file was last changed.
  const draftDate = inDrafts ? modifiedOn(post.file) : undefined;
  const writtenDate = keys.take('date');
  const dateKey = keys.keyOf('date');
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
  const time = /^\d{4}-\d{2}-\d{2}[T ](\d{2}:\d{2}(?::\d{2})?)/.exec(
    String(dateKey ? (writtenText(post, dateKey) ?? '') : '').replace(/^["']/, ''),
  )?.[1];
  return { date, time };
}

/**
 * The post's slug: its front matter's, else its name's (Jekyll's, its bundle's, its file's), else
 * its title's.
 */
function readSlug(
  post: ReadPost,
  keys: CommonKeys,
  jekyll: RegExpExecArray | null,
  bundle: string | undefined,
  title: string | undefined,
  fail: Fail,
): string {
  const writtenSlug = keys.take('slug');
  const fromName = bundle
    ? path.basename(bundle)
    : jekyll
      ? jekyll[2]!
      : path.basename(post.file).replace(/\.(md|markdown)$/i, '');
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
  return slug;
}

/** The former addresses of the post as site paths, and the values that are no site path as written. */
function readAliases(keys: CommonKeys): { aliases: string[]; unresolved: string[] } {
  const aliases: string[] = [];
  const unresolved: string[] = [];
  for (const alias of list(keys.takeAll('aliases'))) {
    const address = oldAddress(alias);
    if (address) aliases.push(address);
    else unresolved.push(alias);
  }
  return { aliases, unresolved };
}

/**
 * The keys no common field took, once every common field is taken: what is left has no common
 * meaning. A key `__proto__` is no field of any generator: set on the object that collects the
 * rest, it would replace that object's prototype rather than add a field, so it is reported and
 * left out.
 */
function leftoverKeys(
  frontMatter: Record<string, unknown>,
  used: ReadonlySet<string>,
): { leftover: Record<string, unknown>; notCarried: string[] } {
  const leftover = Object.fromEntries(
    Object.entries(frontMatter).filter(([key]) => !used.has(key) && key !== '__proto__'),
  );
  const notCarried: string[] = [];
  if (Object.hasOwn(frontMatter, '__proto__'))
    notCarried.push('the key "__proto__" (JavaScript\'s name for an object\'s prototype, not a field) is left out');
  return { leftover, notCarried };
}

function withValue<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, string>);
}

/** The day a file was last changed, `YYYY-MM-DD`; undefined when it cannot be told. */
function modifiedOn(file: string): string | undefined {
  const changed = statSync(file, { throwIfNoEntry: false })?.mtime;
  return changed ? changed.toISOString().slice(0, 10) : undefined;
}

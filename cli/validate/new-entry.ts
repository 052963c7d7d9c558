import { realpathSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';
import { SiteError, collectSiteErrors } from '../errors.ts';
import { renderEntry } from '../load/front-matter.ts';
import { parseMarkdown, type RawMarkdown } from '../load/load-content.ts';
import { parsePostDate } from './post-date.ts';
import { issueToError } from './schema-issues.ts';
import { validateEntry } from './validate-content.ts';

// The file `new-post` writes (written by load/front-matter.ts), checked by the collection's
// schema, then read back by the build's own loader, before anything is written.

const slugPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * The slug of each entry of a collection as read (its front matter's, else its file's or bundle
 * folder's name), with its file.
 */
export function existingSlugs(entries: RawMarkdown[]): Map<string, string> {
  return new Map(
    entries.map((file) => [
      String(file.frontMatter.slug ?? (file.bundle ? path.basename(file.bundle) : path.basename(file.file, '.md'))),
      file.file,
    ]),
  );
}

/** Refuses an empty title, a malformed slug or date, and a slug another entry already has. */
export function checkNewEntry(
  values: { title: string; slug: string; date: string },
  existingSlugs: Map<string, string>,
): void {
  if (!values.title.trim())
    throw new SiteError({
      code: 'new-post.empty-title',
      message: 'the title is empty',
      hint: 'Pass the title in quotes: new-post "My post title".',
    });
  if (!slugPattern.test(values.slug)) {
    throw new SiteError({
      code: 'new-post.bad-slug',
      message: `slug "${values.slug}" is not lowercase words joined by hyphens`,
      hint: 'Use something like --slug my-post-title.',
    });
  }
  if (existingSlugs.has(values.slug)) {
    throw new SiteError({
      code: 'new-post.slug-taken',
      message: `slug "${values.slug}" is already used by this post, which was left untouched`,
      file: existingSlugs.get(values.slug),
      hint: 'Choose another title or pass --slug.',
    });
  }
  // The build's own date check: Date.parse rolls 2024-02-30 over to March 1.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.date) || !parsePostDate(values.date)) {
    throw new SiteError({
      code: 'new-post.bad-date',
      message: `date ${JSON.stringify(values.date)} is not a date such as 2024-03-15 (years 1000 to 9999)`,
    });
  }
}

/**
 * The new entry's file, checked the way the build will check it: the front matter goes through
 * the collection's schema first, then the text about to be written is parsed back by the real
 * loader and validated, and must give back exactly the values asked for. Throws a `new-post.*`
 * error instead of returning a file the build would reject or change.
 */
export function prepareNewEntry(
  frontMatter: Record<string, unknown>,
  body: string,
  schema: z.ZodType | undefined,
  file: string,
): string {
  if (schema) {
    const checked = schema.safeParse(frontMatter, { reportInput: true });
    if (!checked.success) {
      const reason = issueToError(checked.error.issues[0]!, file, {});
      throw new SiteError({
        code: 'new-post.invalid-field',
        message: reason.message,
        hint: 'Change that value; the build would refuse the entry.',
      });
    }
  }
  const text = renderEntry(frontMatter, body);
  checkRoundTrip(text, frontMatter, schema, file);
  return text;
}

/** Fails unless `text` loads and validates as an entry carrying exactly `frontMatter`. */
export function checkRoundTrip(
  text: string,
  frontMatter: Record<string, unknown>,
  schema: z.ZodType | undefined,
  file: string,
): void {
  const fail = (reason: string) =>
    new SiteError({
      code: 'new-post.round-trip',
      message: `the post would not read back as given: ${reason}`,
      hint: 'Please report this: new-post wrote front matter its own loader reads differently.',
    });
  const errors: SiteError[] = [];
  let read: Record<string, unknown> | undefined;
  try {
    const raw = parseMarkdown(file, text);
    read = schema ? validateEntry(raw, schema, errors)?.data : raw.frontMatter;
  } catch (error) {
    errors.push(
      ...(collectSiteErrors(error) ?? [new SiteError({ code: 'new-post.round-trip', message: String(error) })]),
    );
  }
  if (errors.length > 0 || !read) throw fail(errors.map((error) => error.message).join('; ') || 'it does not load');
  for (const [key, wanted] of Object.entries(frontMatter)) {
    const value = read[key] instanceof Date ? (read[key] as Date).toISOString().slice(0, 10) : read[key];
    if (!isDeepStrictEqual(value, wanted))
      throw fail(`${key} ${JSON.stringify(wanted)} reads as ${JSON.stringify(value)}`);
  }
}

/** Today's date in the author's time zone, as YYYY-MM-DD. */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The collection's folder, refused when it resolves outside the content folder (a symlink), as the
 * build refuses it.
 */
export function checkedFolder(contentDir: string, folder: string, command = 'new-post'): string {
  const target = path.join(contentDir, folder);
  let real: string;
  let realContent: string;
  try {
    real = realpathSync(target);
    realContent = realpathSync(contentDir);
  } catch {
    throw new SiteError({
      code: 'new-post.no-folder',
      message: `the folder ${path.relative(process.cwd(), target) || target} does not exist`,
      hint: `Run ${command} in the project folder, or pass --content.`,
    });
  }
  const relative = path.relative(realContent, real);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) {
    throw new SiteError({
      code: 'content.outside-content-folder',
      message: `resolves to ${real}, outside the content folder`,
      hint: 'Make the folder a real folder inside the content folder, not a link out of it.',
      file: target,
    });
  }
  return target;
}

// An imported post's new front matter: which source keys the site's fields carry, what goes under `extra`, and the
// check that the build reads it back.
import { isDeepStrictEqual } from 'node:util';
import { dump } from 'js-yaml';
import type { ImportedEntry } from '../config/archetype-spec.ts';
import type { CollectionSpec } from '../config/content-spec.ts';
import { collectSiteErrors, SiteError } from '../errors.ts';
import { parseMarkdown } from '../load/load-content.ts';
import { issueToError } from '../validate/schema-issues.ts';
import { extraKey } from '../validate/validate-content.ts';
import { frontMatterLines } from '../load/front-matter.ts';
import { checkRoundTrip } from '../validate/new-entry.ts';
import type { CommonPost } from './common-fields.ts';

/**
 * Which source keys the site's front matter carries (each common field's value found under one
 * of its keys), and what goes under `extra`: keys no common field takes, and common fields the
 * site left out, each with its value as the source wrote it.
 */
export function sortKeys(
  common: CommonPost,
  entry: ImportedEntry,
  frontMatter: Record<string, unknown>,
  image: string | undefined,
) {
  const mapped: { from: string; to: string }[] = [];
  const kept: { key: string; why: string }[] = [];
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(common.leftover)) {
    extra[key] = value;
    kept.push({ key, why: 'no common field' });
  }
  const valueOf: Record<string, unknown> = {
    title: entry.title,
    date: entry.date,
    slug: entry.slug,
    description: entry.description,
    tags: entry.tags,
    categories: entry.categories,
    aliases: entry.aliases,
    image,
    imageAlt: entry.imageAlt,
    draft: entry.draft,
    published: entry.draft,
  };
  for (const { key, field, written } of common.mapped) {
    // A post that is not a draft needs no field to say so.
    const to =
      (field === 'draft' || field === 'published') && !entry.draft
        ? 'no field (not a draft)'
        : findKey(frontMatter, valueOf[field]);
    if (to) {
      mapped.push({ from: key, to });
      // A cover written as a mapping may hold more than the image and its alt text (`cover.caption`).
      const others =
        field === 'image' && written && typeof written === 'object' && !Array.isArray(written)
          ? Object.keys(written).filter((name) => !['image', 'src', 'url', 'path', 'alt'].includes(name))
          : [];
      if (others.length > 0) {
        extra[key] = written;
        kept.push({ key, why: `its ${others.join(', ')} besides the image` });
      }
      continue;
    }
    extra[key] = written;
    const why =
      field === 'image' && image && !entry.imageAlt
        ? "the cover has no alt text, so the post shows the site's default image: add `image:` and `imageAlt:` to use it"
        : field === 'image' && !image
          ? 'the cover image could not be brought along (see below)'
          : `the site's front matter did not take all of it`;
    kept.push({ key, why });
  }
  return { mapped, kept, extra };
}

/** The front-matter key holding `value` (a list's every item, a text possibly cut short with "…"), if any. */
function findKey(frontMatter: Record<string, unknown>, value: unknown): string | undefined {
  if (value === undefined || (Array.isArray(value) && value.length === 0)) return undefined;
  const holds = (held: unknown, wanted: unknown): boolean => {
    if (isDeepStrictEqual(held, wanted)) return true;
    if (typeof held === 'string' && typeof wanted === 'string')
      return held.endsWith('…') && wanted.startsWith(held.slice(0, -1));
    if (Array.isArray(held)) return held.some((item) => holds(item, wanted));
    return false;
  };
  return Object.keys(frontMatter).find((key) =>
    Array.isArray(value) ? value.every((item) => holds(frontMatter[key], item)) : holds(frontMatter[key], value),
  );
}

/** The new `index.md`: the site's front matter as new-post writes it, `extra` as YAML, and the body as it was. */
export function entryText(frontMatter: Record<string, unknown>, extra: Record<string, unknown>, body: string): string {
  const extraLines =
    Object.keys(extra).length > 0
      ? [
          `${extraKey}:`,
          ...dump(extra, { noRefs: true, lineWidth: -1, sortKeys: false })
            .trimEnd()
            .split('\n')
            .map((line) => `  ${line}`),
        ]
      : [];
  return ['---', ...frontMatterLines(frontMatter), ...extraLines, '---', ''].join('\n') + body;
}

/**
 * Checks the new file as the build will read it: the site's schema on the front matter, then
 * the text parsed back by the build's loader, giving back every value and `extra` as they were.
 */
export function checkEntry(
  text: string,
  frontMatter: Record<string, unknown>,
  extra: Record<string, unknown>,
  collection: CollectionSpec,
  file: string,
  source: { file: string; lineOf: (field: string | number | undefined) => number },
  errors: SiteError[],
): void {
  const checked = collection.schema?.safeParse(frontMatter, { reportInput: true });
  if (checked && !checked.success) {
    for (const issue of checked.error.issues) {
      const reason = issueToError(issue, source.file, {});
      errors.push(
        new SiteError({
          code: 'import.invalid-field',
          message: `the site would refuse the imported post: ${reason.message}`,
          hint: "Correct the value in the source's front matter; the site's archetype (`imported`) says how each field is carried.",
          file: source.file,
          line: source.lineOf(issue.path[0] as string | number | undefined),
        }),
      );
    }
    return;
  }
  try {
    checkRoundTrip(text, frontMatter, collection.schema, file);
    const read = parseMarkdown(file, text).frontMatter[extraKey] ?? {};
    if (!isDeepStrictEqual(read, extra))
      throw new SiteError({
        code: 'new-post.round-trip',
        message: 'the fields kept under extra would not read back as they were',
      });
  } catch (error) {
    for (const problem of collectSiteErrors(error) ?? [
      new SiteError({ code: 'new-post.round-trip', message: String(error) }),
    ]) {
      errors.push(
        new SiteError({
          code: problem.code,
          message: `the imported post would not read back: ${problem.message}`,
          hint: problem.hint,
          file: source.file,
          line: 1,
        }),
      );
    }
  }
}

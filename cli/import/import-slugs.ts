// The names an import gives: each post's slug (dated when two posts share one, refused when the
// site has it), and each tag or category spelled as the first post that used it spelled it.
import { lstatSync } from 'node:fs';
import path from 'node:path';
import { SiteError } from '../errors.ts';
import { termSlug } from '../route/taxonomy.ts';
import type { CommonPost } from './common-fields.ts';
import type { ImportOptions, ImportTarget, PlannedPost } from './import-posts.ts';
import type { SourcePost } from './scan-source.ts';

/**
 * Each post's slug. A slug two posts of the import share is given each one's date
 * (`launch-2019-03-14`), as the old site gave them dated addresses; two posts of one slug and one
 * date are an error (nothing tells them apart). A slug the site already has is an error, unless
 * an earlier import wrote that post and this one may replace it.
 */
export function slugsOf(
  read: { post: SourcePost; common: CommonPost }[],
  target: ImportTarget,
  options: ImportOptions,
  problems: SiteError[],
): Map<string, { slug: string; renamedFrom?: string }> {
  const count = new Map<string, number>();
  for (const { common } of read) count.set(common.slug, (count.get(common.slug) ?? 0) + 1);
  const taken = new Map<string, string>();
  const result = new Map<string, { slug: string; renamedFrom?: string }>();
  for (const { post, common } of read) {
    const slug = count.get(common.slug)! > 1 && common.date ? `${common.slug}-${common.date}` : common.slug;
    const first =
      taken.get(slug) ??
      (slug !== common.slug && count.has(slug)
        ? read.find((other) => other.common.slug === slug)?.post.file
        : undefined);
    if (first) {
      problems.push(
        new SiteError({
          code: 'import.duplicate-slug',
          message: `slug "${slug}" is also the slug of ${first}${slug === common.slug ? '' : ', of the same date'}`,
          hint: 'Give one of them its own `slug:` in its front matter.',
          file: post.file,
        }),
      );
    }
    taken.set(slug, post.file);
    result.set(post.file, { slug, ...(slug === common.slug ? {} : { renamedFrom: common.slug }) });
    if (options.replaceable?.has(slug)) continue;
    const existing =
      target.existing.get(slug) ??
      [path.join(target.folder, slug), path.join(target.folder, `${slug}.md`)].find(exists);
    if (existing) {
      problems.push(
        new SiteError({
          code: 'import.post-exists',
          message: `the site already has a post "${slug}" (${existing}), which was left untouched`,
          hint:
            "Give the imported post another `slug:` in its front matter, remove the site's post first, " +
            'or run the import with --update when an earlier import wrote it.',
          file: post.file,
        }),
      );
    }
  }
  return result;
}

/**
 * Terms written as the first imported post wrote them: blogs collected over years spell one tag
 * several ways (`Build`, `build`), and a site gives each tag one page, made from its letters
 * and digits (`termSlug`), so the spellings would ask for one address twice.
 */
export function oneSpelling(
  names: string[],
  first: Map<string, string>,
  respelled: PlannedPost['respelled'],
): string[] {
  return [
    ...new Set(
      names.map((name) => {
        const slug = termSlug(name);
        const spelling = first.get(slug);
        if (spelling === undefined) {
          first.set(slug, name);
          return name;
        }
        if (spelling !== name) respelled.push({ from: name, to: spelling });
        return spelling;
      }),
    ),
  ];
}

/** Whether anything is at `file`, a dangling link included. */
function exists(file: string): boolean {
  return lstatSync(file, { throwIfNoEntry: false }) !== undefined;
}

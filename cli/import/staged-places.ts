// Where a problem found in the staging folder is in the other generator's files: a staged post's
// front matter is told at the field of the source it was planned from, its body at the line and
// column the body was read from, a file it carries at that file's place in the source.
import path from 'node:path';
import { SiteError } from '../errors.ts';
import { bundleIndex } from '../load/bundles.ts';
import { lineStarts } from '../shared/locate-field.ts';
import type { ImportPlan, PlannedPost } from './import-posts.ts';

/** Places of the staged files, told as places in the source the import read. */
export class Locator {
  private readonly byFolder = new Map<string, { post: PlannedPost; starts: number[]; copies: Map<string, string> }>();

  constructor(
    private readonly plan: ImportPlan,
    private readonly staging: string,
    private readonly folder: string,
  ) {
    for (const post of plan.posts) {
      // The staged folder of a slug is its first post's (stageImport).
      if (this.byFolder.has(post.slug)) continue;
      this.byFolder.set(post.slug, {
        post,
        starts: lineStarts(post.body),
        copies: new Map([...post.copies].map(([source, name]) => [name, source])),
      });
    }
  }

  /**
   * The problem at its place in the source, when it is in a staged file; a path of the staging
   * folder in its message or hint is where the post will be.
   */
  place(error: SiteError): SiteError {
    const message = error.message.replaceAll(this.staging, this.folder);
    const hint = error.hint?.replaceAll(this.staging, this.folder);
    const file = error.file;
    if (!file || (file !== this.staging && !file.startsWith(this.staging + path.sep)))
      return message === error.message && hint === error.hint ? error : copy(error, { message, hint });
    const [slug = '', ...rest] = path.relative(this.staging, file).split(path.sep);
    const found = this.byFolder.get(slug);
    if (!found) return copy(error, { message, hint, file: this.plan.source });
    const { post } = found;
    const inside = rest.join('/');
    if (inside === '') return copy(error, { message, hint, file: post.source });
    if (inside !== bundleIndex)
      return copy(error, {
        message,
        hint,
        file: found.copies.get(inside) ?? post.source,
        line: error.line,
        column: error.column,
      });
    const line = error.line ?? 1;
    if (line < post.origin.writtenBodyLine) {
      const key = /^([\w-]+):/.exec(post.text.split('\n')[line - 1] ?? '')?.[1];
      return copy(error, {
        message,
        hint,
        file: post.source,
        line: key ? post.origin.fieldLine(key) : 1,
        column: undefined,
      });
    }
    const lineStart = found.starts[line - post.origin.writtenBodyLine] ?? post.body.length;
    const at = post.origin.sourceOf(lineStart + (error.column ?? 1) - 1);
    return copy(error, {
      message,
      hint,
      file: post.source,
      line: at.line,
      column: error.column === undefined ? undefined : at.column,
    });
  }
}

function copy(
  error: SiteError,
  changes: { message?: string; hint?: string | undefined; file?: string; line?: number; column?: number | undefined },
): SiteError {
  const line = 'line' in changes ? changes.line : error.line;
  const column = 'column' in changes ? changes.column : error.column;
  const hint = 'hint' in changes ? changes.hint : error.hint;
  return new SiteError({
    code: error.code,
    message: changes.message ?? error.message,
    ...(hint ? { hint } : {}),
    file: changes.file ?? error.file,
    ...(line === undefined ? {} : { line }),
    ...(column === undefined ? {} : { column }),
    cause: error,
  });
}

import type { z } from 'zod';
import { SiteError } from '../errors.ts';
import { errorCatalogue } from '../error-catalogue.ts';
import type { RawMarkdown } from '../load/load-content.ts';
import { postFrontMatterSchema } from '../site-model/schemas.ts';
import { locateFrontMatterField } from './locate-field.ts';
import type { Post } from './model.ts';
import { formatPostDate, parsePostDate, writtenPostDate } from './post-date.ts';
import { estimateReadTime } from './read-time.ts';
import { issueLocation, issueToError } from './schema-issues.ts';

/** Front matter that passed its schema, with the file's path and body. */
export type ValidMarkdown<S extends z.ZodType> = z.infer<S> & { file: string; body: string; bodyLine: number };

/** Checks a Markdown file's front matter against `schema`; problems go to `errors` at their line. */
export function validateFrontMatter<S extends z.ZodType>(file: RawMarkdown, schema: S, errors: SiteError[]): ValidMarkdown<S> | undefined {
  const result = schema.safeParse(file.frontMatter, { reportInput: true });
  if (!result.success) {
    for (const issue of result.error.issues) {
      errors.push(issueToError(issue, file.file, { line: locateFrontMatterField(file.frontMatterText, issueLocation(issue)[0]) }));
    }
    return undefined;
  }
  return { ...(result.data as object), file: file.file, body: file.body, bodyLine: file.bodyLine } as ValidMarkdown<S>;
}

/** Turns a post file into a `Post`: front matter checked, date parsed, read time filled in. */
export function validatePost(file: RawMarkdown, errors: SiteError[]): Post | undefined {
  const fm = validateFrontMatter(file, postFrontMatterSchema, errors);
  if (!fm) return undefined;
  const date = parsePostDate(writtenPostDate(file.frontMatterText) ?? fm.date);
  if (!date) {
    errors.push(new SiteError({
      code: 'content.bad-date',
      message: errorCatalogue['content.bad-date'].message(fm.date),
      file: file.file,
      line: locateFrontMatterField(file.frontMatterText, 'date'),
    }));
    return undefined;
  }
  return {
    file: file.file,
    slug: fm.slug,
    title: fm.title,
    excerpt: fm.excerpt,
    date,
    dateText: formatPostDate(date),
    readTime: fm.readTime ?? estimateReadTime(file.body),
    image: fm.image,
    imageAlt: fm.imageAlt,
    socialImage: fm.socialImage,
    socialImageAlt: fm.socialImageAlt,
    category: fm.category,
    tags: fm.tags,
    draft: fm.draft ?? false,
    body: file.body,
    bodyLine: file.bodyLine,
  };
}

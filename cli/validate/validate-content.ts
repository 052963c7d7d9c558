import type { z } from 'zod';
import type { ContentSpec } from '../config/site-definition.ts';
import { SiteError, SiteErrorList } from '../errors.ts';
import { errorCatalogue } from '../error-catalogue.ts';
import type { RawContent, RawJson, RawMarkdown } from '../load/load-content.ts';
import { recordDataOrigins, type OriginIndex } from '../render/link-origins.ts';
import { formatFieldPath, locateFrontMatterField, locateJsonField, type FieldPath } from './locate-field.ts';
import { parsePostDate, writtenPostDate } from './post-date.ts';
import { issueLocation, issueToError } from './schema-issues.ts';

/** An entry of a collection whose front matter passed its schema. */
export interface Entry<Data = Record<string, unknown>> {
  file: string;
  data: Data;
  body: string;
  /** 1-based line of the body's first line in the file. */
  bodyLine: number;
  /** The YAML between the fences, for locating fields. */
  frontMatterText: string;
  /** A dated entry's date (see `CollectionSpec.dated`). */
  date?: Date;
  draft?: boolean;
}

/** The validated content a site builds its model from. */
export interface LoadedContent {
  root: string;
  raw: RawContent;
  /** Each collection's entries; a dated collection's newest first, without drafts and future entries unless asked for. */
  collections: Record<string, Entry[]>;
  /** Each dataset as its schema parsed it, by name. */
  data: Record<string, unknown>;
  /** Where each dataset object with a link was written (link-origins.ts). */
  origins: OriginIndex;
  /** A located error about a field of a dataset or of an entry's front matter. */
  fieldError(where: { dataset: string } | { file: string }, field: FieldPath, code: SiteError['code'], message: string, hint?: string): SiteError;
}

/** Which dated entries a build keeps. */
export interface ValidateOptions {
  /** Include entries marked `draft: true`. */
  drafts?: boolean;
  /** Include entries dated after `now`. */
  future?: boolean;
  now?: Date;
}

/** Checks every dataset and every entry's front matter against its schema; collects every problem before failing. */
export function validateContent(raw: RawContent, spec: ContentSpec, options: ValidateOptions = {}): LoadedContent {
  const errors: SiteError[] = [];
  const origins: OriginIndex = new WeakMap();
  const data: Record<string, unknown> = {};
  for (const [name, dataset] of raw.data) data[name] = validateDataset(dataset, spec.data[name]!, origins, errors);
  const collections: Record<string, Entry[]> = {};
  for (const [name, collection] of Object.entries(spec.collections)) {
    const files = raw.collections[name] ?? [];
    const entries = collection.schema
      ? files.map((file) => validateEntry(file, collection.schema!, errors)).filter((entry): entry is Entry => entry !== undefined)
      : files.map((file) => ({ file: file.file, data: {}, body: file.body, bodyLine: file.bodyLine, frontMatterText: '' }));
    collections[name] = collection.dated ? datedEntries(entries, options, errors) : entries;
  }
  if (errors.length > 0) throw new SiteErrorList(errors);
  const markdownByFile = new Map(Object.values(raw.collections).flat().map((file) => [file.file, file]));
  return {
    root: raw.root,
    raw,
    collections,
    data,
    origins,
    fieldError(where, field, code, message, hint) {
      if ('dataset' in where) {
        const dataset = raw.data.get(where.dataset);
        return new SiteError({ code, message: `${formatFieldPath(field)}: ${message}`, hint, file: dataset?.file, ...(dataset ? locateJsonField(dataset.source, field) : {}) });
      }
      const frontMatter = markdownByFile.get(where.file)?.frontMatterText ?? '';
      return new SiteError({ code, message: `${formatFieldPath(field)}: ${message}`, hint, file: where.file, line: locateFrontMatterField(frontMatter, field[0]) });
    },
  };
}

function validateDataset(dataset: RawJson, schema: z.ZodType, origins: OriginIndex, errors: SiteError[]): unknown {
  const result = schema.safeParse(dataset.value, { reportInput: true });
  if (result.success) {
    recordDataOrigins(dataset, result.data, origins);
    return result.data;
  }
  errors.push(...result.error.issues.map((issue) => issueToError(issue, dataset.file, locateJsonField(dataset.source, issueLocation(issue)))));
  return undefined;
}

/** Checks a Markdown file's front matter against `schema`; problems go to `errors` at their line. */
export function validateEntry(file: RawMarkdown, schema: z.ZodType, errors: SiteError[]): Entry | undefined {
  const result = schema.safeParse(file.frontMatter, { reportInput: true });
  if (!result.success) {
    for (const issue of result.error.issues) {
      errors.push(issueToError(issue, file.file, { line: locateFrontMatterField(file.frontMatterText, issueLocation(issue)[0]) }));
    }
    return undefined;
  }
  return { file: file.file, data: result.data as Record<string, unknown>, body: file.body, bodyLine: file.bodyLine, frontMatterText: file.frontMatterText };
}

/**
 * A dated collection's entries: each date read as the author wrote it (YAML turns 2024-02-31
 * into March 2 without a word), drafts and entries dated after now left out unless asked for,
 * newest first (then by file, for a stable order).
 */
function datedEntries(entries: Entry[], options: ValidateOptions, errors: SiteError[]): Entry[] {
  const now = options.now ?? new Date();
  const dated: Entry[] = [];
  for (const entry of entries) {
    const written = entry.data.date;
    const date = parsePostDate(writtenPostDate(entry.frontMatterText) ?? (written instanceof Date ? written : String(written ?? '')));
    if (!date) {
      errors.push(new SiteError({
        code: 'content.bad-date',
        message: errorCatalogue['content.bad-date'].message(written),
        file: entry.file,
        line: locateFrontMatterField(entry.frontMatterText, 'date'),
      }));
      continue;
    }
    dated.push({ ...entry, date, draft: entry.data.draft === true });
  }
  return dated
    .filter((entry) => options.drafts || !entry.draft)
    .filter((entry) => options.future || entry.date!.getTime() <= now.getTime())
    .sort((a, b) => b.date!.getTime() - a.date!.getTime() || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

import path from 'node:path';
import type { z } from 'zod';
import type {
  CollectionSpec,
  ContentSpec,
  Entry,
  LoadedContent,
  RawContent,
  RawJson,
  RawMarkdown,
} from '../config/content-spec.ts';
import { SiteError, SiteErrorList } from '../errors.ts';
import { errorCatalogue } from '../error-catalogue.ts';
import { recordDataOrigins, type OriginIndex } from '../shared/link-origins.ts';
import { formatFieldPath, locateFrontMatterField, locateJsonField } from '../shared/locate-field.ts';
import { parsePostDate, writtenPostDate } from './post-date.ts';
import { issueErrors } from './schema-issues.ts';

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
  const drafts: DraftsLeftOut = { warnings: [], files: [] };
  for (const [name, collection] of Object.entries(spec.collections)) {
    collections[name] = validateCollection(raw.collections[name] ?? [], collection, options, errors, drafts);
  }
  if (errors.length > 0) throw new SiteErrorList(errors);
  return {
    root: raw.root,
    raw,
    collections,
    data,
    origins,
    draftWarnings: drafts.warnings,
    draftsLeftOut: drafts.files,
    fieldError: fieldErrors(raw),
  };
}

/** The drafts a build leaves out, as read, and their problems, which are warnings. */
interface DraftsLeftOut {
  warnings: SiteError[];
  files: RawMarkdown[];
}

/** A collection's entries that passed its schema (a dated one's newest first, drafts and future entries as asked). */
function validateCollection(
  files: RawMarkdown[],
  collection: CollectionSpec,
  options: ValidateOptions,
  errors: SiteError[],
  drafts: DraftsLeftOut,
): Entry[] {
  const entries: Entry[] = [];
  for (const file of files) {
    // A draft this build leaves out is checked all the same, its problems reported as warnings.
    const leftOut = collection.dated === true && !options.drafts && file.frontMatter.draft === true;
    if (leftOut) drafts.files.push(file);
    const sink = leftOut ? drafts.warnings : errors;
    const entry = collection.schema
      ? validateEntry(file, collection.schema, sink)
      : { ...entryOf(file), data: {}, frontMatterText: '' };
    if (!entry) continue;
    if (!collection.dated) entries.push(entry);
    else if (datedEntry(entry, sink) && !leftOut) entries.push(entry);
  }
  return collection.dated ? datedEntries(entries, options) : entries;
}

/** `LoadedContent.fieldError`: a problem of a field of a dataset or of an entry's front matter, at its line. */
function fieldErrors(raw: RawContent): LoadedContent['fieldError'] {
  const markdownByFile = new Map(
    Object.values(raw.collections)
      .flat()
      .map((file) => [file.file, file]),
  );
  return (where, field, code, message, hint) => {
    if ('dataset' in where) {
      const dataset = raw.data.get(where.dataset);
      return new SiteError({
        code,
        message: `${formatFieldPath(field)}: ${message}`,
        hint,
        file: dataset?.file,
        ...(dataset ? locateJsonField(dataset.source, field) : {}),
      });
    }
    const frontMatter = markdownByFile.get(where.file)?.frontMatterText ?? '';
    return new SiteError({
      code,
      message: `${formatFieldPath(field)}: ${message}`,
      hint,
      file: where.file,
      line: locateFrontMatterField(frontMatter, field[0]),
    });
  };
}

function validateDataset(dataset: RawJson, schema: z.ZodType, origins: OriginIndex, errors: SiteError[]): unknown {
  const result = schema.safeParse(dataset.value, { reportInput: true });
  if (result.success) {
    recordDataOrigins(dataset, result.data, origins);
    return result.data;
  }
  errors.push(
    ...result.error.issues.flatMap((issue) =>
      issueErrors(issue, schema, dataset.file, (field) => locateJsonField(dataset.source, field)),
    ),
  );
  return undefined;
}

/**
 * The front-matter key whose mapping an author keeps other generators' fields under: kept, never
 * validated or shown.
 */
export const extraKey = 'extra';

/**
 * Checks a Markdown file's front matter against `schema`; problems go to `errors` at their line.
 * The `extra` mapping is taken out first (see `extraKey`), so a strict schema need not know it.
 */
export function validateEntry(file: RawMarkdown, schema: z.ZodType, errors: SiteError[]): Entry | undefined {
  const { [extraKey]: extra, ...frontMatter } = file.frontMatter;
  const extraProblem =
    extra !== undefined &&
    (typeof extra !== 'object' || extra === null || Array.isArray(extra) || extra instanceof Date);
  if (extraProblem) {
    errors.push(
      new SiteError({
        code: 'content.invalid-field',
        message: `${extraKey}: expected a mapping of fields kept from elsewhere (\`${extraKey}:\` then indented \`name: value\` lines)`,
        file: file.file,
        line: locateFrontMatterField(file.frontMatterText, extraKey),
      }),
    );
  }
  const result = schema.safeParse(frontMatter, { reportInput: true });
  if (!result.success) {
    for (const issue of result.error.issues) {
      errors.push(
        ...issueErrors(
          issue,
          schema,
          file.file,
          (field) => ({ line: locateFrontMatterField(file.frontMatterText, field[0]) }),
          { extraKey },
        ),
      );
    }
    return undefined;
  }
  if (extraProblem) return undefined;
  return {
    ...entryOf(file),
    data: result.data as Record<string, unknown>,
    ...(extra ? { extra: extra as Record<string, unknown> } : {}),
  };
}

/** What an entry takes from its file as read. */
function entryOf(file: RawMarkdown): Omit<Entry, 'data'> {
  const name = file.bundle ? path.basename(file.bundle) : path.basename(file.file, '.md');
  return {
    file: file.file,
    name,
    body: file.body,
    bodyLine: file.bodyLine,
    frontMatterText: file.frontMatterText,
    ...(file.bundle ? { bundle: file.bundle } : {}),
  };
}

/**
 * Reads a dated entry's date as the author wrote it (YAML turns 2024-02-31 into March 2 without
 * a word) into `entry`; false, with the problem in `errors`, when it is not a real date.
 */
function datedEntry(entry: Entry, errors: SiteError[]): boolean {
  const written = entry.data.date;
  const date = parsePostDate(
    writtenPostDate(entry.frontMatterText) ?? (written instanceof Date ? written : String(written ?? '')),
  );
  if (!date) {
    errors.push(
      new SiteError({
        code: 'content.bad-date',
        message: errorCatalogue['content.bad-date'].message(written),
        file: entry.file,
        line: locateFrontMatterField(entry.frontMatterText, 'date'),
      }),
    );
    return false;
  }
  entry.date = date;
  entry.draft = entry.data.draft === true;
  return true;
}

/**
 * A dated collection's entries without those dated after now unless asked for, newest first (then
 * by file, for a stable order).
 */
function datedEntries(entries: Entry[], options: ValidateOptions): Entry[] {
  const now = options.now ?? new Date();
  return entries
    .filter((entry) => options.drafts || !entry.draft)
    .filter((entry) => options.future || entry.date!.getTime() <= now.getTime())
    .sort((a, b) => b.date!.getTime() - a.date!.getTime() || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

import { errorCatalogue, type ErrorCode } from './error-catalogue.ts';

/**
 * The codes a site declares itself (`errors` in its definition), which it adds here so that they
 * type-check as the engine's do (a misspelt one fails): with its codes in `siteErrors`,
 * `declare module 'sitegen/site' { interface SiteErrorCodes extends Record<keyof typeof siteErrors, true> {} }`.
 */
export interface SiteErrorCodes {}

/** A code a site declares. */
export type SiteErrorCode = Extract<keyof SiteErrorCodes, string>;

/** A problem an author can fix, located in a file where possible. */
export class SiteError extends Error {
  /** Stable code from the catalogue (cli/error-catalogue.ts) or the site's, printed after the message. */
  readonly code: ErrorCode | SiteErrorCode;
  readonly hint?: string;
  readonly file?: string;
  readonly line?: number;
  readonly column?: number;

  constructor(options: {
    code: ErrorCode | SiteErrorCode;
    message: string;
    hint?: string;
    file?: string;
    line?: number;
    column?: number;
    cause?: unknown;
  }) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'SiteError';
    this.code = options.code;
    this.hint = options.hint;
    this.file = options.file;
    this.line = options.line;
    this.column = options.column;
  }
}

/** Several problems found in one pass, so an author sees them all at once. */
export class SiteErrorList extends Error {
  readonly errors: SiteError[];

  constructor(errors: SiteError[]) {
    super(`${errors.length} problem${errors.length === 1 ? '' : 's'} found`);
    this.name = 'SiteErrorList';
    this.errors = errors;
  }
}

/** Flattens anything thrown by the pipeline into a list of located errors. */
export function collectSiteErrors(error: unknown): SiteError[] | undefined {
  if (error instanceof SiteErrorList) return error.errors;
  if (error instanceof SiteError) return [error];
  return undefined;
}

/** Formats `file:line:col  message` rows grouped by file, then a count. */
export function formatSiteErrors(errors: SiteError[], cwd = process.cwd()): string {
  const groups = new Map<string, SiteError[]>();
  const lines: string[] = [];
  for (const error of errors) {
    if (!error.file) {
      lines.push(`error: ${error.message}  [${error.code}]`, ...(error.hint ? [`  hint: ${error.hint}`] : []));
      continue;
    }
    const key = relativeTo(cwd, error.file);
    groups.set(key, [...(groups.get(key) ?? []), error]);
  }
  for (const [file, group] of groups) {
    lines.push(file);
    for (const error of group) {
      const position = error.line ? `${file}:${error.line}${error.column ? `:${error.column}` : ''}` : file;
      lines.push(`  ${position}  ${error.message}  [${error.code}]`);
      if (error.hint) lines.push(`    hint: ${error.hint}`);
    }
  }
  lines.push('', `${errors.length} error${errors.length === 1 ? '' : 's'}`);
  return lines.join('\n');
}

/** One row per warning, `  file:line:col  message  [code]`, and its hint below it. */
export function warningRows(warnings: SiteError[], cwd = process.cwd()): string[] {
  return warnings.flatMap((warning) => {
    const file = warning.file && relativeTo(cwd, warning.file);
    const place = file ? `${file}${warning.line ? `:${warning.line}:${warning.column ?? 1}` : ''}  ` : '';
    return [`  ${place}${warning.message}  [${warning.code}]`, ...(warning.hint ? [`    hint: ${warning.hint}`] : [])];
  });
}

/** The warning block for SVG files published sanitized, printed by `build` and `dev`. */
export function formatSanitizedImages(warnings: SiteError[], cwd = process.cwd()): string {
  const count = `${warnings.length} file${warnings.length === 1 ? '' : 's'}`;
  return [
    `SVG published sanitized (${count}; the published file differs from the source):`,
    ...warningRows(warnings, cwd),
    '',
  ].join('\n');
}

/**
 * The warning block for HTML removed from Markdown bodies, printed by `build` and `dev`: one row
 * each, the hint once.
 */
export function formatRemovedHtml(warnings: SiteError[], cwd = process.cwd()): string {
  const count = `${warnings.length} piece${warnings.length === 1 ? '' : 's'}`;
  const hint = errorCatalogue['markdown.html-removed'].hint;
  return [
    `HTML removed from Markdown (${count}; the pages show the rest):`,
    ...warningRows(warnings, cwd),
    `  hint: ${hint}`,
    '',
  ].join('\n');
}

/** Whether a warning is an accessibility finding of a body's content (accessibility-lint.ts). */
export function isAccessibilityFinding(warning: SiteError): boolean {
  return warning.code.startsWith('accessibility.');
}

/**
 * The warning block for what the accessibility checks found in Markdown bodies, printed by `build` and `dev`: one row
 * each, with its hint.
 */
export function formatAccessibilityFindings(warnings: SiteError[], cwd = process.cwd()): string {
  const count = `${warnings.length} finding${warnings.length === 1 ? '' : 's'}`;
  return [
    `Accessibility of the content (${count}; the pages are published as they are, build --strict refuses them):`,
    ...warningRows(warnings, cwd),
    '',
  ].join('\n');
}

/**
 * The warning block for other generators' template tags left in Markdown bodies, printed by `build` and `dev`: one row
 * each, the hint once.
 */
export function formatTemplateTags(warnings: SiteError[], cwd = process.cwd()): string {
  const count = `${warnings.length} tag${warnings.length === 1 ? '' : 's'}`;
  const hint = errorCatalogue['markdown.template-tag'].hint;
  return [
    `Template tags of another generator in Markdown (${count}; the pages show them as text):`,
    ...warningRows(warnings, cwd),
    `  hint: ${hint}`,
    '',
  ].join('\n');
}

/**
 * The warnings of Markdown bodies as `build` and `dev` print them: the HTML removed, the template
 * tags left in, then what the accessibility checks found, then any other, one row each.
 */
export function formatBodyWarnings(warnings: SiteError[], cwd = process.cwd()): string {
  const removed = warnings.filter((warning) => warning.code === 'markdown.html-removed');
  const tags = warnings.filter((warning) => warning.code === 'markdown.template-tag');
  const accessibility = warnings.filter(isAccessibilityFinding);
  const other = warnings.filter(
    (warning) => !removed.includes(warning) && !tags.includes(warning) && !accessibility.includes(warning),
  );
  return [
    ...(removed.length > 0 ? [formatRemovedHtml(removed, cwd)] : []),
    ...(tags.length > 0 ? [formatTemplateTags(tags, cwd)] : []),
    ...(accessibility.length > 0 ? [formatAccessibilityFindings(accessibility, cwd)] : []),
    ...(other.length > 0
      ? [[`Warnings of Markdown bodies (${other.length}):`, ...warningRows(other, cwd), ''].join('\n')]
      : []),
  ].join('\n');
}

function relativeTo(cwd: string, file: string): string {
  return file.startsWith(cwd + '/') ? file.slice(cwd.length + 1) : file;
}

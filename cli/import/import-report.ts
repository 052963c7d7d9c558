// What an import did, post by post: where each went, which keys the site took, which it keeps
// under `extra`, and what did not come across. Written as Markdown beside the project, and
// summed up in one line on the terminal.
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  writeFileSync,
  type Stats,
} from 'node:fs';
import path from 'node:path';
import { errorCatalogue } from '../error-catalogue.ts';
import { SiteError } from '../errors.ts';
import { kindOf } from '../static-host/list-site-files.ts';
import type { ImportPlan, PlannedPost } from './import-posts.ts';

/** The first line of every report: a file that starts otherwise is not one, and is not replaced. */
export const reportHeading = '# sitegen import report';

const kindNames: Record<PlannedPost['kind'], string> = {
  bundle: 'page bundle',
  file: 'single file',
  jekyll: 'Jekyll post',
};
const generatorNames: Record<ImportPlan['generator'], string> = {
  jekyll: 'a Jekyll site',
  hugo: 'a Hugo site',
  next: 'a Next.js site',
  gatsby: 'a Gatsby site',
  eleventy: 'an Eleventy site',
  folder: 'a folder of posts',
};

/** How an import ended: what its check found, and whether it wrote the posts. */
export interface ImportOutcome {
  written: boolean;
  problems: SiteError[];
  warnings: SiteError[];
  /** The old site's feed addresses the site does not answer. */
  unansweredFeeds: string[];
}

/**
 * The report, paths relative to `cwd`: what was (or would be) written where, then every problem
 * and warning, grouped by kind.
 */
export function renderReport(
  plan: ImportPlan,
  cwd: string,
  outcome: ImportOutcome = { written: true, problems: [], warnings: [], unansweredFeeds: [] },
): string {
  const shown = (file: string) => path.relative(cwd, file) || '.';
  return [
    ...renderOpening(plan, outcome),
    ...renderGrouped('Problems', outcome.problems, shown),
    ...renderGrouped('Warnings the build will print', outcome.warnings, shown),
    ...renderFeeds(plan.feeds, outcome.unansweredFeeds),
    ...(plan.notes.length > 0 ? ['## The source', '', ...plan.notes.map((note) => `- ${note}`), ''] : []),
    ...plan.posts.flatMap((post) => renderPost(post, plan.source, shown)),
    ...(plan.skipped.length > 0
      ? [
          '## Not imported',
          '',
          ...plan.skipped.map(({ file, reason }) => `- ${path.relative(plan.source, file)}: ${reason}`),
          '',
        ]
      : []),
  ].join('\n');
}

/** `n` things, `what` in the plural unless there is one. */
function count(n: number, what: string): string {
  return `${n} ${what}${n === 1 ? '' : 's'}`;
}

/** The heading, where the posts come from, and whether they were written. */
function renderOpening(plan: ImportPlan, outcome: ImportOutcome): string[] {
  const drafted = plan.posts.filter((post) => post.draftBecause);
  const posts = count(plan.posts.length, 'post');
  const how = outcome.written ? 'written' : 'to be written';
  const lines = [
    reportHeading,
    '',
    `From ${plan.source} (${generatorNames[plan.generator]}): ${posts}, each ${how} as a page bundle.`,
    '',
  ];
  if (!outcome.written)
    lines.push(
      `Nothing was written: ${count(outcome.problems.length, 'problem')} would stop the build (below, by kind). ` +
        'Fix them in the source and import again, or import with --drafts-on-error to import the posts that ' +
        'have them as drafts.',
      '',
    );
  if (drafted.length > 0)
    lines.push(
      `${count(drafted.length, 'post')} with problems ${drafted.length === 1 ? 'was' : 'were'} imported as drafts ` +
        `(--drafts-on-error): the build leaves ${drafted.length === 1 ? 'it' : 'them'} out until fixed.`,
      '',
    );
  return lines;
}

/** A section of errors grouped by code, each group with its catalogue title, and its hint when they share one. */
function renderGrouped(title: string, errors: SiteError[], shown: (file: string) => string): string[] {
  if (errors.length === 0) return [];
  const lines = [`## ${title}`, ''];
  const byCode = new Map<string, SiteError[]>();
  for (const error of errors) byCode.set(error.code, [...(byCode.get(error.code) ?? []), error]);
  for (const [code, found] of [...byCode].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const known = (errorCatalogue as Record<string, { title: string }>)[code];
    lines.push(`### ${code}: ${known?.title ?? code} (${found.length})`, '');
    for (const error of found) lines.push(`- ${locationOf(error, shown)}${error.message}`);
    const hints = [...new Set(found.map((error) => error.hint).filter((hint): hint is string => hint !== undefined))];
    if (hints.length === 1) lines.push(`- hint: ${hints[0]}`);
    lines.push('');
  }
  return lines;
}

/** `file:line:column` and two spaces, as far as the error says; nothing for an error without a file. */
function locationOf(error: SiteError, shown: (file: string) => string): string {
  if (!error.file) return '';
  const column = error.column ? `:${error.column}` : '';
  return `${shown(error.file)}${error.line ? `:${error.line}${column}` : ''}  `;
}

/** The old site's feeds, each answered by the site or not. */
function renderFeeds(feeds: string[], unanswered: string[]): string[] {
  if (feeds.length === 0) return [];
  const answer = (feed: string) =>
    unanswered.includes(feed)
      ? "the site has no page or redirect there: add a redirect from it to the site's feed"
      : 'answered by the site';
  return ['## Feeds', '', ...feeds.map((feed) => `- ${feed}: ${answer(feed)}`), ''];
}

/** One post: where it came from and went, and what the import did with its keys, addresses, files and body. */
function renderPost(post: PlannedPost, source: string, shown: (file: string) => string): string[] {
  const lines = [
    `## ${post.slug}`,
    '',
    `- from: ${path.relative(source, post.source)} (${kindNames[post.kind]})`,
    `- to: ${shown(post.folder)}/index.md`,
  ];
  if (post.renamedFrom)
    lines.push(
      `- slug: ${post.slug}, since another post of the import is "${post.renamedFrom}" too: ` +
        'each has its date in its slug',
    );
  if (post.draftBecause) lines.push(`- imported as a draft, because of: ${post.draftBecause.join('; ')}`);
  if (post.mapped.length > 0)
    lines.push(`- mapped: ${post.mapped.map(({ from, to }) => (from === to ? from : `${from} → ${to}`)).join(', ')}`);
  if (post.kept.length > 0)
    lines.push(`- kept under extra: ${post.kept.map(({ key, why }) => `${key} (${why})`).join('; ')}`);
  if (post.aliases.length > 0) lines.push(`- old addresses: ${post.aliases.join(', ')}`);
  if (post.copies.size > 0) lines.push(`- files: ${[...post.copies.values()].join(', ')}`);
  for (const change of post.converted)
    lines.push(`- converted, line ${change.line}: ${oneLine(change.from)} → ${oneLine(change.to) || '(removed)'}`);
  for (const change of post.rewritten) lines.push(`- rewritten, line ${change.line}: ${change.from} → ${change.to}`);
  if (post.respelled.length > 0)
    lines.push(
      `- written as an earlier post writes it: ${post.respelled.map(({ from, to }) => `${from} → ${to}`).join(', ')}`,
    );
  if (post.notCarried.length > 0) lines.push('- could not carry:', ...post.notCarried.map((item) => `  - ${item}`));
  lines.push('');
  return lines;
}

/** A change as one line of the report, at most 80 characters. */
function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 77)}…` : line;
}

/** The lines printed after an import that wrote its posts. */
export function summaryOf(plan: ImportPlan, folder: string, report: string, cwd: string, warnings = 0): string {
  const sum = (of: (post: PlannedPost) => number) => plan.posts.reduce((total, post) => total + of(post), 0);
  const drafted = plan.posts.filter((post) => post.draftBecause).length;
  return [
    `Imported ${count(plan.posts.length, 'post')} into ${path.relative(cwd, folder) || '.'}/ as page bundles, with ${count(
      sum((post) => post.copies.size),
      'file',
    )} beside them:`,
    `  ${count(
      sum((post) => post.mapped.length),
      'field',
    )} mapped, ${count(
      sum((post) => post.kept.length),
      'field',
    )} kept under extra, ${sum((post) => post.aliases.length)} old address${sum((post) => post.aliases.length) === 1 ? '' : 'es'} kept, ${count(
      sum((post) => post.converted.length),
      'tag',
    )} converted, ${count(
      sum((post) => post.notCarried.length),
      'thing',
    )} not carried, ${count(
      sum((post) => post.rewritten.length),
      'reference',
    )} rewritten${plan.skipped.length > 0 ? `, ${count(plan.skipped.length, 'file')} not imported` : ''}.`,
    ...(drafted > 0 ? [`  ${count(drafted, 'post')} with problems imported as drafts.`] : []),
    ...(warnings > 0 ? [`  ${count(warnings, 'warning')} the build will print (in the report).`] : []),
    `  Report: ${path.relative(cwd, report)}`,
  ].join('\n');
}

/**
 * What is at the report's path now: nothing, or an earlier report (a regular file starting with
 * `reportHeading`), which a new report replaces. Anything else is refused before anything is
 * imported: a file the import did not write (`import.report-exists`), and a symbolic link
 * (dangling or not), a FIFO, a folder or any other entry that is not a regular file
 * (`import.report-unwritable`): writing through a link would write where it leads, and a FIFO
 * would hold the import until something reads it.
 */
export function checkReportFile(file: string): 'absent' | 'earlier-report' {
  let info: Stats;
  try {
    info = lstatSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'absent';
    throw unwritable(file, `cannot be looked at (${(error as NodeJS.ErrnoException).code ?? String(error)})`, error);
  }
  if (info.isSymbolicLink())
    throw unwritable(file, 'is a symbolic link; the report is written only as a file of its own');
  if (!info.isFile()) throw unwritable(file, `is ${kindOf(info)}, not a regular file`);
  if (!startsWithHeading(file)) {
    throw new SiteError({
      code: 'import.report-exists',
      message: 'this file is not a report of an earlier import, and was left untouched',
      file,
      hint: 'Pass --report with another file name.',
    });
  }
  return 'earlier-report';
}

/**
 * Writes the report as a regular file this run creates: with nothing at the path, created there
 * only if still nothing is (`wx`, which neither follows a link nor opens a FIFO); over an earlier
 * report, created beside it under a new name and renamed into its place, which replaces the
 * entry itself and never writes through whatever it has become.
 */
export function writeReport(file: string, text: string, found: 'absent' | 'earlier-report'): void {
  const target = found === 'absent' ? file : `${file}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
  try {
    writeFileSync(target, text, { flag: 'wx' });
    if (target !== file) renameSync(target, file);
  } catch (error) {
    if (target !== file) rmSync(target, { force: true });
    const code = (error as NodeJS.ErrnoException).code;
    throw unwritable(
      file,
      code === 'EEXIST'
        ? 'appeared while the import ran, so it was left as it is'
        : `cannot be written (${code ?? String(error)})`,
      error,
    );
  }
}

/**
 * Whether the regular file `file` starts with the report's heading; opened without following a link or waiting on a
 * FIFO.
 */
function startsWithHeading(file: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    throw unwritable(file, `cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`, error);
  }
  try {
    if (!fstatSync(fd).isFile()) throw unwritable(file, 'is not a regular file');
    const heading = Buffer.from(reportHeading);
    const start = Buffer.alloc(heading.length);
    let read = 0;
    for (let count = -1; count !== 0 && read < start.length; read += count)
      count = readSync(fd, start, read, start.length - read, null);
    return start.subarray(0, read).equals(heading);
  } finally {
    closeSync(fd);
  }
}

function unwritable(file: string, reason: string, cause?: unknown): SiteError {
  return new SiteError({
    code: 'import.report-unwritable',
    message: `the import report's path ${reason}`,
    file,
    hint: 'Pass --report with the name of a new file, or of an earlier report, in a folder you can write.',
    ...(cause === undefined ? {} : { cause }),
  });
}

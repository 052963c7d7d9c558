// What an import did, post by post: where each went, which keys the site took, which it keeps
// under `extra`, and what did not come across. Written as Markdown beside the project, and
// summed up in one line on the terminal.
import { randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, renameSync, rmSync, writeFileSync, type Stats } from 'node:fs';
import path from 'node:path';
import { SiteError } from '../errors.ts';
import { kindOf } from '../static-host/list-site-files.ts';
import type { ImportPlan, PlannedPost } from './import-posts.ts';

/** The first line of every report: a file that starts otherwise is not one, and is not replaced. */
export const reportHeading = '# sitegen import report';

const kindNames: Record<PlannedPost['kind'], string> = { bundle: 'page bundle', file: 'single file', jekyll: 'Jekyll post' };

/** The report, paths relative to `cwd`. */
export function renderReport(plan: ImportPlan, cwd: string): string {
  const shown = (file: string) => path.relative(cwd, file) || '.';
  const lines = [reportHeading, '', `From ${plan.source}: ${plan.posts.length} post${plan.posts.length === 1 ? '' : 's'}, each written as a page bundle.`, ''];
  for (const post of plan.posts) {
    lines.push(`## ${post.slug}`, '', `- from: ${path.relative(plan.source, post.source)} (${kindNames[post.kind]})`, `- to: ${shown(post.folder)}/index.md`);
    if (post.mapped.length > 0) lines.push(`- mapped: ${post.mapped.map(({ from, to }) => (from === to ? from : `${from} → ${to}`)).join(', ')}`);
    if (post.kept.length > 0) lines.push(`- kept under extra: ${post.kept.map(({ key, why }) => `${key} (${why})`).join('; ')}`);
    if (post.copies.size > 0) lines.push(`- files: ${[...post.copies.values()].join(', ')}`);
    for (const change of post.rewritten) lines.push(`- rewritten, line ${change.line}: ${change.from} → ${change.to}`);
    if (post.respelled.length > 0) lines.push(`- written as an earlier post writes it: ${post.respelled.map(({ from, to }) => `${from} → ${to}`).join(', ')}`);
    if (post.notCarried.length > 0) lines.push('- could not carry:', ...post.notCarried.map((item) => `  - ${item}`));
    lines.push('');
  }
  if (plan.skipped.length > 0) {
    lines.push('## Not imported', '', ...plan.skipped.map(({ file, reason }) => `- ${path.relative(plan.source, file)}: ${reason}`), '');
  }
  return lines.join('\n');
}

/** The line printed after an import. */
export function summaryOf(plan: ImportPlan, folder: string, report: string, cwd: string): string {
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
  const sum = (of: (post: PlannedPost) => number) => plan.posts.reduce((total, post) => total + of(post), 0);
  return [
    `Imported ${count(plan.posts.length, 'post')} into ${path.relative(cwd, folder) || '.'}/ as page bundles, with ${count(sum((post) => post.copies.size), 'file')} beside them:`,
    `  ${count(sum((post) => post.mapped.length), 'field')} mapped, ${count(sum((post) => post.kept.length), 'field')} kept under extra, ${count(sum((post) => post.notCarried.length), 'thing')} not carried, ${count(sum((post) => post.rewritten.length), 'reference')} rewritten${plan.skipped.length > 0 ? `, ${count(plan.skipped.length, 'file')} not imported` : ''}.`,
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
  if (info.isSymbolicLink()) throw unwritable(file, 'is a symbolic link; the report is written only as a file of its own');
  if (!info.isFile()) throw unwritable(file, `is ${kindOf(info)}, not a regular file`);
  if (!startsWithHeading(file)) {
    throw new SiteError({ code: 'import.report-exists', message: 'this file is not a report of an earlier import, and was left untouched', file, hint: 'Pass --report with another file name.' });
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
    throw unwritable(file, code === 'EEXIST' ? 'appeared while the import ran, so it was left as it is' : `cannot be written (${code ?? String(error)})`, error);
  }
}

/** Whether the regular file `file` starts with the report's heading; opened without following a link or waiting on a FIFO. */
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
    for (let count = -1; count !== 0 && read < start.length; read += count) count = readSync(fd, start, read, start.length - read, null);
    return start.subarray(0, read).equals(heading);
  } finally {
    closeSync(fd);
  }
}

function unwritable(file: string, reason: string, cause?: unknown): SiteError {
  return new SiteError({
    code: 'import.report-unwritable', message: `the import report's path ${reason}`, file,
    hint: 'Pass --report with the name of a new file, or of an earlier report, in a folder you can write.', ...(cause === undefined ? {} : { cause }),
  });
}

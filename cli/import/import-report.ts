// What an import did, post by post: where each went, which keys the site took, which it keeps
// under `extra`, and what did not come across. Written as Markdown beside the project, and
// summed up in one line on the terminal.
import path from 'node:path';
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

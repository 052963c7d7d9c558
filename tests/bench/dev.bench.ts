// Starts `sitegen dev` as a user runs it (the launcher, cli/bin.js, running the compiled engine in
// lib/ with React's production build) on a copy of the project, edits one post 20 times and one
// template 10 times, and prints the median time from the file write to the reload event.
// Run: npm run bench:dev [-- --edits 20] [--gap 50] [--project <dir>] [--engine <dir>] [--cpu-prof <dir>]
// `--gap` is the pause in ms between a reload and the next edit; `--project` copies another
// project (one kept by `npm run bench:build -- --posts 1000 --keep`), sharing its cache;
// `--engine` runs the launcher of another checkout (an older commit, to compare), this one's by default.
// `--cpu-prof` writes the dev process's CPU profiles (Node's `--cpu-prof`) into that folder.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { projectRoot } from '../helpers/content.ts';
import { copyProject } from '../helpers/project-copy.ts';
import { openEventStream } from '../helpers/sse.ts';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const option = (name: string) => Number(process.argv[process.argv.indexOf(name) + 1]) || undefined;
const folderOption = (name: string) =>
  process.argv.includes(name) ? path.resolve(process.argv[process.argv.indexOf(name) + 1]!) : undefined;
/** Edits of the post; the template is edited half as many times. */
const postEdits = option('--edits') ?? 20;
const gap = option('--gap') ?? 50;
const from = folderOption('--project');
const engine = folderOption('--engine') ?? projectRoot;
const profiles = folderOption('--cpu-prof');

// The edits go to a copy, so the working tree is never touched.
const { root, cleanup } = await copyProject({ from });
const posts = path.join(root, 'content', 'posts');
/** The marketing site's post, or the first of another project's. */
const postNames = (await readdir(posts)).filter((name) => name.endsWith('.md')).sort();
const postFile = postNames.includes('ai-powered-bug-reports.md') ? 'ai-powered-bug-reports.md' : postNames[0]!;

// `sitegen dev` in the copy, as a user starts it: the launcher compiles the engine if a source changed.
const profiling = profiles ? ['--cpu-prof', `--cpu-prof-dir=${profiles}`] : [];
const child = spawn(process.execPath, [...profiling, path.join(engine, 'cli', 'bin.js'), 'dev', '--port', '0'], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'inherit'],
});
const lines = createInterface({ input: child.stdout! });
/** The next line the dev server prints that matches `pattern`. */
function nextLine(pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    const onLine = (line: string) => {
      const match = pattern.exec(line);
      if (!match) return;
      lines.off('line', onLine);
      resolve(match);
    };
    lines.on('line', onLine);
    child.once('exit', (code) => reject(new Error(`sitegen dev exited (${code}) before printing ${pattern}`)));
  });
}
const listening = nextLine(/^Serving on (\S+?)\/ /);
const built = nextLine(/^Built \d+ pages/);
const url = (await listening)[1]!;
await built;
const events = await openEventStream(`${url}/__sitegen/events`);

/**
 * The CPU time the dev process has used so far (user and system, every thread), in ms, from
 * Linux's /proc; undefined elsewhere. Less disturbed than wall time by other work on the machine.
 */
async function cpuMs(): Promise<number | undefined> {
  try {
    const fields = (await readFile(`/proc/${child.pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
    // utime and stime, the 14th and 15th fields, in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

async function measure(
  file: string,
  times: number,
  edit: (text: string, i: number) => string,
): Promise<{ wall: number[]; cpu: number[] }> {
  const original = await readFile(file, 'utf8');
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < times; i++) {
    const cpuBefore = await cpuMs();
    const written = performance.now();
    await writeFile(file, edit(original, i));
    const event = await events.next('reload', 60_000);
    wall.push(event.at - written);
    const cpuAfter = await cpuMs();
    if (cpuBefore !== undefined && cpuAfter !== undefined) cpu.push(cpuAfter - cpuBefore);
    await new Promise((resolve) => setTimeout(resolve, gap));
  }
  await writeFile(file, original);
  await events.next('reload', 60_000);
  return { wall, cpu };
}

/** A line of figures: the median, the least and the most. */
const spread = (values: number[]) =>
  `median ${median(values).toFixed(0)} ms (min ${Math.min(...values).toFixed(0)}, max ${Math.max(...values).toFixed(0)})`;

try {
  const post = await measure(path.join(posts, postFile), postEdits, (text, i) =>
    text.replace(/\n## /, `\nEdit number ${i}.\n\n## `),
  );
  const template = await measure(
    path.join(root, 'templates', 'pages', 'blog-post.tsx'),
    Math.max(1, Math.round(postEdits / 2)),
    (text, i) => text.replace('<article className="article">', `<article className="article" data-edit="${i}">`),
  );
  console.log(
    `engine: ${path.join(engine, 'cli', 'bin.js')} (compiled, NODE_ENV=production), project: ${from ?? 'this one'}`,
  );
  console.log(
    `post edit → reload event: ${spread(post.wall)}; target 300 ms; every edit: ${post.wall.map((ms) => ms.toFixed(0)).join(' ')}`,
  );
  if (post.cpu.length > 0) console.log(`post edit, CPU of the dev process until the reload event: ${spread(post.cpu)}`);
  console.log(`template edit → reload event: ${spread(template.wall)}`);
  if (template.cpu.length > 0)
    console.log(`template edit, CPU of the dev process until the reload event: ${spread(template.cpu)}`);
  console.log(
    `load average: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
} finally {
  events.close();
  child.kill('SIGINT');
  await once(child, 'exit');
  await cleanup();
}

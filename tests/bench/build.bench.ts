// Builds a copy of the project whose posts are 1,000 realistic ones (the peer benchmark's corpus,
// tests/helpers/realistic-posts.ts) with the real `sitegen build`, run as `npm run build` runs it
// (same node options, link check on), and prints three figures, each the median over several
// runs with wall time, CPU time and peak memory:
//   cold       `build --no-cache` into an empty output folder
//   unchanged  a build into the previous output, nothing changed, caches warm
//   one-edit   the same after one post's body was edited
// The runs alternate (each round runs all three, in a rotating order), so the drift of a shared
// machine hits the three alike.
// Run: npm run bench:build [-- --posts 1000] [--runs 3] [--keep]
import { readFileSync, rmSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { projectRoot } from '../helpers/content.ts';
import { copyProject } from '../helpers/project-copy.ts';
import { renderMarkdown } from '../../cli/render/markdown/render-markdown.ts';
import { blogPostPath } from '../../templates/site/urls.ts';
import { replacePostsWithRealistic, sharedCorpusPosts } from '../helpers/realistic-posts.ts';

const option = (name: string) => Number(process.argv[process.argv.indexOf(name) + 1]) || undefined;
const count = option('--posts') ?? 1000;
const runs = option('--runs') ?? 3;
/** `--keep` leaves the generated project in place (its path is printed) for profiling. */
const keep = process.argv.includes('--keep');
/** Node options of the package's build script, so the benchmark runs the build as `npm run build` does. */
const buildScript = JSON.parse(await readFile(path.join(projectRoot, 'package.json'), 'utf8')).scripts.build as string;
const nodeOptions = /^node((?: --[\w-]+(?:=\S+)?)*) cli\/bin\.js build$/
  .exec(buildScript)?.[1]
  ?.trim()
  .split(' ')
  .filter(Boolean);
if (!nodeOptions) throw new Error(`unexpected build script: ${buildScript}`);
const probe = pathToFileURL(path.join(import.meta.dirname, 'usage-probe.mjs')).href;

type Kind = 'cold' | 'unchanged' | 'one-edit';
const kinds: Kind[] = ['cold', 'unchanged', 'one-edit'];

interface Run {
  wall: number;
  cpu: number;
  peakMiB: number;
  pages: number;
  /** The summary's phase line: where the build's time went. */
  phases: string;
}

/** The middle value (the upper one of an even count), so that it is one real run's. */
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * How fast this machine is right now: one realistic post's Markdown rendered in this thread,
 * after a warm-up. A shared machine's speed drifts by tens of percent; this puts the build
 * figures in context (measured before and after them).
 */
async function calibrate(): Promise<string> {
  const bodies = sharedCorpusPosts(250, 1).map((post) => post.text.slice(post.text.indexOf('\n---\n', 4) + 5));
  for (const body of bodies.slice(0, 50)) await renderMarkdown(body);
  const start = performance.now();
  for (const body of bodies.slice(50)) await renderMarkdown(body);
  return `${((performance.now() - start) / 200).toFixed(2)} ms per post`;
}

const { root, cleanup } = await copyProject({ ownCache: true });
const usageFile = path.join(root, 'usage.json');
try {
  const content = path.join(root, 'content');
  const posts = await replacePostsWithRealistic(content, count);
  /** The copy's own binary, from process start to exit, with the copy's own caches. */
  const build = (out: string, ...flags: string[]): Run => {
    rmSync(usageFile, { force: true });
    const start = performance.now();
    const run = spawnSync(
      process.execPath,
      ['--import', probe, ...nodeOptions, path.join(root, 'cli', 'bin.js'), 'build', '--out', out, ...flags],
      {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, SITEGEN_BENCH_USAGE_FILE: usageFile },
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    const wall = (performance.now() - start) / 1000;
    if (run.status !== 0) throw new Error(`build failed (exit ${run.status ?? run.signal}):\n${run.stderr}`);
    return {
      wall,
      ...usage(),
      pages: Number(/Built (\d+) pages/.exec(run.stdout)?.[1]),
      phases: run.stdout.split('\n')[1]!.trim(),
    };
  };
  const usage = (): Pick<Run, 'cpu' | 'peakMiB'> => {
    const { userSeconds, systemSeconds, peakKiB } = JSON.parse(readFileSync(usageFile, 'utf8')) as {
      userSeconds: number;
      systemSeconds: number;
      peakKiB: number;
    };
    return { cpu: userSeconds + systemSeconds, peakMiB: peakKiB / 1024 };
  };

  // One post's body gains a sentence per edit; its page must show the last one.
  const edited = posts[Math.floor(posts.length / 2)]!;
  const editedFile = path.join(content, 'posts', edited.fileName);
  const editedPage = path.join(root, 'dist', blogPostPath(edited.slug), 'index.html');
  let edits = 0;
  const editPost = async () => {
    edits += 1;
    const text = await readFile(editedFile, 'utf8');
    await writeFile(editedFile, `${text}\nThis paragraph was added by edit ${edits} of the benchmark.\n`);
  };

  console.log(
    `posts: ${count} realistic (tests/helpers/realistic-posts.ts), runs: ${runs}, as \`node ${[...nodeOptions, 'cli/bin.js build'].join(' ')}\`, link check on`,
  );
  const speedBefore = await calibrate();
  // Warm-up, not timed: compiles the copy's CLI, fills the Markdown, image and card caches, and
  // leaves the output that `unchanged` and `one-edit` build over.
  const first = build('dist');
  console.log(`pages written: ${first.pages}`);
  const results: Record<Kind, Run[]> = { cold: [], unchanged: [], 'one-edit': [] };
  for (let round = 0; round < runs; round++) {
    for (const kind of [...kinds.slice(round % 3), ...kinds.slice(0, round % 3)]) {
      if (kind === 'cold') {
        await rm(path.join(root, 'dist-cold'), { recursive: true, force: true });
        results.cold.push(build('dist-cold', '--no-cache'));
      } else if (kind === 'unchanged') {
        results.unchanged.push(build('dist'));
      } else {
        await editPost();
        results['one-edit'].push(build('dist'));
        const page = await readFile(editedPage, 'utf8');
        if (!page.includes(`added by edit ${edits} of the benchmark`))
          throw new Error(`${editedPage} does not show edit ${edits}: the one-edit build left the page stale`);
      }
    }
  }

  const labels: Record<Kind, string> = {
    cold: 'cold (--no-cache, empty output)',
    unchanged: 'unchanged (caches warm)',
    'one-edit': 'one post edited (caches warm)',
  };
  console.log('');
  console.log(
    `${'build'.padEnd(32)} ${'wall s'.padStart(7)} ${'CPU s'.padStart(7)} ${'peak MiB'.padStart(9)}   wall s of every run`,
  );
  for (const kind of kinds) {
    const list = results[kind];
    const wall = median(list.map((r) => r.wall));
    console.log(
      `${labels[kind].padEnd(32)} ${wall.toFixed(2).padStart(7)} ${median(list.map((r) => r.cpu))
        .toFixed(2)
        .padStart(7)} ${median(list.map((r) => r.peakMiB))
        .toFixed(0)
        .padStart(9)}   ${list.map((r) => r.wall.toFixed(2)).join(', ')}`,
    );
  }
  console.log('');
  for (const kind of kinds) {
    const list = results[kind];
    const typical = list.find((r) => r.wall === median(list.map((x) => x.wall)))!;
    console.log(`${kind}, median run: ${typical.phases}`);
  }
  console.log(
    `machine speed, one thread: ${speedBefore} before, ${await calibrate()} after (Markdown of one realistic post)`,
  );
  console.log(
    `load average: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')} (${os.availableParallelism()} cores)`,
  );
} finally {
  if (keep) console.log(`kept: ${root}`);
  else await cleanup();
}

// Starts the dev server on a copy of the project, edits one post 20 times and one template
// 10 times, and prints the median time from the file write to the reload event.
// Run: npm run bench:dev [-- --edits 20] [--gap 50] [--project <dir>]
// `--gap` is the pause in ms between a reload and the next edit; `--project` copies another
// project (one kept by `npm run bench:build -- --posts 1000 --keep`), sharing its cache.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { copyProject } from '../helpers/project-copy.ts';
import { openEventStream } from '../helpers/sse.ts';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const option = (name: string) => Number(process.argv[process.argv.indexOf(name) + 1]) || undefined;
/** Edits of the post; the template is edited half as many times. */
const postEdits = option('--edits') ?? 20;
const gap = option('--gap') ?? 50;
const from = process.argv.includes('--project')
  ? path.resolve(process.argv[process.argv.indexOf('--project') + 1]!)
  : undefined;

// The edits go to a copy, so the working tree is never touched.
const { root, cleanup } = await copyProject({ from });
const posts = path.join(root, 'content', 'posts');
/** The marketing site's post, or the first of another project's. */
const postNames = (await readdir(posts)).filter((name) => name.endsWith('.md')).sort();
const postFile = postNames.includes('ai-powered-bug-reports.md') ? 'ai-powered-bug-reports.md' : postNames[0]!;

// React's production build, as the launcher (cli/bin.js) sets it for `sitegen dev`: imported once it is set.
process.env.NODE_ENV ??= 'production';
const { startDevServer } = await import('../../cli/dev/dev-server.ts');
const server = await startDevServer({
  root,
  contentDir: path.join(root, 'content'),
  host: '127.0.0.1',
  port: 0,
  env: {},
  log: () => {},
});
const events = await openEventStream(`${server.url}/__sitegen/events`);

async function measure(file: string, times: number, edit: (text: string, i: number) => string): Promise<number[]> {
  const original = await readFile(file, 'utf8');
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const written = performance.now();
    await writeFile(file, edit(original, i));
    const event = await events.next('reload');
    samples.push(event.at - written);
    await new Promise((resolve) => setTimeout(resolve, gap));
  }
  await writeFile(file, original);
  await events.next('reload');
  return samples;
}

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
    `post edit → reload event: median ${median(post).toFixed(0)} ms (min ${Math.min(...post).toFixed(0)}, max ${Math.max(...post).toFixed(0)}; target < 150 ms)`,
  );
  console.log(
    `template edit → reload event: median ${median(template).toFixed(0)} ms (min ${Math.min(...template).toFixed(0)}, max ${Math.max(...template).toFixed(0)}; target < 300 ms)`,
  );
  console.log(
    `load average: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
} finally {
  events.close();
  await server.close();
  await cleanup();
}

// Where a post's time goes, in one thread: realistic posts (the peer benchmark's corpus) parsed
// only (remark-parse), rendered by the build's pipeline (code highlighted from Shiki's tokens) and
// by the reference pipeline (rehype-pretty-code, as the site rendered before). Rounds alternate
// the three, so a shared machine's drift hits all alike; prints the median per post of each.
//   npm run bench:markdown [-- --posts 300 --rounds 5]
import os from 'node:os';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { splitMarkdown } from '../../cli/load/front-matter.ts';
import { renderMarkdown, renderMarkdownReference } from '../../cli/render/markdown/render-markdown.ts';
import { sharedCorpusPosts } from '../helpers/realistic-posts.ts';

const option = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
};
const bodies = sharedCorpusPosts(option('--posts', 300)).map((post) => splitMarkdown(post.text));
const rounds = option('--rounds', 5);
const parser = unified().use(remarkParse);
const kinds = {
  'remark-parse only': async (body: string) => void parser.parse(body),
  'build pipeline (highlight from tokens)': async (body: string, line: number) =>
    void (await renderMarkdown(body, line)),
  'reference (rehype-pretty-code)': async (body: string, line: number) =>
    void (await renderMarkdownReference(body, line)),
};
// Warm up: Shiki's grammars load and the JIT settles.
for (const { body, bodyLine } of bodies.slice(0, 30)) for (const run of Object.values(kinds)) await run(body, bodyLine);
const times = new Map<string, number[]>(Object.keys(kinds).map((name) => [name, []]));
for (let round = 0; round < rounds; round++) {
  for (const [name, run] of Object.entries(kinds)) {
    const started = performance.now();
    for (const { body, bodyLine } of bodies) await run(body, bodyLine);
    times.get(name)!.push((performance.now() - started) / bodies.length);
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(
  `${bodies.length} realistic posts, ${rounds} rounds, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
for (const [name, values] of times)
  console.log(
    `${name.padEnd(40)} ${median(values).toFixed(2).padStart(6)} ms/post  (rounds: ${values.map((v) => v.toFixed(2)).join(', ')})`,
  );

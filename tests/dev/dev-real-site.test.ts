import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import sharp from 'sharp';
import type { DevServer } from '../../cli/dev/dev-server.ts';
import { editFile } from '../helpers/content.ts';
import { startTestDevServer } from '../helpers/dev-server.ts';
import { parsePage } from '../helpers/html.ts';
import { photo } from '../helpers/images.ts';
import { copyProject } from '../helpers/project-copy.ts';
import { openEventStream, type EventStream } from '../helpers/sse.ts';

// `sitegen dev` with the marketing site, in a copy of the project, built once: it serves each
// image's variants from memory and an edit encodes only the image it changed; it names and
// serves each page's share card and draws a new one for a new title; without a webhook its
// forms post to the dev server's inbox; an island edit re-bundles the islands.

let root: string;
let cleanup: () => Promise<void>;
let server: DevServer;
let events: EventStream;
const logs: string[] = [];
const content = () => path.join(root, 'content');
const postPath = '/blog/future-of-manual-testing-with-ai/';
const photoFile = () => path.join(content(), 'images', 'posts', 'exploratory-session-desk.jpg');
const nextReload = (timeoutMs?: number) =>
  events.next('reload', timeoutMs).catch((error: Error) => {
    throw new Error(`${error.message}\n${logs.join('\n')}`);
  });

/**
 * The line the dev server prints for the rebuild that `edit` starts, once that rebuild is done:
 * open pages reload as soon as its pages are rendered, and the rebuild ends (and prints) after it
 * has made the pictures and files they do not show.
 */
async function rebuildLine(edit: () => Promise<void>, timeoutMs?: number): Promise<string> {
  const rebuilt = server.nextRebuild();
  await edit();
  await nextReload(timeoutMs);
  await rebuilt;
  return logs.at(-1)!;
}

before(async () => {
  ({ root, cleanup } = await copyProject());
  ({ server } = await startTestDevServer({ root, contentDir: content() }, logs));
  events = await openEventStream(`${server.url}/__sitegen/events`);
});

after(async () => {
  events.close();
  await server.close();
  await cleanup();
});

/** The AVIF candidates of the post's figure, as the served page names them. */
async function figureSources(): Promise<string[]> {
  const html = await (await fetch(`${server.url}${postPath}`)).text();
  const srcset = /<source type="image\/avif" srcSet="([^"]+)"/.exec(html)?.[1] ?? '';
  return srcset
    .split(', ')
    .map((candidate) => candidate.split(' ')[0]!)
    .filter(Boolean);
}

test('serves every variant of a figure with its content type', async () => {
  const sources = await figureSources();
  assert.equal(sources.length, 4);
  const response = await fetch(`${server.url}${sources.at(-1)}`);
  assert.equal(response.headers.get('content-type'), 'image/avif');
  assert.equal((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width, 1600);
});

test('a post edit encodes no image; a replaced photo is the only image encoded, and the page names its new variants', async () => {
  const before = await figureSources();
  const edited = await rebuildLine(() =>
    editFile(
      path.join(content(), 'posts', 'future-of-manual-testing-with-ai.md'),
      'The charter keeps a session focused',
      'The charter keeps each session focused',
    ),
  );
  assert.match(edited, /future-of-manual-testing-with-ai\.md → rebuilt in \d+ ms/);
  assert.doesNotMatch(edited, /processed/, edited);
  const replaced = await rebuildLine(async () => writeFile(photoFile(), await photo(1200, 800)), 60_000);
  assert.match(
    replaced,
    /exploratory-session-desk\.jpg → rebuilt in \d+ ms, \d+ pages? re-rendered, 1 image processed/,
  );
  const after = await figureSources();
  assert.equal(after.length, 3, 'a 1200 px photo has three widths');
  assert.ok(
    after.every((url) => !before.includes(url)),
    'new content, new names',
  );
  assert.equal((await fetch(`${server.url}${after[0]}`)).status, 200);
});

/** The post's card as the dev server serves it. */
async function servedCard(): Promise<Buffer> {
  const page = parsePage(await (await fetch(`${server.url}/blog/ai-powered-bug-reports/`)).text());
  const image = new URL(page.meta('og:image')!);
  assert.equal(image.pathname, '/social/blog/ai-powered-bug-reports.png');
  const response = await fetch(`${server.url}${image.pathname}`);
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('content-type'), 'image/png');
  return Buffer.from(await response.arrayBuffer());
}

test('serves the share card a page names, and draws a new one when the title changes', async () => {
  const before = await servedCard();
  assert.deepEqual(
    await sharp(before)
      .metadata()
      .then((m) => [m.width, m.height]),
    [1200, 630],
  );
  await editFile(
    path.join(content(), 'posts', 'ai-powered-bug-reports.md'),
    'title: "AI-Powered Bug Reports: A New Standard"',
    'title: "AI-Powered Bug Reports: The New Standard"',
  );
  await nextReload(60_000);
  assert.ok(!(await servedCard()).equals(before), 'the card shows the new title');
});

test('without a webhook, forms post to the dev server, which appends them to a JSON-lines file in the project', async () => {
  const inbox = path.join(root, '.sitegen', 'forms.jsonl');
  assert.equal(server.note, `forms: ${path.relative(process.cwd(), inbox)}`);
  const page = await (await fetch(`${server.url}/getting-started/`)).text();
  const webhook = /&quot;webhookUrl&quot;:&quot;([^&]+)&quot;|"webhookUrl":"([^"]+)"/.exec(page);
  const url = webhook?.[1] ?? webhook?.[2];
  assert.equal(url, `${server.url}/__sitegen/forms`);
  const body = {
    name: 'Ada',
    email: 'ada@example.test',
    company: '',
    message: 'Hello',
    interest: 'Embedded Manual QA',
  };
  // As a browser on the dev site sends it: its own Origin, the form's text/plain JSON body.
  const response = await fetch(url!, { method: 'POST', headers: { Origin: server.url }, body: JSON.stringify(body) });
  assert.equal(response.status, 200);
  const lines = (await readFile(inbox, 'utf8')).trim().split('\n');
  assert.deepEqual(JSON.parse(lines.at(-1)!).body, body);
  assert.match(logs.join('\n'), /form received: \{"name":"Ada"/);
});

test('an island edit re-bundles the islands and renders the pages afresh', async () => {
  const pages = Number(/^Built (\d+) pages/.exec(logs[0]!)?.[1]);
  assert.ok(pages > 20, logs[0]);
  const line = await rebuildLine(() =>
    editFile(
      path.join(root, 'client', 'islands', 'TestimonialCarousel.tsx'),
      'className="carousel-controls"',
      'className="carousel-controls" data-edited=""',
    ),
  );
  assert.match(await (await fetch(`${server.url}/`)).text(), /carousel-controls" data-edited=""/);
  // The islands are part of the site's compiled code, which every page's key holds.
  assert.match(
    line,
    new RegExp(`^client/islands/TestimonialCarousel\\.tsx → rebuilt in \\d+ ms, ${pages} pages re-rendered$`),
  );
});

import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { startDevServer, type DevServer } from '../../cli/dev/dev-server.ts';
import { editFile } from '../helpers/content.ts';
import { copyProject } from '../helpers/project-copy.ts';
import { openEventStream, type EventStream } from '../helpers/sse.ts';

// Template, style and client edits go to a copy of the project, never to the working tree.
let root: string;
let cleanup: () => Promise<void>;
let server: DevServer;
let events: EventStream;
const logs: string[] = [];
const page = async (pathname: string) => (await fetch(`${server.url}${pathname}`)).text();

before(async () => {
  ({ root, cleanup } = await copyProject());
  server = await startDevServer({ root, contentDir: path.join(root, 'content'), host: '127.0.0.1', port: 0, env: {}, formsFile: path.join(root, 'forms.jsonl'), log: (line) => logs.push(line), logError: (text) => logs.push(text) });
  events = await openEventStream(`${server.url}/__sitegen/events`);
});

after(async () => {
  events.close();
  await server.close();
  await cleanup();
});

test('a page template edit re-renders only the pages of that template', async () => {
  await editFile(path.join(root, 'templates', 'pages', 'legal.tsx'), '<div className="container narrow legal">', '<div className="container narrow legal" data-edited="">');
  await events.next('reload');
  assert.match(await page('/terms'), /data-edited=""/);
  assert.match(await page('/privacy'), /data-edited=""/);
  assert.match(logs.at(-1)!, /legal\.tsx → rebuilt in \d+ ms, 2 pages re-rendered/);
});

test('a style edit swaps the stylesheet without a reload', async () => {
  const before = /href="(\/assets\/site-[A-Z0-9]+\.css)"/.exec(await page('/'))![1];
  await editFile(path.join(root, 'templates', 'styles', 'base.css'), /$/, '\n.dev-test-marker { color: red; }\n');
  const swap = await events.next('css');
  assert.notEqual(swap.data.href, before);
  assert.match(await (await fetch(`${server.url}${swap.data.href}`)).text(), /\.dev-test-marker/);
  assert.match(await page('/'), new RegExp(`href="${String(swap.data.href)}"`), 'new page loads get the new stylesheet');
  assert.match(logs.at(-1)!, /styles swapped/);
});

test('an island edit re-bundles the islands and re-renders only the pages that use islands', async () => {
  await editFile(path.join(root, 'client', 'islands', 'TestimonialCarousel.tsx'), 'className="carousel-controls"', 'className="carousel-controls" data-edited=""');
  await events.next('reload');
  assert.match(await page('/'), /carousel-controls" data-edited=""/);
  const rendered = Number(/(\d+) pages? re-rendered/.exec(logs.at(-1)!)?.[1]);
  assert.ok(rendered > 0 && rendered < 29, `${rendered} pages re-rendered`);
});

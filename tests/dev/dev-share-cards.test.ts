import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import sharp from 'sharp';
import { startDevServer, type DevServer } from '../../cli/dev/dev-server.ts';
import { copyContent, editFile, projectRoot } from '../helpers/content.ts';
import { parsePage } from '../helpers/html.ts';
import { openEventStream, type EventStream } from '../helpers/sse.ts';

// `sitegen dev` names and serves each page's share card, and a changed title gets a new card.

let server: DevServer;
let events: EventStream;
let content: string;
let cleanup: () => Promise<void>;
const postPath = '/blog/ai-powered-bug-reports/';

before(async () => {
  ({ content, cleanup } = await copyContent());
  server = await startDevServer({
    root: projectRoot, contentDir: content, host: '127.0.0.1', port: 0, env: {},
    formsFile: path.join(path.dirname(content), 'forms.jsonl'),
    log: () => undefined, logError: () => undefined,
  });
  events = await openEventStream(`${server.url}/__sitegen/events`);
});

after(async () => {
  events.close();
  await server.close();
  await cleanup();
});

/** The post's card as the dev server serves it. */
async function servedCard(): Promise<Buffer> {
  const page = parsePage(await (await fetch(`${server.url}${postPath}`)).text());
  const image = new URL(page.meta('og:image')!);
  assert.equal(image.pathname, '/social/blog/ai-powered-bug-reports.png');
  const response = await fetch(`${server.url}${image.pathname}`);
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('content-type'), 'image/png');
  return Buffer.from(await response.arrayBuffer());
}

test('serves the card a page names, and draws a new one when the title changes', async () => {
  const before = await servedCard();
  assert.deepEqual(await sharp(before).metadata().then((m) => [m.width, m.height]), [1200, 630]);
  await editFile(path.join(content, 'posts', 'ai-powered-bug-reports.md'), 'title: "AI-Powered Bug Reports: A New Standard"', 'title: "AI-Powered Bug Reports: The New Standard"');
  await events.next('reload', 60_000);
  assert.ok(!(await servedCard()).equals(before), 'the card shows the new title');
});

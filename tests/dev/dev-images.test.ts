import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import sharp from 'sharp';
import { startDevServer, type DevServer } from '../../cli/dev/dev-server.ts';
import { copyContent, editFile, projectRoot } from '../helpers/content.ts';
import { photo } from '../helpers/images.ts';
import { openEventStream, type EventStream } from '../helpers/sse.ts';

// `sitegen dev` with the real content: it serves each image's variants from memory, and an
// edit encodes only the image it changed.

let server: DevServer;
let events: EventStream;
let content: string;
let cleanup: () => Promise<void>;
const logs: string[] = [];
const postPath = '/blog/future-of-manual-testing-with-ai/';
const photoFile = () => path.join(content, 'images', 'posts', 'exploratory-session-desk.jpg');

before(async () => {
  ({ content, cleanup } = await copyContent());
  server = await startDevServer({
    root: projectRoot, contentDir: content, host: '127.0.0.1', port: 0, env: {},
    formsFile: path.join(path.dirname(content), 'forms.jsonl'),
    log: (line) => logs.push(line), logError: (text) => logs.push(text),
  });
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
  return srcset.split(', ').map((candidate) => candidate.split(' ')[0]!).filter(Boolean);
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
  await editFile(path.join(content, 'posts', 'future-of-manual-testing-with-ai.md'), 'The charter keeps a session focused', 'The charter keeps each session focused');
  await events.next('reload');
  assert.doesNotMatch(logs.at(-1)!, /processed/, logs.at(-1));
  await writeFile(photoFile(), await photo(1200, 800));
  await events.next('reload', 60_000);
  assert.match(logs.at(-1)!, /exploratory-session-desk\.jpg → rebuilt in \d+ ms, \d+ pages? re-rendered, 1 image processed/);
  const after = await figureSources();
  assert.equal(after.length, 3, 'a 1200 px photo has three widths');
  assert.ok(after.every((url) => !before.includes(url)), 'new content, new names');
  assert.equal((await fetch(`${server.url}${after[0]}`)).status, 200);
});

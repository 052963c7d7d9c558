import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { Cache, cacheFolder } from '../../cli/cache/cache.ts';
import type { DevServer } from '../../cli/dev/dev-server.ts';
import { editFile } from '../helpers/content.ts';
import { startTestDevServer } from '../helpers/dev-server.ts';
import { openEventStream, type EventStream } from '../helpers/sse.ts';
import { copyTinySite } from '../helpers/tiny-copy.ts';

// Template and style edits in `sitegen dev`, on a copy of the tiny site: its page template
// (templates/pages.tsx) sits in the folder of its stylesheet (templates/styles.css), so a
// template edit must not be taken for a style edit.
let root: string;
let cleanup: () => Promise<void>;
let server: DevServer;
let events: EventStream;
const logs: string[] = [];
const page = async (pathname: string) => (await fetch(`${server.url}${pathname}`)).text();

before(async () => {
  ({ root, cleanup } = await copyTinySite());
  ({ server } = await startTestDevServer(
    { root, contentDir: path.join(root, 'content'), cache: new Cache(cacheFolder(root)) },
    logs,
  ));
  events = await openEventStream(`${server.url}/__sitegen/events`);
});

after(async () => {
  events.close();
  await server.close();
  await cleanup();
});

test('a page template edit reloads open pages and shows on every page it renders', async () => {
  // Open pages reload once the pages are rendered; the rebuild prints its line when it is done.
  const rebuilt = server.nextRebuild();
  await editFile(
    path.join(root, 'templates', 'pages.tsx'),
    '<main>{children}</main>',
    '<main data-edited="">{children}</main>',
  );
  await events.next('reload').catch((error: Error) => {
    throw new Error(`${error.message}\n${logs.join('\n')}`);
  });
  for (const pathname of ['/', '/posts/hello/', '/posts/second/'])
    assert.match(await page(pathname), /<main data-edited="">/, pathname);
  await rebuilt;
  // The site's compiled code is part of every page's key: a code edit renders every page afresh.
  assert.match(logs.at(-1)!, /^templates\/pages\.tsx → rebuilt in \d+ ms, 5 pages re-rendered$/);
});

test('a style edit swaps the stylesheet without a reload', async () => {
  const before = /href="(\/assets\/site-[A-Z0-9]+\.css)"/.exec(await page('/'))?.[1];
  assert.ok(before, await page('/'));
  await editFile(path.join(root, 'templates', 'styles.css'), /$/, '\n.dev-test-marker { color: red; }\n');
  const swap = await events.next('css');
  assert.notEqual(swap.data.href, before);
  assert.match(await (await fetch(`${server.url}${swap.data.href}`)).text(), /\.dev-test-marker/);
  assert.match(
    await page('/'),
    new RegExp(`href="${String(swap.data.href)}"`),
    'new page loads get the new stylesheet',
  );
  assert.match(logs.at(-1)!, /^templates\/styles\.css → rebuilt in \d+ ms, \d+ pages? re-rendered, styles swapped$/);
});

import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import type { Bundle } from '../../cli/bundle/bundle-client.ts';
import type { DevOutput } from '../../cli/dev/incremental-build.ts';
import { LiveSite } from '../../cli/dev/live-site.ts';
import { openEventStream, type EventStream } from '../helpers/sse.ts';

// After an edit, the dev server serves the rebuild's pages and reloads open pages as soon as the
// pages are rendered; the files they do not show (pictures, feeds, the search index) follow. A
// request for one of those in between waits for the rebuild and gets its file, never the last
// one.

let site: LiveSite;
let server: Server;
let url: string;
let events: EventStream;

const bundle = { stylesheet: '/assets/site.css', files: [] } as unknown as Bundle;
const output = (files: Record<string, string>): DevOutput => ({
  files: new Map(Object.entries(files)),
  bundle,
  rendered: 1,
  imagesProcessed: 0,
  pages: 1,
  imageWarnings: [],
  markdownWarnings: [],
  pageWarnings: new Map(),
});
const contentChange = { content: ['content/posts/hello.md'], styles: [], code: [] };

before(async () => {
  site = new LiveSite('/project', () => undefined);
  server = createServer((request, response) => {
    if (request.url === '/__sitegen/events') site.hub.connect(response);
    else void site.serve(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  events = await openEventStream(`${url}/__sitegen/events`);
  site.publish(
    output({
      'posts/hello/index.html': '<p>old page</p>',
      'posts/old/index.html': '<p>old</p>',
      'feed.xml': 'old feed',
    }),
    undefined,
    0,
  );
});

after(async () => {
  events.close();
  site.hub.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

test("a rebuild's pages are served and open pages reloaded before its other files are made, which requests wait for", async () => {
  let finish = () => undefined as void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const reloaded = site.showPages(
    { files: new Map([['posts/hello/index.html', '<p>new page</p>']]), pageWarnings: new Map(), bundle },
    contentChange,
    done,
  );
  assert.equal(reloaded, true);
  await events.next('reload');
  assert.match(await (await fetch(`${url}/posts/hello/`)).text(), /new page/);

  let feed: string | undefined;
  const feedRequest = fetch(`${url}/feed.xml`)
    .then((response) => response.text())
    .then((text) => (feed = text));
  // A page the rebuild no longer has: the rebuild's redirect answers it, once the rebuild is done.
  const movedRequest = fetch(`${url}/posts/old/`, { redirect: 'manual' });
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.equal(feed, undefined, 'the feed waits for the rebuild');
  const report = site.publish(
    output({
      'posts/hello/index.html': '<p>new page</p>',
      'feed.xml': 'new feed',
      _redirects: '/posts/old/ /posts/hello/ 301\n',
    }),
    contentChange,
    0,
    reloaded,
  );
  finish();
  assert.equal(await feedRequest, 'new feed');
  const moved = await movedRequest;
  assert.deepEqual([moved.status, moved.headers.get('location')], [301, '/posts/hello/']);
  assert.equal(report.event, 'reload');
});

test('pages the same as those served reload nothing ahead: the rebuild reloads once its other files are made, if one changed', async () => {
  const done = Promise.resolve();
  const pages = { files: new Map([['posts/hello/index.html', '<p>new page</p>']]), pageWarnings: new Map(), bundle };
  assert.equal(site.showPages(pages, contentChange, done), false);
  const report = site.publish(
    output({ 'posts/hello/index.html': '<p>new page</p>', 'feed.xml': 'newer feed' }),
    contentChange,
    0,
  );
  assert.equal(report.event, 'reload');
  await events.next('reload');
  assert.equal(await (await fetch(`${url}/feed.xml`)).text(), 'newer feed');
});

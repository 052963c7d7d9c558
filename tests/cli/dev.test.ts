import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { Cache, cacheFolder } from '../../cli/cache/cache.ts';
import type { DevServer } from '../../cli/dev/dev-server.ts';
import { editFile, projectRoot } from '../helpers/content.ts';
import { startTestDevServer } from '../helpers/dev-server.ts';
import { openEventStream, type EventStream } from '../helpers/sse.ts';
import { copyTinySite } from '../helpers/tiny-copy.ts';

// `sitegen dev` on a copy of the tiny site: it serves the site as a static host would, reloads
// open pages after an edit, shows a broken edit's error over the last good pages, and stops
// on Ctrl-C.

let server: DevServer;
let events: EventStream;
let root: string;
let content: string;
let cleanup: () => Promise<void>;
const logs: string[] = [];
const post = () => path.join(content, 'posts', 'hello.md');
const fetchText = async (pathname: string) => {
  const response = await fetch(`${server.url}${pathname}`);
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
};
/** The next reload event, or a failure that shows what the server printed. */
const nextReload = () =>
  events.next('reload').catch((error: Error) => {
    throw new Error(`${error.message}\n${logs.join('\n')}`);
  });

before(async () => {
  ({ root, content, cleanup } = await copyTinySite());
  ({ server } = await startTestDevServer({ root, contentDir: content, cache: new Cache(cacheFolder(root)) }, logs));
  events = await openEventStream(`${server.url}/__sitegen/events`);
});

after(async () => {
  events.close();
  await server.close();
  await cleanup();
});

test('serves the site like a static host: clean URLs, content types, redirects and the 404 page', async () => {
  assert.match(logs[0]!, /^Built 5 pages in \d+ ms \(drafts and future posts included\)$/);
  assert.equal(server.note, '', 'the tiny site adds nothing to the dev server');
  const page = await fetchText('/posts/hello/');
  assert.equal(page.status, 200);
  assert.equal(page.type, 'text/html; charset=utf-8');
  assert.match(page.text, /<h1>Hello<\/h1>/);
  assert.match(page.text, /__sitegen\/events/, 'the live-reload script is injected');
  const folder = await fetch(`${server.url}/posts/hello`, { redirect: 'manual' });
  assert.equal(folder.status, 301);
  assert.equal(folder.headers.get('location'), '/posts/hello/');
  const css = (await fetchText('/')).text.match(/href="(\/assets\/site-[A-Z0-9]+\.css)"/)![1]!;
  assert.equal((await fetchText(css)).type, 'text/css; charset=utf-8');
  const redirect = await fetch(`${server.url}/old-home`, { redirect: 'manual' });
  assert.equal(redirect.status, 301);
  assert.equal(redirect.headers.get('location'), '/');
  const missing = await fetchText('/no/such/page');
  assert.equal(missing.status, 404);
  assert.match(missing.text, /<h1>Not found<\/h1>/);
});

test("an edit of a post's text reloads open pages and re-renders that post alone; an edited title re-renders the pages that list it", async () => {
  // The rebuild of an edit, among the lines logged since: a watcher may report one save twice, and
  // the second rebuild (nothing left to re-render) can be logged before the test reads the log.
  const rebuildSince = (mark: number) =>
    logs
      .slice(mark)
      .find((line) => /^content\/posts\/hello\.md → rebuilt in \d+ ms, [1-9]\d* pages? re-rendered$/.test(line));
  // Open pages reload once the pages are rendered; the rebuild prints its line when it is done.
  let mark = logs.length;
  let rebuilt = server.nextRebuild();
  await editFile(post(), 'The first post.', 'The first post, revised.');
  await nextReload();
  assert.match((await fetchText('/posts/hello/')).text, /The first post, revised\./);
  await rebuilt;
  assert.match(rebuildSince(mark) ?? logs.join('\n'), /, 1 page re-rendered$/);

  mark = logs.length;
  rebuilt = server.nextRebuild();
  await editFile(post(), 'title: Hello', 'title: Hello, Revised');
  await nextReload();
  assert.match((await fetchText('/posts/hello/')).text, /<h1>Hello, Revised<\/h1>/);
  assert.match((await fetchText('/')).text, /<a href="\/posts\/hello\/">Hello, Revised<\/a>/);
  await rebuilt;
  // A title is part of the site's model, which every page's key holds.
  assert.match(rebuildSince(mark) ?? logs.join('\n'), /, 5 pages re-rendered$/);
});

test('a broken post shows the error in the browser, keeps serving the last good page, and recovers when fixed', async () => {
  await editFile(post(), /^tags: .*$/m, 'tags: greeting');
  const error = await events.next('build-error');
  assert.match(
    String(error.data.text),
    /content\/posts\/hello\.md:4 {2}tags: expected array, got "greeting" {2}\[content\.invalid-field\]/,
  );
  const page = await fetchText('/posts/hello/');
  assert.match(page.text, /<h1>Hello, Revised<\/h1>/, 'the last good page is still served');
  assert.match(page.text, /window\.__sitegenError="[^"]*tags: expected array/, 'the overlay shows on load');
  assert.match(logs.join('\n'), /tags: expected array, got "greeting"/, 'the terminal shows it too');

  await editFile(post(), /^tags: greeting$/m, 'tags: [greeting]');
  await nextReload();
  assert.match((await fetchText('/posts/hello/')).text, /window\.__sitegenError=null/);
});

test('files written to the output, the installed packages or the cache start no rebuild', async () => {
  const before = logs.length;
  await mkdir(path.join(root, 'dist'), { recursive: true });
  await writeFile(path.join(root, 'dist', 'index.html'), 'an old build');
  await mkdir(path.join(root, 'node_modules', 'some-package'), { recursive: true });
  await writeFile(path.join(root, 'node_modules', 'some-package', 'index.js'), 'export {};');
  await new Promise((resolve) => setTimeout(resolve, 500));
  // An edit the server does watch: its rebuild names it alone.
  await editFile(path.join(content, 'posts', 'second.md'), 'A second post', 'The second post');
  await nextReload();
  assert.deepEqual(
    logs.slice(before).map((line) => line.split(' → ')[0]),
    ['content/posts/second.md'],
  );
});

/** Starts the real `sitegen dev` in the copy, and resolves once its output matches `ready`. */
async function startDevCommand(ready: RegExp): Promise<{ child: ReturnType<typeof spawn>; output: () => string }> {
  const child = spawn(process.execPath, [path.join(projectRoot, 'cli', 'bin.js'), 'dev', '--port', '0'], { cwd: root });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  await new Promise<void>((resolve, reject) => {
    // A dev server that never prints what the test waits for is stopped, so the test run can end.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`dev did not print ${ready}: ${output}`));
    }, 60_000);
    child.stdout.on('data', () => {
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return { child, output: () => output };
}

test('Ctrl-C stops the real dev command cleanly, once it serves the site and while its first build is under way', async () => {
  for (const [when, ready] of [
    ['serving', /Serving on http:\/\/127\.0\.0\.1:\d+\/[\s\S]*Built 5 pages/],
    ['starting', /Serving on http:\/\/127\.0\.0\.1:\d+\//],
  ] as const) {
    const { child, output } = await startDevCommand(ready);
    child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    assert.equal(code, 0, `${when}: ${output()}`);
    assert.match(output(), /\nStopping dev server\n$/, when);
  }
});

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { startDevServer, type DevServer } from '../../cli/dev/dev-server.ts';
import { copyContent, editFile, projectRoot } from '../helpers/content.ts';
import { openEventStream, type EventStream } from '../helpers/sse.ts';

let server: DevServer;
let events: EventStream;
let content: string;
let cleanup: () => Promise<void>;
const logs: string[] = [];
const post = () => path.join(content, 'posts', 'ai-powered-bug-reports.md');
const fetchText = async (pathname: string) => {
  const response = await fetch(`${server.url}${pathname}`);
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
};

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

test('serves the site like a static host: clean URLs, content types, redirects and the 404 page', async () => {
  const page = await fetchText('/blog/ai-powered-bug-reports/');
  assert.equal(page.status, 200);
  assert.equal(page.type, 'text/html; charset=utf-8');
  assert.match(page.text, /<h1>AI-Powered Bug Reports: A New Standard<\/h1>/);
  assert.match(page.text, /__sitegen\/events/, 'the live-reload script is injected');
  assert.equal((await fetchText('/services/devshops/')).status, 200);
  const css = (await fetchText('/')).text.match(/href="(\/assets\/site-[A-Z0-9]+\.css)"/)![1]!;
  assert.equal((await fetchText(css)).type, 'text/css; charset=utf-8');
  const redirect = await fetch(`${server.url}/services/dev-shops`, { redirect: 'manual' });
  assert.equal(redirect.status, 301);
  assert.equal(redirect.headers.get('location'), '/services/devshops/');
  const missing = await fetchText('/no/such/page');
  assert.equal(missing.status, 404);
  assert.match(missing.text, /id="not-found"/);
});

test('an edited post reloads open pages and serves the new text', async () => {
  await editFile(post(), 'title: "AI-Powered Bug Reports: A New Standard"', 'title: "AI-Powered Bug Reports, Revised"');
  await events.next('reload');
  assert.match((await fetchText('/blog/ai-powered-bug-reports/')).text, /<h1>AI-Powered Bug Reports, Revised<\/h1>/);
  assert.match((await fetchText('/blog/')).text, /AI-Powered Bug Reports, Revised/);
  assert.match(logs.join('\n'), /ai-powered-bug-reports\.md → rebuilt in \d+ ms, 2 pages re-rendered/);
});

test('a broken post shows the error in the browser, keeps serving the last good page, and recovers when fixed', async () => {
  await editFile(post(), /^tags: .*$/m, 'tags: AI');
  const error = await events.next('build-error');
  assert.match(String(error.data.text), /ai-powered-bug-reports\.md:10 {2}tags: expected a list of strings, got "AI"/);
  const page = await fetchText('/blog/ai-powered-bug-reports/');
  assert.match(page.text, /<h1>AI-Powered Bug Reports, Revised<\/h1>/, 'the last good page is still served');
  assert.match(page.text, /window\.__sitegenError="[^"]*tags: expected a list of strings/, 'the overlay shows on load');
  assert.match(logs.join('\n'), /tags: expected a list of strings/, 'the terminal shows it too');

  await editFile(post(), /^tags: AI$/m, 'tags: [Bug Reporting, Documentation, AI, Efficiency]');
  await events.next('reload').catch((error) => {
    throw new Error(`${error.message}\n${logs.join('\n')}`);
  });
  assert.match((await fetchText('/blog/ai-powered-bug-reports/')).text, /window\.__sitegenError=null/);
});

test('without a webhook, forms post to the dev server, which appends them to a JSON-lines file', async () => {
  const page = await fetchText('/getting-started/');
  const webhook = /&quot;webhookUrl&quot;:&quot;([^&]+)&quot;|"webhookUrl":"([^"]+)"/.exec(page.text);
  const url = webhook?.[1] ?? webhook?.[2];
  assert.equal(url, `${server.url}/__sitegen/forms`);
  const body = { name: 'Ada', email: 'ada@example.test', company: '', message: 'Hello', interest: 'Embedded Manual QA' };
  // As a browser on the dev site sends it: its own Origin, the form's text/plain JSON body.
  const response = await fetch(url!, { method: 'POST', headers: { Origin: server.url }, body: JSON.stringify(body) });
  assert.equal(response.status, 200);
  const lines = (await readFile(server.formsFile, 'utf8')).trim().split('\n');
  assert.deepEqual(JSON.parse(lines.at(-1)!).body, body);
  assert.match(logs.join('\n'), /form received: \{"name":"Ada"/);
});

test('Ctrl-C stops the real dev command cleanly', async () => {
  const child = spawn(process.execPath, [path.join(projectRoot, 'cli', 'bin.js'), 'dev', '--port', '0', '--content', content], { cwd: projectRoot });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`dev did not start: ${output}`)), 30_000);
    child.stdout.on('data', () => {
      if (/Serving on http:\/\/127\.0\.0\.1:\d+\//.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  child.kill('SIGINT');
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  assert.equal(code, 0, output);
  assert.match(output, /Stopping dev server/);
});

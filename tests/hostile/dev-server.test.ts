// A running `sitegen dev` on loopback, attacked as any web page or local program could: odd
// request targets, methods and Hosts, hostile form posts, a save by rename, an error text
// with replacement patterns. It must keep answering and serve only its own site.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { copyProject } from '../helpers/project-copy.ts';

let root: string;
let cleanup: () => Promise<void>;
let child: ChildProcess;
let output = '';
let origin: string;
let port: number;
const post = () => path.join(root, 'content', 'posts', 'ai-powered-bug-reports.md');
const formsFile = () => path.join(root, '.sitegen', 'forms.jsonl');

before(async () => {
  ({ root, cleanup } = await copyProject());
  // Without a webhook, forms post to the dev server's inbox.
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  delete env.FORM_WEBHOOK_URL;
  child = spawn(process.execPath, [path.join(root, 'cli', 'bin.js'), 'dev', '--port', '0'], { cwd: root, env });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`dev did not start: ${output}`)), 60_000);
    child.stdout!.on('data', () => {
      // The address is printed before the first build; the site is served once it is built.
      const url = /Serving on (http:\/\/127\.0\.0\.1:\d+)\/[\s\S]*\nBuilt \d+ pages/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve(url);
      }
    });
  });
  port = Number(new URL(origin).port);
});

after(async () => {
  if (child.exitCode === null) {
    child.kill('SIGINT');
    await new Promise((resolve) => child.once('close', resolve));
  }
  await cleanup();
});

interface RawAnswer {
  status: number | 'closed' | 'timeout';
  text: string;
}

/** Sends raw bytes (and optionally keeps sending) and reads one answer, within a time limit. */
function rawRequest(
  head: string,
  body: string | Buffer = '',
  options: { trickle?: boolean; timeoutMs?: number } = {},
): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    let trickle: NodeJS.Timeout | undefined;
    const finish = (status?: RawAnswer['status']) => {
      clearTimeout(timer);
      clearInterval(trickle);
      socket.destroy();
      const text = received.toString('latin1');
      const code = /^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1];
      resolve({ status: code ? Number(code) : (status ?? 'closed'), text });
    };
    const timer = setTimeout(() => finish('timeout'), options.timeoutMs ?? 5000);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      // One answer is all a case needs: its declared length, or its head alone (the event stream).
      const length = Number(/^content-length: *(\d+)/im.exec(received.subarray(0, end).toString('latin1'))?.[1] ?? 0);
      if (received.length >= end + 4 + length) finish();
    });
    socket.on('end', () => finish());
    socket.on('error', () => finish());
    socket.write(head + '\r\n');
    socket.write(body, () => undefined);
    if (options.trickle)
      trickle = setInterval(() => socket.write('400\r\n' + 'x'.repeat(0x400) + '\r\n', () => undefined), 5);
  });
}

const request = (
  method: string,
  target: string,
  headers: Record<string, string | undefined>,
  body: string | Buffer = '',
) => {
  const lines = Object.entries(headers)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}: ${value}\r\n`);
  return rawRequest(`${method} ${target} HTTP/1.1\r\n${lines.join('')}`, body);
};

const oddTargets = [
  '//',
  '///',
  '//evil.example/x',
  '/%',
  '/%00',
  '/%zz',
  '/\\\\evil',
  '/..%2f..%2fetc/passwd',
  '/../../../../etc/passwd',
  '/..%5c..%5cetc%5cpasswd',
  '/%2e%2e/%2e%2e/package.json',
  `/${'a'.repeat(60_000)}`,
  `/${'%2f'.repeat(3000)}`,
  '*',
  'http://evil/',
  'http://127.0.0.1/',
  'evil',
  '/?%',
  '/#x',
  '/__sitegen/events/../../etc/passwd',
  '/__sitegen/forms?x=%',
];
const methods = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'TRACE'];

test(
  'a request fuzzer gets only 4xx answers for odd requests, and the server keeps serving its own pages',
  { timeout: 120_000 },
  async () => {
    const started = performance.now();
    const ownHost = `127.0.0.1:${port}`;
    const cases: { label: string; run: () => Promise<RawAnswer>; expect: (answer: RawAnswer) => boolean }[] = [];
    const noServerError = (answer: RawAnswer) =>
      answer.status === 'closed' || (typeof answer.status === 'number' && answer.status < 500);
    for (const target of oddTargets) {
      for (const method of methods)
        cases.push({
          label: `${method} ${target.slice(0, 40)}`,
          run: () => request(method, target, { Host: ownHost }),
          expect: noServerError,
        });
    }
    const refused = (answer: RawAnswer) => answer.status === 403;
    for (const host of [
      'evil.example',
      `evil.example:${port}`,
      '127.0.0.1.nip.io',
      `127.0.0.1.nip.io:${port}`,
      `localhost.evil.example:${port}`,
      '',
      `127.0.0.1:${port + 1}`,
      `0.0.0.0:${port}`,
    ]) {
      for (const target of ['/', '//', '/__sitegen/events', '/__sitegen/forms', '/blog/ai-powered-bug-reports'])
        cases.push({
          label: `Host ${host} ${target}`,
          run: () => request('GET', target, { Host: host }),
          expect: refused,
        });
    }
    cases.push({ label: 'no Host', run: () => rawRequest('GET / HTTP/1.0\r\n'), expect: refused });
    for (const target of ['/', '//', '/%'])
      cases.push({
        label: `localhost ${target}`,
        run: () => request('GET', target, { Host: `LOCALHOST:${port}` }),
        expect: (answer) => answer.status === 200 || answer.status === 404,
      });
    const form =
      (headers: Record<string, string | undefined>, body: string | Buffer = '{"name":"Mallory"}') =>
      () =>
        request(
          'POST',
          '/__sitegen/forms',
          {
            Host: ownHost,
            'Content-Type': 'application/json',
            'Content-Length': String(Buffer.byteLength(body)),
            ...headers,
          },
          body,
        );
    const formCases: [string, () => Promise<RawAnswer>, number][] = [
      ['no Origin', form({}), 403],
      ['another Origin', form({ Origin: 'http://evil.example' }), 403],
      ['null Origin', form({ Origin: 'null' }), 403],
      ['rebinding Origin', form({ Origin: `http://127.0.0.1.nip.io:${port}` }), 403],
      ['own Origin on another port', form({ Origin: `http://127.0.0.1:${port + 1}` }), 403],
      ['own Origin, cross-site fetch', form({ Origin: origin, 'Sec-Fetch-Site': 'cross-site' }), 403],
      [
        'form encoding',
        form({ Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded' }, 'name=Mallory'),
        415,
      ],
      ['multipart', form({ Origin: origin, 'Content-Type': 'multipart/form-data; boundary=x' }), 415],
      ['not JSON', form({ Origin: origin }, '{"name":'), 400],
      ['a JSON array', form({ Origin: origin }, '[1,2]'), 400],
      ['a JSON string', form({ Origin: origin }, '"x"'), 400],
      [
        'invalid UTF-8',
        form({ Origin: origin }, Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d])),
        400,
      ],
      ['a 1 MB body', form({ Origin: origin }, JSON.stringify({ a: 'x'.repeat(1 << 20) })), 413],
      [
        'a declared 10 GB body',
        () =>
          request(
            'POST',
            '/__sitegen/forms',
            {
              Host: ownHost,
              Origin: origin,
              'Content-Type': 'application/json',
              'Content-Length': String(10 * 2 ** 30),
            },
            '{',
          ),
        413,
      ],
      [
        'a never-ending chunked body',
        () =>
          rawRequest(
            `POST /__sitegen/forms HTTP/1.1\r\nHost: ${ownHost}\r\nOrigin: ${origin}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n`,
            '1\r\n{\r\n',
            { trickle: true, timeoutMs: 10_000 },
          ),
        413,
      ],
      [
        'a stalled chunked body',
        () =>
          rawRequest(
            `POST /__sitegen/forms HTTP/1.1\r\nHost: ${ownHost}\r\nOrigin: ${origin}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n`,
            '1\r\n{\r\n',
            { timeoutMs: 1000 },
          ),
        -1,
      ],
    ];
    for (const [label, run, status] of formCases)
      cases.push({
        label: `form: ${label}`,
        run,
        expect: (answer) => (status === -1 ? answer.status === 'timeout' : answer.status === status),
      });

    const failures: string[] = [];
    const queue = [...cases];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          const answer = await next.run();
          if (!next.expect(answer)) failures.push(`${next.label} → ${answer.status} ${answer.text.slice(0, 300)}`);
          if (/root:x:0:0|"devDependencies"/.test(answer.text))
            failures.push(`${next.label} leaked a file from outside the site`);
        }
      }),
    );
    assert.ok(cases.length >= 200, `${cases.length} requests`);
    assert.deepEqual(failures, [], output);
    assert.equal(child.exitCode, null, `dev exited:\n${output}`);
    assert.equal((await fetch(`${origin}/`)).status, 200);
    assert.equal(existsSync(formsFile()), false, 'no refused post was stored');
    const accepted = await fetch(`${origin}/__sitegen/forms`, {
      method: 'POST',
      headers: { Origin: origin, 'Sec-Fetch-Site': 'same-origin' },
      body: '{"name":"Ada"}',
    });
    assert.equal(accepted.status, 200);
    assert.deepEqual(
      (await readFile(formsFile(), 'utf8'))
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).body),
      [{ name: 'Ada' }],
    );
    assert.ok(performance.now() - started < 60_000, `took ${Math.round(performance.now() - started)} ms`);
  },
);

/** Polls a page until `accept` holds for its HTML, failing after `timeoutMs`. */
async function waitForPage(pathname: string, accept: (html: string) => boolean, timeoutMs = 10_000): Promise<string> {
  const deadline = performance.now() + timeoutMs;
  let html = '';
  while (performance.now() < deadline) {
    html = await (await fetch(`${origin}${pathname}`)).text();
    if (accept(html)) return html;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${pathname} did not change within ${timeoutMs} ms:\n${output.slice(-2000)}`);
}

/** Saves a file the way `sed -i` does: writes a temporary file beside it, then renames it over the original. */
async function saveByRename(file: string, from: string | RegExp, to: string): Promise<void> {
  const text = await readFile(file, 'utf8');
  const next = text.replace(from, () => to);
  assert.notEqual(next, text);
  const temporary = path.join(path.dirname(file), 'sedAb12Cd');
  await writeFile(temporary, next);
  await rename(temporary, file);
}

test('a post saved by rename, twice, is seen each time', { timeout: 60_000 }, async () => {
  await saveByRename(post(), 'title: "AI-Powered Bug Reports: A New Standard"', 'title: "Renamed Once"');
  await waitForPage('/blog/ai-powered-bug-reports', (html) => html.includes('<h1>Renamed Once</h1>'));
  // The second save replaces the file that the first one put in place.
  await saveByRename(post(), 'title: "Renamed Once"', 'title: "Renamed Twice"');
  await waitForPage('/blog/ai-powered-bug-reports', (html) => html.includes('<h1>Renamed Twice</h1>'));
});

test('editor scratch files start no rebuild, and a deleted post disappears', { timeout: 60_000 }, async () => {
  const posts = path.dirname(post());
  const scratch = [
    '.ai-powered-bug-reports.md.swp',
    '.ai-powered-bug-reports.md.swx',
    '4913',
    'ai-powered-bug-reports.md~',
    '.#ai-powered-bug-reports.md',
    '#ai-powered-bug-reports.md#',
  ];
  for (const name of scratch) await writeFile(path.join(posts, name), 'scratch');
  await rm(path.join(posts, 'building-smart-test-data-factories.md'));
  const deadline = performance.now() + 10_000;
  while ((await fetch(`${origin}/blog/building-smart-test-data-factories`)).status !== 404) {
    assert.ok(performance.now() < deadline, `the deleted post is still served:\n${output.slice(-2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  for (const name of scratch) await rm(path.join(posts, name));
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.doesNotMatch(output, /\.swp|\.swx|4913|\.md~|\.#ai|#ai-powered|sedAb12Cd/, 'scratch files are not rebuilt');
});

test(
  "an error text holding $` and $' is shown as written, and the page around it is intact",
  { timeout: 60_000 },
  async () => {
    const tags = "$`before$'after$&";
    await saveByRename(post(), /^tags: .*$/m, `tags: "${tags}"`);
    const html = await waitForPage(
      '/blog/ai-powered-bug-reports',
      (text) => !text.includes('window.__sitegenError=null'),
    );
    const shown = /window\.__sitegenError=("(?:[^"\\]|\\.)*");/.exec(html)?.[1];
    assert.ok(shown, html.slice(-2000));
    assert.ok((JSON.parse(shown) as string).includes(tags), shown);
    assert.equal(html.match(/<!DOCTYPE html>/gi)?.length, 1, 'the document appears once');
    assert.equal(html.match(/<\/body>/g)?.length, 1);
    assert.match(html, /<\/body><\/html>\s*$/);
  },
);

// `sitegen preview` on a folder someone else built, changed under it after it started: pages
// swapped for links out of the folder, for FIFOs or for huge files, a folder swapped for a link,
// and a `_headers` that sets what only a host may. Each request must be answered at once, from
// the folder only, with no header the site may not set.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, constants, openSync, rmSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { startPreviewServer, type PreviewServer } from '../../cli/static-host/preview-server.ts';
import { servedFileLimit } from '../../cli/static-host/static-host.ts';
import { hangBound } from '../helpers/hang-bound.ts';

const timeBound = hangBound;

const page = (text: string) => `<!DOCTYPE html><title>${text}</title><p>${text}</p>`;
const files: Record<string, string> = {
  'index.html': page('home'),
  '404.html': page('the site’s own 404 page'),
  'about/index.html': page('about'),
  'alias/index.html': page('alias'),
  'guides/index.html': page('guides'),
  'waiting/index.html': page('waiting'),
  'blog/index.html': page('blog'),
  'downloads/archive.zip': 'zip',
  'hostile/index.html': page('hostile headers'),
  'typed/index.html': page('served as text'),
  _headers: [
    '/*',
    '  X-Site-Header: kept',
    '/typed/*',
    '  content-type: text/plain; charset=utf-8',
    '/hostile/*',
    "  Content-Security-Policy: default-src 'self'",
    '  Cache-Control: no-store',
    '  Transfer-Encoding: chunked',
    '  content-length: 1',
    '  Location: https://elsewhere.example/',
    '  Connection: X-Site-Header',
    '  Keep-Alive: timeout=600',
    '  Upgrade: websocket',
    '  TE: trailers',
    '  Trailer: X-Late',
    '  Proxy-Authenticate: Basic',
    '  Set-Cookie: session=planted; Path=/',
    '  X-Split: one\rSet-Cookie: smuggled=1',
    '  X-Nul: a\0b',
    '  X-Escape: a\x1b[2Jb',
    '  X-Next-Line: a\u0085b',
    '  X-After-Bad-Lines: kept too',
    '',
  ].join('\n'),
};
const secret = 'root:x:0:0:stands for /etc/passwd';

let site: string;
let outside: string;
let server: PreviewServer;

before(async () => {
  site = await mkdtemp(path.join(os.tmpdir(), 'sitegen-preview-hostile-'));
  outside = await mkdtemp(path.join(os.tmpdir(), 'sitegen-preview-outside-'));
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(site, file)), { recursive: true });
    await writeFile(path.join(site, file), text);
  }
  await writeFile(path.join(outside, 'passwd'), secret);
  await writeFile(path.join(outside, 'index.html'), page(secret));
  server = await startPreviewServer({ dir: site, host: '127.0.0.1', port: 0 });
  // The folder is listed on the first request: every change below comes after it, as it would
  // to a folder changed while `preview` serves it.
  assert.equal((await get('/')).status, 200);
});

after(async () => {
  await server.close();
  await rm(site, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

/** GETs `urlPath` within the time bound: status, body and how long it took. */
async function get(urlPath: string): Promise<{ status: number; text: string; ms: number }> {
  const started = performance.now();
  const response = await fetch(server.url + urlPath, { signal: AbortSignal.timeout(timeBound) });
  const text = await response.text();
  return { status: response.status, text, ms: performance.now() - started };
}

test('a page swapped for a symlink to a file outside the folder answers 404, never that file', async () => {
  await rm(path.join(site, 'about', 'index.html'));
  await symlink(path.join(outside, 'passwd'), path.join(site, 'about', 'index.html'));
  const answer = await get('/about/');
  assert.equal(answer.status, 404);
  assert.match(answer.text, /the site’s own 404 page/);
  assert.ok(!answer.text.includes(secret), 'the file outside is not served');
  // A link that stays inside the folder is served, as the listing and check-links accept it.
  await rm(path.join(site, 'alias', 'index.html'));
  await symlink('../index.html', path.join(site, 'alias', 'index.html'));
  const alias = await get('/alias/');
  assert.deepEqual([alias.status, alias.text], [200, files['index.html']]);
});

test('a page under a folder swapped for a symlink out of the site answers 404, never the page outside', async () => {
  await rename(path.join(site, 'guides'), path.join(site, 'guides-before'));
  await symlink(outside, path.join(site, 'guides'));
  const answer = await get('/guides/');
  assert.equal(answer.status, 404);
  assert.ok(!answer.text.includes(secret), 'the page outside is not served');
});

test('a page swapped for a FIFO answers 404 at once, however often it is asked for, and every other page still answers', async () => {
  const fifo = path.join(site, 'waiting', 'index.html');
  await rm(fifo);
  execFileSync('mkfifo', [fifo]);
  // Should a read block on the FIFO, this writer ends each such read after the time bound, so
  // the test fails instead of hanging (a read blocking the server's one thread included).
  const unblock = spawn('sh', ['-c', `sleep ${timeBound / 1000 + 2}; while :; do : > "$0"; done`, fifo], {
    stdio: 'ignore',
  });
  try {
    // More requests than libuv has threads to block: none may take the server down with it.
    const answers = await Promise.all(Array.from({ length: 6 }, () => get('/waiting/')));
    for (const answer of answers) {
      assert.equal(answer.status, 404);
      assert.ok(answer.ms < timeBound, `answered in ${Math.round(answer.ms)} ms`);
    }
    const others = await Promise.all(['/', '/blog/', '/downloads/archive.zip'].map(get));
    assert.deepEqual(
      others.map((answer) => answer.status),
      [200, 200, 200],
    );
    for (const answer of others) assert.ok(answer.ms < timeBound, `answered in ${Math.round(answer.ms)} ms`);
  } finally {
    unblock.kill();
    releaseReaders(fifo);
  }
});

test('a file grown past the size limit answers 404', async () => {
  // A sparse file: nothing is written, and only reading it would cost the time and memory.
  await truncate(path.join(site, 'downloads', 'archive.zip'), servedFileLimit + 1);
  const started = performance.now();
  const response = await fetch(`${server.url}/downloads/archive.zip`, { signal: AbortSignal.timeout(timeBound) });
  await response.body?.cancel();
  assert.equal(response.status, 404);
  assert.ok(performance.now() - started < timeBound);
});

test('a hostile _headers sets no framing, hop-by-hop, redirect or cookie header and no control character, while the site’s own headers apply', async () => {
  const { head, body } = await rawGet('/hostile/');
  const [statusLine, ...lines] = head.split('\r\n');
  assert.match(statusLine!, /^HTTP\/1\.1 200 /);
  const headers = new Map<string, string[]>();
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()]);
  }
  assert.equal(body, files['hostile/index.html']);
  assert.deepEqual(headers.get('content-length'), [String(Buffer.byteLength(body))], 'the length is the server’s own');
  assert.deepEqual(headers.get('connection'), ['close'], 'the connection is the server’s own');
  for (const name of [
    'transfer-encoding',
    'location',
    'keep-alive',
    'upgrade',
    'te',
    'trailer',
    'proxy-authenticate',
    'set-cookie',
    'x-split',
    'x-nul',
    'x-escape',
    'x-next-line',
  ]) {
    assert.equal(headers.get(name), undefined, `${name} is not sent`);
  }
  assert.doesNotMatch(head, /smuggled|planted|elsewhere\.example/);
  assert.deepEqual(headers.get('x-site-header'), ['kept']);
  assert.deepEqual(headers.get('content-security-policy'), ["default-src 'self'"]);
  assert.deepEqual(headers.get('cache-control'), ['no-store']);
  assert.deepEqual(headers.get('x-after-bad-lines'), ['kept too']);
});

test('a _headers rule naming content-type in any case replaces the type the file is served with: one Content-Type', async () => {
  const { head, body } = await rawGet('/typed/');
  const types = head.split('\r\n').filter((line) => /^content-type:/i.test(line));
  assert.deepEqual(
    types.map((line) => line.slice(line.indexOf(':') + 1).trim()),
    ['text/plain; charset=utf-8'],
  );
  assert.equal(body, files['typed/index.html']);
  const { head: plain } = await rawGet('/blog/');
  assert.deepEqual(plain.split('\r\n').filter((line) => /^content-type:/i.test(line)).length, 1);
});

test('the folder swapped for a link to another folder is no build of it: nothing is served from there, and the folder back is served again', async () => {
  const aside = `${site}-aside`;
  await rename(site, aside);
  await symlink(outside, site);
  try {
    for (const urlPath of ['/', '/passwd', '/index.html']) {
      const answer = await get(urlPath);
      assert.equal(answer.status, 404, urlPath);
      assert.ok(!answer.text.includes(secret), `${urlPath}: the folder the link leads to is not served`);
    }
  } finally {
    await rm(site);
    await rename(aside, site);
  }
  const back = await get('/');
  assert.deepEqual([back.status, back.text], [200, files['index.html']]);
});

/**
 * Ends any read still waiting on `fifo` (only a server without the guard has one), and removes
 * it, so that reads queued behind find nothing to wait on. Synchronous: the blocked reads may
 * hold every thread an asynchronous call would need.
 */
function releaseReaders(fifo: string): void {
  let writer: number | undefined;
  try {
    writer = openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK);
  } catch {
    // ENXIO: no read is waiting.
  }
  rmSync(fifo, { force: true });
  if (writer !== undefined) closeSync(writer);
}

/** A GET over a raw socket, so that the response's head is seen byte for byte, as sent. */
function rawGet(urlPath: string): Promise<{ head: string; body: string }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(new Error('no answer within the time bound')), timeBound);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on('end', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end === -1) reject(new Error(`no complete head: ${JSON.stringify(text)}`));
      else resolve({ head: text.slice(0, end), body: Buffer.from(text.slice(end + 4), 'latin1').toString('utf8') });
    });
    socket.write(`GET ${urlPath} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
  });
}

import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { checkExternalUrls } from '../../cli/check/check-external.ts';

// A local server stands in for the internet: tests never leave 127.0.0.1.
let server: Server;
let origin = '';
const hits = new Map<string, string[]>();
let inFlight = 0;
let maxInFlight = 0;

before(async () => {
  server = createServer((request, response) => {
    const path = request.url ?? '/';
    hits.set(path, [...(hits.get(path) ?? []), request.method ?? '']);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    response.on('close', () => inFlight--);
    const count = hits.get(path)!.length;
    if (path === '/ok') return void response.end('ok');
    if (path === '/missing') return void response.writeHead(404).end();
    if (path === '/busy')
      return void (count === 1 ? response.writeHead(429, { 'retry-after': '0' }).end() : response.end('ok'));
    if (path === '/flaky') return void (count === 1 ? response.writeHead(503).end() : response.end('ok'));
    if (path === '/no-head')
      return void (request.method === 'HEAD' ? response.writeHead(405).end() : response.end('ok'));
    // Far later than the 300 ms the test allows, so a loaded machine cannot blur the two; unref'd, so it holds no process open.
    if (path === '/slow') return void setTimeout(() => response.end('late'), 20_000).unref();
    if (path.startsWith('/pace/')) return void setTimeout(() => response.end('ok'), 50);
    response.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(() => {
  server.closeAllConnections();
  server.close();
});

// The local server is a private address: these tests opt in, as `--allow-private-hosts` does.
const options = { timeoutMs: 2_000, concurrency: 4, allowPrivateHosts: true };

test('passes a URL that answers 200 to HEAD', async () => {
  const results = await checkExternalUrls([`${origin}/ok`], options);
  assert.deepEqual(results.get(`${origin}/ok`), { ok: true, status: 200 });
  assert.deepEqual(hits.get('/ok'), ['HEAD']);
});

test('reports a 404 after trying GET as well', async () => {
  const results = await checkExternalUrls([`${origin}/missing`], options);
  assert.deepEqual(results.get(`${origin}/missing`), {
    ok: false,
    status: 404,
    code: 'links.http-status',
    reason: 'status 404',
  });
  assert.deepEqual(hits.get('/missing'), ['HEAD', 'GET']);
});

test('retries once after a 429 or a 5xx', async () => {
  const results = await checkExternalUrls([`${origin}/busy`, `${origin}/flaky`], options);
  assert.equal(results.get(`${origin}/busy`)?.ok, true);
  assert.equal(results.get(`${origin}/flaky`)?.ok, true);
  assert.deepEqual(hits.get('/busy'), ['HEAD', 'HEAD']);
});

test('falls back to GET when HEAD is not allowed', async () => {
  const results = await checkExternalUrls([`${origin}/no-head`], options);
  assert.equal(results.get(`${origin}/no-head`)?.ok, true);
  assert.deepEqual(hits.get('/no-head'), ['HEAD', 'GET']);
});

test('gives up on a response slower than the timeout, without retrying', async () => {
  const started = performance.now();
  const results = await checkExternalUrls([`${origin}/slow`], {
    timeoutMs: 300,
    concurrency: 1,
    allowPrivateHosts: true,
  });
  assert.deepEqual(results.get(`${origin}/slow`), {
    ok: false,
    code: 'links.http-timeout',
    reason: 'timed out after 300 ms',
  });
  assert.ok(performance.now() - started < 10_000, 'the check gave up long before the answer came');
  assert.deepEqual(hits.get('/slow'), ['HEAD']);
});

test('requests each distinct URL once, with bounded concurrency', async () => {
  const urls = Array.from({ length: 12 }, (_, i) => `${origin}/pace/${i % 6}`);
  maxInFlight = 0;
  const results = await checkExternalUrls(urls, { timeoutMs: 2_000, concurrency: 3, allowPrivateHosts: true });
  assert.equal(results.size, 6);
  for (let i = 0; i < 6; i++) assert.deepEqual(hits.get(`/pace/${i}`), ['HEAD']);
  assert.ok(maxInFlight <= 3, `${maxInFlight} requests in flight`);
});

test('reports a connection failure', async () => {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/`;
  await new Promise((resolve) => closed.close(resolve));
  const result = (await checkExternalUrls([url], options)).get(url);
  assert.equal(result?.code, 'links.http-failed');
});

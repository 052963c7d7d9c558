import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { createDevRequestHandler } from '../../cli/dev/dev-requests.ts';
import { ownHostValues, requestPathOf } from '../../cli/dev/request-guard.ts';

test('a handler that throws answers 500 and the server keeps answering', async () => {
  const errors: string[] = [];
  let calls = 0;
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  server.on('request', createDevRequestHandler({
    ownHosts: ownHostValues('127.0.0.1', port),
    events: () => undefined,
    middleware: () => false,
    site: (_request, response) => {
      if (++calls === 1) throw new Error('boom');
      response.end('fine');
    },
    logError: (text) => errors.push(text),
  }));
  try {
    assert.equal((await fetch(`http://127.0.0.1:${port}/x`)).status, 500);
    assert.match(errors.join('\n'), /GET "\/x" failed: Error: boom/);
    const next = await fetch(`http://127.0.0.1:${port}/x`);
    assert.equal(next.status, 200);
    assert.equal(await next.text(), 'fine');
  } finally {
    server.closeAllConnections();
    server.close();
  }
});

test("a site's middleware that throws answers 500, and the server keeps answering with it and the site", async () => {
  const errors: string[] = [];
  let calls = 0;
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  server.on('request', createDevRequestHandler({
    ownHosts: ownHostValues('127.0.0.1', port),
    events: () => undefined,
    middleware: async (request, response) => {
      if (requestPathOf(request.url) !== '/inbox') return false;
      if (++calls === 1) throw new Error('inbox down');
      response.end('taken');
      return true;
    },
    site: (_request, response) => void response.end('page'),
    logError: (text) => errors.push(text),
  }));
  try {
    assert.equal((await fetch(`http://127.0.0.1:${port}/inbox`, { method: 'POST', body: '{}' })).status, 500);
    assert.match(errors.join('\n'), /POST "\/inbox" failed: Error: inbox down/);
    assert.equal(await (await fetch(`http://127.0.0.1:${port}/inbox`, { method: 'POST', body: '{}' })).text(), 'taken');
    assert.equal(await (await fetch(`http://127.0.0.1:${port}/about/`)).text(), 'page');
  } finally {
    server.closeAllConnections();
    server.close();
  }
});

test('own Host values are the loopback names and --host, with the port (bare on port 80)', () => {
  assert.deepEqual([...ownHostValues('::1', 5173, ['Dev.Local'])], ['localhost:5173', '127.0.0.1:5173', '[::1]:5173', 'dev.local:5173']);
  assert.ok(ownHostValues('0.0.0.0', 80).has('localhost'));
  assert.ok(!ownHostValues('127.0.0.1', 5173).has('localhost'));
});

test('only an origin-form target has a path, and `//` is one', () => {
  assert.equal(requestPathOf('//'), '//');
  assert.equal(requestPathOf('//evil.example/x?y'), '//evil.example/x');
  assert.equal(requestPathOf('/a%20b'), '/a%20b');
  for (const target of ['*', 'http://evil/', 'evil', '', undefined]) assert.equal(requestPathOf(target), undefined);
});

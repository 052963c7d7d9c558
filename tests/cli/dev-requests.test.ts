import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { createDevRequestHandler, type DevRoutes } from '../../cli/dev/dev-requests.ts';
import { ownHostValues, requestPathOf } from '../../cli/static-host/request-guard.ts';

/** Serves `handler` (the dev server's request handler, without a site build) on loopback; `errors` collects what it logs. */
async function serveHandler(
  handler: Pick<DevRoutes, 'middleware' | 'site'>,
  errors: string[],
): Promise<{ url: string; close: () => void }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  server.on(
    'request',
    createDevRequestHandler({
      ownHosts: ownHostValues('127.0.0.1', port),
      events: () => undefined,
      ...handler,
      logError: (text) => errors.push(text),
    }),
  );
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

test('a handler that throws answers 500 and the server keeps answering', async () => {
  const errors: string[] = [];
  let calls = 0;
  const { url, close } = await serveHandler(
    {
      middleware: () => false,
      site: (_request, response) => {
        if (++calls === 1) throw new Error('boom');
        response.end('fine');
      },
    },
    errors,
  );
  try {
    assert.equal((await fetch(`${url}/x`)).status, 500);
    assert.match(errors.join('\n'), /GET "\/x" failed: Error: boom/);
    const next = await fetch(`${url}/x`);
    assert.equal(next.status, 200);
    assert.equal(await next.text(), 'fine');
  } finally {
    close();
  }
});

test("a site's middleware that throws answers 500, and the server keeps answering with it and the site", async () => {
  const errors: string[] = [];
  let calls = 0;
  const { url, close } = await serveHandler(
    {
      middleware: async (request, response) => {
        if (requestPathOf(request.url) !== '/inbox') return false;
        if (++calls === 1) throw new Error('inbox down');
        response.end('taken');
        return true;
      },
      site: (_request, response) => void response.end('page'),
    },
    errors,
  );
  try {
    assert.equal((await fetch(`${url}/inbox`, { method: 'POST', body: '{}' })).status, 500);
    assert.match(errors.join('\n'), /POST "\/inbox" failed: Error: inbox down/);
    assert.equal(await (await fetch(`${url}/inbox`, { method: 'POST', body: '{}' })).text(), 'taken');
    assert.equal(await (await fetch(`${url}/about/`)).text(), 'page');
  } finally {
    close();
  }
});

test('own Host values are the loopback names and --host, with the port (bare on port 80)', () => {
  assert.deepEqual(
    [...ownHostValues('::1', 5173, ['Dev.Local'])],
    ['localhost:5173', '127.0.0.1:5173', '[::1]:5173', 'dev.local:5173'],
  );
  assert.ok(ownHostValues('0.0.0.0', 80).has('localhost'));
  assert.ok(!ownHostValues('127.0.0.1', 5173).has('localhost'));
});

test('only an origin-form target has a path, and `//` is one', () => {
  assert.equal(requestPathOf('//'), '//');
  assert.equal(requestPathOf('//evil.example/x?y'), '//evil.example/x');
  assert.equal(requestPathOf('/a%20b'), '/a%20b');
  for (const target of ['*', 'http://evil/', 'evil', '', undefined]) assert.equal(requestPathOf(target), undefined);
});

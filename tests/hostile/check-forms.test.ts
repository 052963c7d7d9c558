import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { runCli } from '../helpers/cli.ts';

// A webhook that takes the lead but answers without CORS headers delivers it, yet the visitor
// sees the failure message and sends it again. `sitegen check-forms` tells the owner first.

const received: { origin?: string; type?: string; body: string }[] = [];
let answer: (request: IncomingMessage, response: ServerResponse) => void = () => undefined;
const server = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    received.push({ origin: request.headers.origin, type: request.headers['content-type'], body });
    answer(request, response);
  });
});
let hook = '';

before(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hook = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

const checkForms = () => runCli(['check-forms'], { env: { FORM_WEBHOOK_URL: hook } });

test('a webhook that answers 200 with the CORS header passes, and gets a marked test lead from the site\'s origin', async () => {
  answer = (request, response) => response.writeHead(200, { 'access-control-allow-origin': request.headers.origin ?? '*' }).end('ok');
  received.length = 0;
  const run = await checkForms();
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.match(run.stdout, /ok {2}lead webhook {2}http:\/\/127\.0\.0\.1:\d+\/hook\n {2}status 200, readable by the pages \(CORS\), \d+ ms/);
  assert.equal(received.length, 1);
  assert.equal(received[0]!.origin, 'https://www.checkpointqa.com');
  assert.equal(received[0]!.type, 'text/plain;charset=UTF-8');
  assert.equal(JSON.parse(received[0]!.body).test, 'true');
});

test('a webhook that answers 200 without the CORS header fails the check, saying what visitors would see', async () => {
  answer = (_request, response) => response.writeHead(200).end('ok');
  const run = await checkForms();
  assert.equal(run.code, 1);
  assert.match(run.stdout, /failed {2}lead webhook/);
  assert.match(run.stdout, /status 200, not readable by the pages/);
  assert.match(run.stdout, /visitors see "failed" and send it again/);
});

test('an error status or a redirect fails the check', async () => {
  for (const [status, words] of [[500, /answered 500/], [302, /answered 302 \(a redirect\)/]] as const) {
    answer = (request, response) => response.writeHead(status, { 'access-control-allow-origin': request.headers.origin ?? '*', location: '/elsewhere' }).end();
    const run = await checkForms();
    assert.equal(run.code, 1, String(status));
    assert.match(run.stdout, words);
  }
});

import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { checkForm } from '../../cli/commands/check-forms.ts';
import { absoluteUrlProblem } from '../../cli/validate/url-fields.ts';
import { runCli } from '../helpers/cli.ts';

// A webhook that takes the lead but answers without CORS headers delivers it, yet the visitor
// sees the failure message and sends it again. `sitegen check-forms` tells the owner first. The
// webhook's address and answer are anyone's: it sends nothing to a loopback, link-local or
// private address unless `--allow-local` says so (these tests' stub is on 127.0.0.1), and reads
// only the first few KB of an answer.

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

const checkForms = () => runCli(['check-forms', '--allow-local'], { env: { FORM_WEBHOOK_URL: hook } });

test("a webhook that answers 200 with the CORS header passes, and gets a marked test lead from the site's origin", async () => {
  answer = (request, response) =>
    response.writeHead(200, { 'access-control-allow-origin': request.headers.origin ?? '*' }).end('ok');
  received.length = 0;
  const run = await checkForms();
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.match(
    run.stdout,
    /ok {2}lead webhook {2}http:\/\/127\.0\.0\.1:\d+\/hook\n {2}status 200, readable by the pages \(CORS\), \d+ ms/,
  );
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
  for (const [status, words] of [
    [500, /answered 500/],
    [302, /answered 302 \(a redirect\)/],
  ] as const) {
    answer = (request, response) =>
      response
        .writeHead(status, { 'access-control-allow-origin': request.headers.origin ?? '*', location: '/elsewhere' })
        .end();
    const run = await checkForms();
    assert.equal(run.code, 1, String(status));
    assert.match(run.stdout, words);
  }
});

const endpoint = (url: string) => ({ name: 'lead webhook', url, body: { test: 'true' } });
const origin = 'https://www.example.com';

test('without --allow-local, a webhook on a loopback, link-local or private address is sent nothing', async () => {
  received.length = 0;
  answer = (request, response) =>
    response.writeHead(200, { 'access-control-allow-origin': request.headers.origin ?? '*' }).end('ok');
  const run = await runCli(['check-forms'], { env: { FORM_WEBHOOK_URL: hook } });
  assert.equal(run.code, 1);
  assert.match(run.stdout, /failed {2}lead webhook/);
  assert.match(run.stdout, /127\.0\.0\.1 is a loopback, link-local or private address \(allow with --allow-local\)/);
  assert.equal(received.length, 0, 'nothing sent');
  const resolvesPrivate = async () => [{ address: '10.0.0.1', family: 4 as const }];
  for (const [url, lookup] of [
    ['https://169.254.169.254/latest/meta-data/', undefined],
    ['https://[::1]:9/hook', undefined],
    ['https://hooks.example/catch', resolvesPrivate],
  ] as const) {
    const check = await checkForm(endpoint(url), origin, { timeoutMs: 5000, ...(lookup ? { lookup } : {}) });
    assert.equal(check.ok, false, url);
    assert.equal(check.status, undefined, url);
    assert.match(check.problem ?? '', /loopback, link-local or private address \(allow with --allow-local\)/, url);
  }
});

test('an answer that never ends is read only up to a few KB: the check ends at once with what the status and headers say', async () => {
  let sent = 0;
  let closed: Promise<void> = Promise.resolve();
  answer = (request, response) => {
    response.writeHead(200, { 'access-control-allow-origin': request.headers.origin ?? '*' });
    const chunk = Buffer.alloc(64 * 1024, 'x');
    closed = new Promise((resolve) => response.on('close', resolve));
    const pump = () => {
      while (!response.destroyed) {
        sent += chunk.length;
        if (!response.write(chunk)) return void response.once('drain', pump);
      }
    };
    pump();
  };
  const check = await checkForm(endpoint(hook), origin, { timeoutMs: 20_000, allowLocal: true });
  await closed;
  assert.equal(check.ok, true, check.problem);
  assert.equal(check.status, 200);
  assert.ok(check.ms < 10_000, `answered in ${check.ms} ms`);
  // What the sockets' buffers took before the connection was dropped: megabytes at most, where
  // reading the whole answer would take gigabytes by the time the check gives up.
  assert.ok(sent < 32 * 1024 * 1024, `${sent} bytes sent before the check let go`);
});

test('a URL field naming a link-local, private or loopback address is refused; a service URL may name only this machine', () => {
  for (const value of [
    'https://10.0.0.1/hook',
    'https://169.254.169.254/latest/',
    'https://192.168.1.1/',
    'https://[fd00::1]/',
    'https://127.0.0.1:9/',
    'https://0x7f.1/',
    'https://localhost/',
    'https://admin.localhost/',
  ]) {
    assert.match(absoluteUrlProblem(value) ?? '', /loopback, link-local or private address/, value);
  }
  // FORM_WEBHOOK_URL and the other service overrides: a local webhook catcher, and nothing else of the network.
  const service = { loopbackHttp: true };
  assert.equal(absoluteUrlProblem('http://127.0.0.1:4321/__forms', service), undefined);
  assert.equal(absoluteUrlProblem('https://[::1]:9/hook', service), undefined);
  assert.match(absoluteUrlProblem('https://169.254.169.254/', service) ?? '', /only this machine is allowed/);
  assert.match(absoluteUrlProblem('http://10.0.0.1/', service) ?? '', /http only to localhost/);
  assert.equal(absoluteUrlProblem('https://hooks.zapier.com/hooks/catch/1/'), undefined);
  // The site's own origin may be a staging machine on a private network.
  assert.equal(absoluteUrlProblem('http://10.0.0.5:8080', { http: true, originOnly: true }), undefined);
});

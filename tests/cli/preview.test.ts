// `sitegen preview` serves a built folder as the static-host model says a host would.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const site = await mkdtemp(path.join(os.tmpdir(), 'sitegen-preview-'));
const files: Record<string, string> = {
  'index.html': '<!DOCTYPE html><title>Home</title><p>home</p>',
  'about/index.html': '<!DOCTYPE html><title>About</title><p>about</p>',
  'old/index.html': '<!DOCTYPE html><meta http-equiv="refresh" content="0; url=/about/">',
  '404.html': '<!DOCTYPE html><title>Not found</title><p>missing</p>',
  'assets/site-ABC.js': 'console.log(1)',
  _redirects: '/old /about/ 301!\n/old/ /about/ 301!\n',
  _headers:
    "/*\n  Content-Security-Policy: default-src 'self'\n  X-Frame-Options: DENY\n/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n",
};
let server: ReturnType<typeof spawn>;
let url = '';

before(async () => {
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(site, file)), { recursive: true });
    await writeFile(path.join(site, file), text);
  }
  server = spawn(process.execPath, ['cli/bin.js', 'preview', site, '--port', '0'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  url = await new Promise<string>((resolve, reject) => {
    let out = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      out += chunk;
      const match = /on (http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
      if (match) resolve(match[1]!);
    });
    server.once('exit', (code) => reject(new Error(`preview exited with ${code}: ${out}`)));
  });
});

after(async () => {
  server.kill('SIGTERM');
  await rm(site, { recursive: true, force: true });
});

test('serves pages with the headers _headers sets for their path', async () => {
  const response = await fetch(`${url}/about/`);
  assert.equal(response.status, 200);
  assert.match(await response.text(), /about/);
  assert.equal(response.headers.get('content-security-policy'), "default-src 'self'");
  assert.equal(response.headers.get('x-frame-options'), 'DENY');
  assert.equal(response.headers.get('cache-control'), null);
  assert.equal(
    (await fetch(`${url}/assets/site-ABC.js`)).headers.get('cache-control'),
    'public, max-age=31536000, immutable',
  );
});

test('answers a folder without its slash, a forced rule and an unknown path as the hosts do', async () => {
  const slash = await fetch(`${url}/about?x=1`, { redirect: 'manual' });
  assert.equal(slash.status, 301);
  assert.equal(slash.headers.get('location'), '/about/?x=1');
  const forced = await fetch(`${url}/old`, { redirect: 'manual' });
  assert.equal(forced.status, 301, 'the forced rule wins over the stub page');
  assert.equal(forced.headers.get('location'), '/about/');
  const missing = await fetch(`${url}/nope`);
  assert.equal(missing.status, 404);
  assert.match(await missing.text(), /missing/);
});

test('never serves the host configuration files', async () => {
  assert.equal((await fetch(`${url}/_redirects`)).status, 404);
  assert.equal((await fetch(`${url}/_headers`)).status, 404);
});

test('refuses requests addressed to another host name (DNS rebinding)', async () => {
  const { request } = await import('node:http');
  const status = await new Promise<number>((resolve, reject) => {
    const req = request(`${url}/`, { headers: { Host: 'attacker.example' } }, (res) => {
      res.resume();
      resolve(res.statusCode!);
    });
    req.on('error', reject);
    req.end();
  });
  assert.equal(status, 403);
});

test('answers odd paths from the site or its 404 page, never from outside it, and keeps serving', async () => {
  for (const odd of ['/%', '/..%2f..%2f..%2fetc%2fpasswd', '/%2e%2e/%2e%2e/etc/passwd', '//', '/%00']) {
    const response = await fetch(`${url}${odd}`, { redirect: 'manual' });
    assert.ok([200, 301, 404].includes(response.status), `${odd}: ${response.status}`);
    assert.doesNotMatch(await response.text(), /root:/);
  }
  assert.equal((await fetch(`${url}/about/`, { method: 'POST' })).status, 405);
  assert.equal((await fetch(`${url}/about/`)).status, 200);
});

test('exits 2 with a one-line message for a missing folder', () => {
  const result = spawnSync(process.execPath, ['cli/bin.js', 'preview', path.join(site, 'no-such-folder')], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.equal(result.status, 2);
  assert.match(
    result.stderr,
    /^error: site folder ".*no-such-folder" not found; run `sitegen build` first or pass the folder to preview\n$/,
  );
});

// The dev server, the e2e server and check-links share one model of a static host; this table
// asks each of them the same questions about small site folders and expects the same answers.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { indexSite } from '../../cli/check/check-site.ts';
import { loadSite } from '../../cli/check/load-built-site.ts';
import { SiteResolver } from '../../cli/check/resolve-target.ts';
import { createMemoryHandler } from '../../cli/dev/memory-site.ts';
import { listSiteFiles } from '../../cli/static-host/list-site-files.ts';
import { createStaticHandler } from '../../cli/static-host/static-host.ts';

/** A page whose body names its own file, so a response tells which file was served. */
const page = (file: string) => `<!DOCTYPE html><html><body><p>file:${file}</p></body></html>`;
const stub = (to: string) => `<!DOCTYPE html><html><head><meta http-equiv="refresh" content="0; url=${to}"></head><body><a href="${to}">${to}</a></body></html>`;

const site: Record<string, string> = {
  'index.html': page('index.html'),
  '404.html': page('404.html'),
  'about/index.html': page('about/index.html'),
  'terms.html': page('terms.html'),
  'both.html': page('both.html'),
  'both/index.html': page('both/index.html'),
  'shadowed/index.html': page('shadowed/index.html'),
  'forced/index.html': page('forced/index.html'),
  'app/index.html': page('app/index.html'),
  'blog/launch/index.html': page('blog/launch/index.html'),
  'humans/index.html': page('humans/index.html'),
  'moved/index.html': stub('/about'),
  'styles.css': '/* file:styles.css */',
  _redirects: [
    '/shadowed /about 301',
    '/forced /about 301!',
    '/temporary /about 302',
    '/old-about/ /about 301',
    '/app/* /app/index.html 200',
    '/news/* /blog/:splat 301',
    '/team/:name /humans 308',
    '/gone /nowhere 301',
  ].join('\n'),
};

/** What each host should answer: the first response's status and Location, then the file finally served. */
const cases: { name: string; path: string; status: number; location?: string; file?: string }[] = [
  { name: 'the root serves index.html', path: '/', status: 200, file: 'index.html' },
  { name: 'a clean URL serves x/index.html', path: '/about', status: 200, file: 'about/index.html' },
  { name: 'a trailing slash serves x/index.html', path: '/about/', status: 200, file: 'about/index.html' },
  { name: 'a clean URL serves x.html', path: '/terms', status: 200, file: 'terms.html' },
  { name: 'x.html with a trailing slash is missing', path: '/terms/', status: 404 },
  { name: 'x.html wins over x/index.html for /x', path: '/both', status: 200, file: 'both.html' },
  { name: 'x/index.html serves /x/ when x.html exists too', path: '/both/', status: 200, file: 'both/index.html' },
  { name: 'a file by its own name', path: '/styles.css', status: 200, file: 'styles.css' },
  { name: 'a file shadows an unforced rule', path: '/shadowed', status: 200, file: 'shadowed/index.html' },
  { name: 'a forced rule wins over a file', path: '/forced', status: 301, location: '/about', file: 'about/index.html' },
  { name: 'a rule keeps its status code', path: '/temporary', status: 302, location: '/about', file: 'about/index.html' },
  { name: 'a rule matches with or without the trailing slash', path: '/old-about', status: 301, location: '/about', file: 'about/index.html' },
  { name: 'a 200 rule rewrites without a redirect', path: '/app/settings/profile', status: 200, file: 'app/index.html' },
  { name: 'a splat fills :splat', path: '/news/launch', status: 301, location: '/blog/launch', file: 'blog/launch/index.html' },
  { name: 'a placeholder matches one segment', path: '/team/ada', status: 308, location: '/humans', file: 'humans/index.html' },
  { name: 'a redirect stub page is the 301 it stands for', path: '/moved', status: 301, location: '/about', file: 'about/index.html' },
  { name: 'a redirect to nowhere ends on the 404 page', path: '/gone', status: 301, location: '/nowhere' },
  { name: 'an unknown path is missing', path: '/no/such/page', status: 404 },
];

const root = await mkdtemp(path.join(os.tmpdir(), 'sitegen-host-'));
for (const [file, text] of Object.entries(site)) {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await writeFile(path.join(root, file), text);
}
const memory = new Map<string, string | Uint8Array>(await Promise.all(listSiteFiles(root).map(async (file) => [file, await readFile(path.join(root, file))] as const)));
const servers = {
  'dev server': await listen(createMemoryHandler(() => memory, (html) => html)),
  'e2e server': await listen(createStaticHandler(root)),
};
const resolver = new SiteResolver(indexSite(await loadSite(root)));

after(async () => {
  await Promise.all(Object.values(servers).map((server) => server.close()));
  await rm(root, { recursive: true, force: true });
});

for (const row of cases) {
  test(`${row.name}: ${row.path}`, async () => {
    for (const [name, server] of Object.entries(servers)) {
      const first = await fetch(server.url + row.path, { redirect: 'manual' });
      assert.equal(first.status, row.status, `${name} status`);
      assert.equal(first.headers.get('location') ?? undefined, row.location, `${name} location`);
      const final = row.location ? await fetch(server.url + row.location, { redirect: 'manual' }) : first;
      const served = /file:([\w./-]+)/.exec(await final.text())?.[1];
      assert.equal(final.status === 404 ? undefined : served, row.file, `${name} file`);
      if (final.status === 404) assert.equal(served, '404.html', `${name} serves 404.html`);
    }
    const destination = resolver.resolve(row.path);
    assert.equal(destination.file, row.file, 'check-links file');
    assert.equal(destination.redirected, row.location !== undefined, 'check-links counts a redirect');
    if (row.location) assert.equal(destination.chain[1], row.location, 'check-links redirect target');
    assert.equal(destination.problem !== undefined, row.file === undefined, 'check-links reports a missing target');
  });
}

async function listen(handler: (request: IncomingMessage, response: ServerResponse) => Promise<void>) {
  const server = createServer((request, response) => void handler(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

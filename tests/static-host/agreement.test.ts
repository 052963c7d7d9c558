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
const stub = (file: string, to: string) =>
  `<!DOCTYPE html><html><head><meta http-equiv="refresh" content="0; url=${to}"></head><body><p>file:${file}</p><a href="${to}">${to}</a></body></html>`;

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
  'moved/index.html': stub('moved/index.html', '/about/'),
  'styles.css': '/* file:styles.css */',
  _redirects: [
    '/shadowed /about/ 301',
    '/forced /about/ 301!',
    '/temporary /about/ 302',
    '/old-about/ /about/ 301',
    '/app/* /app/index.html 200',
    '/news/* /blog/:splat/ 301',
    '/team/:name /humans/ 308',
    '/gone /nowhere 301',
  ].join('\n'),
};

// Where each rule comes from. Netlify: docs.netlify.com/routing/redirects/ (N-…); Cloudflare
// Pages: developers.cloudflare.com/pages/configuration/ (C-…); GitHub Pages serves folders and
// files the same way but reads no `_redirects`.
const rules = {
  index:
    'C-serving-pages "Route matching": an HTML file matching the path is served; N and GitHub Pages serve a folder\'s index.html at /',
  folderSlash:
    'C-serving-pages: "/about/index.html will be redirected to /about/" and a folder asked for without its slash is redirected to it; N pretty URLs and GitHub Pages do the same (301)',
  htmlFile:
    'C-serving-pages: "/contact.html will be redirected to /contact" and /contact serves contact.html; N and GitHub Pages serve x.html at /x',
  htmlFileSlash:
    'hosts differ for /x/ when only x.html exists (C redirects to /x, GitHub Pages answers 404): the model takes the strictest answer, so check-links flags such links',
  shadowing:
    'N-rewrites-proxies "Shadowing": a rule does not apply where a file exists unless forced with "!"; C applies every rule regardless of assets, so the site writes forced rules and both agree',
  forced:
    'N "Shadowing": "301!" applies even where a file exists; C-redirects: "Redirects are always followed, regardless of whether or not an asset matches"',
  status: 'N-redirect-options "HTTP status codes" and C-redirects "[code?]": the rule\'s own status is sent',
  ruleSlash:
    'N-redirect-options "Trailing slash": the CDN normalizes URLs before rules apply, so /a and /a/ match one rule; the site writes both forms, for C',
  rewrite: 'N-rewrites-proxies and C-redirects "Proxying": a 200 rule serves its target at the requested address',
  splat: 'N-redirect-options "Splats" / C-redirects: "*" matches the rest of the path, filled in as :splat',
  placeholder: 'N-redirect-options "Placeholders" / C-redirects: ":name" matches one segment',
  stub: 'GitHub Pages has no _redirects: a stub page is served as a page (200) and the browser follows its meta refresh; check-links follows it like a browser',
  missing:
    'N "Custom 404 page handling" / C-serving-pages "Not Found behavior": a 404.html at the root answers unknown paths with a 404',
};

/** What each host should answer: the first response's status and Location, then the file finally served; `checker` where check-links follows a stub the host serves as a page. */
const cases: {
  name: string;
  rule: string;
  path: string;
  status: number;
  location?: string;
  file?: string;
  checker?: { location: string; file: string };
}[] = [
  { name: 'the root serves index.html', rule: rules.index, path: '/', status: 200, file: 'index.html' },
  {
    name: 'a folder address serves x/index.html',
    rule: rules.index,
    path: '/about/',
    status: 200,
    file: 'about/index.html',
  },
  {
    name: 'a folder asked for without its slash redirects to it',
    rule: rules.folderSlash,
    path: '/about',
    status: 301,
    location: '/about/',
    file: 'about/index.html',
  },
  { name: 'a clean URL serves x.html', rule: rules.htmlFile, path: '/terms', status: 200, file: 'terms.html' },
  { name: 'x.html with a trailing slash is missing', rule: rules.htmlFileSlash, path: '/terms/', status: 404 },
  { name: 'x.html wins over x/index.html for /x', rule: rules.htmlFile, path: '/both', status: 200, file: 'both.html' },
  {
    name: 'x/index.html serves /x/ when x.html exists too',
    rule: rules.index,
    path: '/both/',
    status: 200,
    file: 'both/index.html',
  },
  { name: 'a file by its own name', rule: rules.index, path: '/styles.css', status: 200, file: 'styles.css' },
  {
    name: 'a file shadows an unforced rule',
    rule: rules.shadowing,
    path: '/shadowed/',
    status: 200,
    file: 'shadowed/index.html',
  },
  {
    name: 'a forced rule wins over a file',
    rule: rules.forced,
    path: '/forced',
    status: 301,
    location: '/about/',
    file: 'about/index.html',
  },
  {
    name: 'a forced rule wins over a file at the folder address too',
    rule: rules.forced,
    path: '/forced/',
    status: 301,
    location: '/about/',
    file: 'about/index.html',
  },
  {
    name: 'a rule keeps its status code',
    rule: rules.status,
    path: '/temporary',
    status: 302,
    location: '/about/',
    file: 'about/index.html',
  },
  {
    name: 'a rule matches with or without the trailing slash',
    rule: rules.ruleSlash,
    path: '/old-about',
    status: 301,
    location: '/about/',
    file: 'about/index.html',
  },
  {
    name: 'a 200 rule rewrites without a redirect',
    rule: rules.rewrite,
    path: '/app/settings/profile',
    status: 200,
    file: 'app/index.html',
  },
  {
    name: 'a splat fills :splat',
    rule: rules.splat,
    path: '/news/launch',
    status: 301,
    location: '/blog/launch/',
    file: 'blog/launch/index.html',
  },
  {
    name: 'a placeholder matches one segment',
    rule: rules.placeholder,
    path: '/team/ada',
    status: 308,
    location: '/humans/',
    file: 'humans/index.html',
  },
  {
    name: 'a redirect stub page is served as a page',
    rule: rules.stub,
    path: '/moved/',
    status: 200,
    file: 'moved/index.html',
    checker: { location: '/about/', file: 'about/index.html' },
  },
  {
    name: 'a redirect to nowhere ends on the 404 page',
    rule: rules.missing,
    path: '/gone',
    status: 301,
    location: '/nowhere',
  },
  { name: 'an unknown path is missing', rule: rules.missing, path: '/no/such/page', status: 404 },
];

const root = await mkdtemp(path.join(os.tmpdir(), 'sitegen-host-'));
for (const [file, text] of Object.entries(site)) {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await writeFile(path.join(root, file), text);
}
const memory = new Map<string, string | Uint8Array>(
  await Promise.all(listSiteFiles(root).map(async (file) => [file, await readFile(path.join(root, file))] as const)),
);
const servers = {
  'dev server': await listen(
    createMemoryHandler(
      () => memory,
      (html) => html,
    ),
  ),
  'e2e server': await listen(createStaticHandler(root)),
};
const resolver = new SiteResolver(indexSite(await loadSite(root)));

after(async () => {
  await Promise.all(Object.values(servers).map((server) => server.close()));
  await rm(root, { recursive: true, force: true });
});

for (const row of cases) {
  test(`${row.name}: ${row.path} (${row.rule})`, async () => {
    for (const [name, server] of Object.entries(servers)) {
      const first = await fetch(server.url + row.path, { redirect: 'manual' });
      assert.equal(first.status, row.status, `${name} status`);
      assert.equal(first.headers.get('location') ?? undefined, row.location, `${name} location`);
      const final = row.location ? await fetch(server.url + row.location, { redirect: 'manual' }) : first;
      const served = /file:([\w./-]+)/.exec(await final.text())?.[1];
      assert.equal(final.status === 404 ? undefined : served, row.file, `${name} file`);
      if (final.status === 404) assert.equal(served, '404.html', `${name} serves 404.html`);
    }
    const expected = row.checker ?? row;
    const destination = resolver.resolve(row.path);
    assert.equal(destination.file, expected.file, 'check-links file');
    assert.equal(destination.redirected, expected.location !== undefined, 'check-links counts a redirect');
    if (expected.location) assert.equal(destination.chain[1], expected.location, 'check-links redirect target');
    assert.equal(
      destination.problem !== undefined,
      expected.file === undefined,
      'check-links reports a missing target',
    );
  });
}

async function listen(handler: (request: IncomingMessage, response: ServerResponse) => Promise<void>) {
  const server = createServer((request, response) => void handler(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

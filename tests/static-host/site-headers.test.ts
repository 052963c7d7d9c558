// The HTTP headers every page of the real site is served with, from the headers file the build
// writes, as the static handler of the browser tests' server and `sitegen preview` applies it.
// These are facts of a response, so they are checked with fetch and no browser; whether the
// browser keeps to the policy is the browser tests' part (the `cspViolations` fixture).
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { textContent } from 'domutils';
import { createStaticHandler } from '../../cli/static-host/static-host.ts';
import { parsePage } from '../helpers/html.ts';
import { realSiteBuild } from '../helpers/real-build.ts';

/** A path no page has: the host answers it with the 404 page. */
const unknownPath = '/no-such-page';
const revalidate = 'public, max-age=0, must-revalidate';
const immutable = 'public, max-age=31536000, immutable';

let server: Server;
let origin: string;
/** Every page the build lists in its sitemap, by path. */
let pagePaths: string[];

before(async () => {
  const { outDir } = await realSiteBuild();
  const sitemap = await readFile(path.join(outDir, 'sitemap.xml'), 'utf8');
  pagePaths = [...sitemap.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  server = createServer(createStaticHandler(outDir));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

/** The script sources a Content-Security-Policy allows, as its `script-src` lists them. */
function scriptSources(csp: string): string[] {
  const directive = csp
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith('script-src '));
  assert.ok(directive, `no script-src in ${csp}`);
  return directive.split(/\s+/).slice(1);
}

/** The text of each inline script the browser runs (not JSON data blocks, not scripts with a src). */
function inlineScripts(html: string): string[] {
  const page = parsePage(html);
  return page
    .all(
      (element) =>
        element.name === 'script' &&
        element.attribs.src === undefined &&
        ['', 'text/javascript', 'module'].includes(element.attribs.type ?? ''),
    )
    .map((element) => textContent(element));
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

test("the pages fetched are every page of SPEC section 2 and the blog's tag and category pages, as the built sitemap lists them", () => {
  // SPEC section 2: home, 4 audiences, 5 guides and their 5 articles, the blog, its 6 posts,
  // case studies, humans, getting started, the toolkit and the two legal pages; then the 19 tags'
  // and 6 categories' pages of the six posts, and the pages listing every tag and every category.
  assert.equal(pagePaths.length, 28 + 25 + 2, pagePaths.join('\n'));
  assert.ok(pagePaths.includes('/'));
});

test('every page and the 404 page carry the security headers, and a policy that allows exactly their own inline scripts', async () => {
  for (const sitePath of [...pagePaths, unknownPath]) {
    const response = await fetch(`${origin}${sitePath}`, { redirect: 'manual' });
    assert.equal(response.status, sitePath === unknownPath ? 404 : 200, sitePath);
    const csp = response.headers.get('content-security-policy') ?? '';
    assert.match(csp, /script-src 'self' 'sha256-/, sitePath);
    assert.doesNotMatch(csp, /script-src[^;]*'unsafe-inline'/, sitePath);
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff', sitePath);
    assert.equal(response.headers.get('x-frame-options'), 'DENY', sitePath);
    const allowed = scriptSources(csp);
    const scripts = inlineScripts(await response.text());
    assert.ok(scripts.length > 0, `${sitePath} has its inline script (it marks the document as scripted)`);
    for (const script of scripts)
      assert.ok(
        allowed.includes(sha256(script)),
        `${sitePath}: the policy names the hash of ${JSON.stringify(script.slice(0, 60))}`,
      );
  }
});

test('pages are revalidated on every visit; hashed assets are cached for a year', async () => {
  for (const sitePath of pagePaths) {
    const response = await fetch(`${origin}${sitePath}`, { redirect: 'manual' });
    await response.arrayBuffer();
    assert.equal(response.headers.get('cache-control'), revalidate, sitePath);
  }
  const home = parsePage(await (await fetch(`${origin}/`)).text());
  const assets = [
    ...home
      .all((element) => element.name === 'link' && element.attribs.rel === 'stylesheet')
      .map((element) => element.attribs.href!),
    ...home
      .all((element) => element.name === 'script' && element.attribs.src !== undefined)
      .map((element) => element.attribs.src!),
  ];
  assert.ok(
    assets.some((href) => href.endsWith('.css')),
    'the home page links its stylesheet',
  );
  for (const href of assets) {
    assert.match(href, /^\/assets\//, href);
    const response = await fetch(`${origin}${href}`);
    assert.equal(response.status, 200, href);
    await response.arrayBuffer();
    assert.equal(response.headers.get('cache-control'), immutable, href);
  }
});

// Whoever can write the cache folder (a pull request's job sharing CI's cache, say) can change
// an entry's payload and hash it again. Without a secret, the cache's check only catches damage,
// so such an entry is published; with SITEGEN_CACHE_SECRET, entries carry an HMAC under it, and
// a forged one is ignored: the page is made afresh.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { Cache } from '../../cli/cache/cache.ts';
import { buildSite } from '../../cli/pipeline/build-site.ts';
import { DiskWriter } from '../../cli/write/writers.ts';
import { tinyContentCopy } from '../helpers/build-output.ts';
import { tinyRoot, tinySite } from '../helpers/sites.ts';

let tmp: string;
let content: string;
let cleanup: () => Promise<void>;
let builds = 0;

before(async () => {
  ({ dir: tmp, content, cleanup } = await tinyContentCopy());
});
after(() => cleanup());

const forged = '<p>forged by whoever could write the cache</p>';

/** Builds the tiny site into a new folder with `cache`; answers the home page as written. */
async function buildHome(cache: Cache): Promise<string> {
  const out = path.join(tmp, `out-${++builds}`);
  const result = await buildSite({
    root: tinyRoot,
    site: tinySite,
    contentDir: content,
    writer: new DiskWriter(out),
    cache,
    checkLinks: false,
  });
  assert.equal(result.committed, true);
  return readFile(path.join(out, 'index.html'), 'utf8');
}

/**
 * Rewrites the cached home page as one who can write the folder but knows no secret would: the
 * payload changed, and the header's SHA-256 of the named cache, the key and the payload made again.
 */
async function forgeHomePage(folder: string): Promise<void> {
  const pages = path.join(folder, 'pages');
  let done = false;
  for (const entry of await readdir(pages, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/^[0-9a-f]{64}$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const text = await readFile(file, 'utf8');
    const newline = text.indexOf('\n');
    const value = JSON.parse(text.slice(newline + 1)) as { html: string };
    if (!/<title>Tiny<\/title>/.test(value.html)) continue;
    value.html = value.html.replace('</main>', `${forged}</main>`);
    assert.ok(value.html.includes(forged), 'the home page has a <main> to forge into');
    const payload = JSON.stringify(value);
    const check = createHash('sha256').update(`pages\0${entry.name}\0`).update(payload).digest('hex');
    await writeFile(file, `${text.slice(0, newline).replace(/[0-9a-f]{64}$/, check)}\n${payload}`);
    done = true;
  }
  assert.ok(done, 'the home page was cached');
}

test('without a secret, a re-hashed entry passes the check and is published: the check catches damage, not forgery', async () => {
  const folder = path.join(tmp, 'cache-plain');
  assert.ok(!(await buildHome(new Cache(folder, {}))).includes(forged));
  await forgeHomePage(folder);
  assert.ok((await buildHome(new Cache(folder, {}))).includes(forged), 'the forged page is published');
});

test('with SITEGEN_CACHE_SECRET, a re-hashed entry is ignored and the page is rendered afresh', async () => {
  const folder = path.join(tmp, 'cache-signed');
  const secret = { secret: 'a secret only the trusted builds know' };
  const first = await buildHome(new Cache(folder, secret));
  await forgeHomePage(folder);
  const second = await buildHome(new Cache(folder, secret));
  assert.ok(!second.includes(forged), 'the forged page is not published');
  assert.equal(second, first);
});

test('entries signed under one secret are not taken under another, nor without one', async () => {
  const folder = path.join(tmp, 'cache-other');
  const signed = new Cache(folder, { secret: 'one' });
  signed.put('pages', 'a'.repeat(64), 'value');
  assert.equal(signed.get('pages', 'a'.repeat(64))?.toString(), 'value');
  assert.equal(new Cache(folder, { secret: 'another' }).get('pages', 'a'.repeat(64)), undefined);
  assert.equal(new Cache(folder, {}).get('pages', 'a'.repeat(64)), undefined);
  new Cache(folder, {}).put('pages', 'b'.repeat(64), 'plain');
  assert.equal(
    signed.get('pages', 'b'.repeat(64)),
    undefined,
    'an entry written without the secret is ignored under it',
  );
});

import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { SiteError } from '../../cli/errors.ts';
import { manifestFileName } from '../../cli/check/types.ts';
import { loadManifest, OriginIndex } from '../../cli/check/read-manifest.ts';

async function withSite(manifest: string | undefined, run: (dir: string) => Promise<void>) {
  const dir = await mkdtemp(join(tmpdir(), 'links-manifest-'));
  try {
    if (manifest !== undefined) await writeFile(join(dir, manifestFileName), manifest);
    await run(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test('reads no manifest when the site has none', async () => {
  await withSite(undefined, async (dir) => assert.equal(await loadManifest(dir), undefined));
});

test('rejects a manifest that breaks the schema, naming the file and field', async () => {
  await withSite(
    '{"version":2,"siteUrl":"https://x.test","routes":[{"path":"about","file":"about/index.html"}],"redirects":[],"origins":[],"links":{}}',
    async (dir) => {
      await assert.rejects(loadManifest(dir), (error: unknown) => {
        assert.ok(error instanceof SiteError);
        assert.equal(error.code, 'links.bad-manifest');
        assert.equal(error.file, join(dir, manifestFileName));
        assert.match(error.message, /routes\.0\.path/);
        return true;
      });
    },
  );
});

test('rejects a link whose origin index is not in the origin list', async () => {
  const origin = { kind: 'layout', file: 'content/data/navigation.json', field: 'header.cta.href' };
  await withSite(
    JSON.stringify({
      version: 2,
      siteUrl: 'https://x.test',
      routes: [],
      redirects: [],
      origins: [origin],
      links: {
        '/': [
          ['/a', 0],
          ['/b', 1],
        ],
      },
    }),
    async (dir) => {
      await assert.rejects(
        loadManifest(dir),
        (error: unknown) =>
          error instanceof SiteError && /links\.\/\.1\.1: no origin 1 \(the manifest lists 1\)/.test(error.message),
      );
    },
  );
});

test('rejects a manifest written by an older build, asking for a rebuild', async () => {
  await withSite('{"version":1,"siteUrl":"https://x.test","routes":[],"redirects":[],"links":[]}', async (dir) => {
    await assert.rejects(
      loadManifest(dir),
      (error: unknown) =>
        error instanceof SiteError &&
        /^version:/.test(error.message.split('read: ')[1] ?? '') &&
        /Rebuild the site/.test(error.hint ?? ''),
    );
  });
});

test('rejects a manifest that is not JSON', async () => {
  await withSite('{"version":', async (dir) => {
    await assert.rejects(
      loadManifest(dir),
      (error: unknown) => error instanceof SiteError && error.code === 'links.bad-manifest',
    );
  });
});

test('pairs repeated hrefs on a page with their origins in document order', () => {
  const nav = { kind: 'layout' as const, file: 'content/data/navigation.json', field: 'header.cta.href' };
  const body = { kind: 'markdown' as const, file: 'content/posts/a.md', line: 3 };
  const index = new OriginIndex({
    origins: [nav, body],
    links: {
      '/blog/a/': [
        ['/getting-started', 0],
        ['/getting-started', 1],
      ],
      '/empty/': [],
    },
  });
  assert.equal(index.hasPage('/empty'), false);
  assert.equal(index.hasPage('/blog/a'), true);
  assert.deepEqual(index.find('/blog/a/', '/getting-started', 0), nav);
  assert.deepEqual(index.find('/blog/a/', '/getting-started', 1), body);
  assert.deepEqual(index.find('/blog/a/', '/getting-started', 5), body);
  assert.equal(index.find('/blog/a/', '/other', 0), undefined);
});

// Inputs that used to stop a command with the system's or a library's own words and no file:
// each is now an error with a code at its place, or is handled. (An SVG written with a prefixed
// root, `<svg:svg>`, is in svg.test.ts with the other SVGs.)
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { SiteDefinition } from '../../cli/config/site-definition.ts';
import { SiteError, SiteErrorList } from '../../cli/errors.ts';
import { planImport } from '../../cli/import/import-posts.ts';
import { scanSource } from '../../cli/import/scan-source.ts';
import { ContentFiles } from '../../cli/shared/read-content-file.ts';
import { Cache } from '../../cli/cache/cache.ts';
import { buildSite } from '../../cli/pipeline/build-site.ts';
import { DiskWriter } from '../../cli/write/writers.ts';
import { tinyContentCopy } from '../helpers/build-output.ts';
import { loadedSite, tinyRoot, tinySite } from '../helpers/sites.ts';
import type { TinyModel, TinyPage } from '../sites/tiny/templates/pages.tsx';

let dir: string;
let content: string;
let cleanup: () => Promise<void>;

before(async () => {
  ({ dir, content, cleanup } = await tinyContentCopy());
});
after(() => cleanup());

test('an old address naming _headers or _redirects (or a path under one) is refused at its source, and the last output stays', async () => {
  const out = path.join(dir, 'out');
  const first = await buildSite({
    root: tinyRoot,
    site: tinySite,
    contentDir: content,
    writer: new DiskWriter(out),
    cache: new Cache(undefined),
    checkLinks: false,
  });
  assert.equal(first.committed, true);
  const before = (await readdir(out, { recursive: true })).sort();
  const post = path.join(content, 'posts', 'hello.md');
  const definition: SiteDefinition<TinyModel, TinyPage> = {
    ...tinySite.definition,
    redirects: () => [
      { from: '/_headers', to: '/', origin: { kind: 'markdown', file: post, line: 4, field: 'aliases' } },
      { from: '/_redirects/old', to: '/', origin: { kind: 'markdown', file: post, line: 5, field: 'aliases' } },
      { from: '/_headers.html', to: '/', origin: { kind: 'markdown', file: post, line: 6, field: 'aliases' } },
    ],
  };
  await assert.rejects(
    buildSite({
      root: tinyRoot,
      site: loadedSite(definition),
      contentDir: content,
      writer: new DiskWriter(out),
      cache: new Cache(undefined),
      checkLinks: false,
    }),
    (error: unknown) => {
      assert.ok(error instanceof SiteErrorList, String(error));
      assert.deepEqual(
        error.errors.map((e) => [e.code, e.file, e.line]),
        [
          ['routes.duplicate-output', post, 4],
          ['routes.duplicate-output', post, 5],
        ],
      );
      return true;
    },
  );
  assert.deepEqual((await readdir(out, { recursive: true })).sort(), before, 'the last output is left as it was');
});

test('a post to import with a __proto__ or constructor key is imported, the __proto__ key left out and reported', async () => {
  const source = await mkdtemp(path.join(dir, 'source-'));
  await writeFile(
    path.join(source, 'proto.md'),
    '---\ntitle: Proto\ndate: 2023-01-01\n__proto__:\n  polluted: yes\nconstructor: builder\nparams:\n  __proto__: nested\n---\n\nBody.\n',
  );
  const archetype = tinySite.definition.archetypes!.post!;
  const plan = planImport(source, {
    archetype: { ...archetype, imported: archetype.imported! },
    collection: tinySite.definition.content.collections.posts!,
    folder: path.join(content, 'posts'),
    existing: new Map(),
  });
  const post = plan.posts[0]!;
  assert.match(post.text, /^extra:\n {2}constructor: builder\n {2}params:\n {4}__proto__: nested\n/m);
  assert.doesNotMatch(post.text, /polluted/);
  assert.ok(
    post.notCarried.some((note) => note.includes('__proto__')),
    post.notCarried.join('\n'),
  );
  assert.equal(({} as Record<string, unknown>).polluted, undefined, 'no prototype was touched');
});

/** A folder the system refuses to list even to this process, and the folder holding it; undefined where there is none. */
function unreadableFolder(): { parent: string; folder: string } | undefined {
  for (const [parent, name] of [
    ['/proc/1/task/1', 'fdinfo'],
    ['/proc/1', 'map_files'],
  ] as const) {
    try {
      readdirSync(path.join(parent, name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EACCES') return { parent, folder: path.join(parent, name) };
    }
  }
  return undefined;
}

test('a folder the import cannot list is skipped and reported; a source it cannot list is an error at that folder', (t) => {
  const unreadable = unreadableFolder();
  if (!unreadable) {
    t.skip('this system lets the tests list every folder of /proc/1');
    return;
  }
  const scan = scanSource(unreadable.parent, new ContentFiles(unreadable.parent));
  const skipped = scan.skipped.find((entry) => entry.file === unreadable.folder);
  assert.match(skipped?.reason ?? '', /cannot be read \(EACCES\)/);
  assert.throws(
    () => scanSource(unreadable.folder, new ContentFiles(unreadable.folder)),
    (error: unknown) =>
      error instanceof SiteError && error.code === 'import.no-source' && error.file === unreadable.folder,
  );
});

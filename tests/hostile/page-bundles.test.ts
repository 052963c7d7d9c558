// A contributed post that is a page bundle publishes what a post needs and nothing a browser
// would run as the site: HTML, scripts, XML with its stylesheet, compressed SVG and WebAssembly
// beside `index.md` are errors at their files, as are names no link can reach, and a failed
// build leaves the last output as it was. A site that widens the list gets those files served as
// sandboxed downloads, by `_headers`, `preview` and `dev` alike.
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { Cache } from '../../cli/cache/cache.ts';
import { collectSiteErrors } from '../../cli/errors.ts';
import { createMemoryHandler } from '../../cli/dev/memory-site.ts';
import { buildSite } from '../../cli/pipeline/build-site.ts';
import { createStaticHandler } from '../../cli/static-host/static-host.ts';
import { DiskWriter, MemoryWriter } from '../../cli/write/writers.ts';
import { filesOf, tinyContentCopy } from '../helpers/build-output.ts';
import { serving } from '../helpers/serving.ts';
import { loadedSite, tinyRoot, tinySite } from '../helpers/sites.ts';

let dir: string;
let content: string;
let cleanup: () => Promise<void>;
let bundle: string;

const runs = [
  'demo.html',
  'old.htm',
  'page.xhtml',
  'app.js',
  'module.mjs',
  'feed.xml',
  'style.xsl',
  'drawing.svgz',
  'code.wasm',
];
const unknown = ['tool.exe', 'README'];
const published = [
  'notes.txt',
  'data/results.csv',
  'data/results.json',
  'talk.mp4',
  'episode.mp3',
  'slides.pdf',
  'sources.zip',
  'price list.pdf',
];
const unreachable = [
  'x?y.txt',
  'x#y.txt',
  'line\nbreak.txt',
  'per%cent.txt',
  'back\\slash.txt',
  'star*.txt',
  'bidi\u202Etxt.pdf',
];

before(async () => {
  ({ dir, content, cleanup } = await tinyContentCopy());
  bundle = path.join(content, 'posts', 'launch');
  await mkdir(path.join(bundle, 'data'), { recursive: true });
  await writeFile(
    path.join(bundle, 'index.md'),
    '---\ntitle: Launch\ndate: 2024-01-05\n---\n\nSee [the notes](notes.txt).\n',
  );
  for (const name of [...runs, ...unknown, ...published])
    await writeFile(path.join(bundle, name), `contents of ${name}`);
});
after(() => cleanup());

/** Builds the content folder `content` with `site`, into `out`; the error when it fails. */
async function build(site: typeof tinySite, out: string): Promise<unknown> {
  return buildSite({
    root: tinyRoot,
    site,
    contentDir: content,
    writer: new DiskWriter(out),
    cache: new Cache(undefined),
  }).then(
    () => undefined,
    (error: unknown) => error,
  );
}

/** The tiny site with its posts' bundles allowed to publish `.html` and `.js` files as downloads. */
const widened: typeof tinySite = loadedSite({
  ...tinySite.definition,
  content: {
    ...tinySite.definition.content,
    collections: {
      posts: {
        ...tinySite.definition.content.collections.posts!,
        bundles: { ...tinySite.definition.content.collections.posts!.bundles!, attachments: ['.html', 'js'] },
      },
    },
  },
});

test('a file a browser would run or show as a page, or of no kind a post publishes, is an error at the file; the last output stays byte for byte', async () => {
  const out = path.join(dir, 'refused');
  await withBundle([], async () => {
    assert.equal(await build(tinySite, out), undefined, 'the first build, without the hostile files');
  });
  const before = await filesOf(out);
  const error = await build(tinySite, out);
  const errors = collectSiteErrors(error) ?? [];
  assert.deepEqual(
    errors.map((problem) => [problem.code, path.relative(bundle, problem.file!)]).sort(),
    [...runs, ...unknown].map((name) => ['content.bundle-file-kind', name]).sort(),
  );
  assert.deepEqual(await filesOf(out), before, 'the last output is left as it was');
});

test('a name no link reaches is an error at the file, whatever its kind', async () => {
  await withBundle(
    unreachable,
    async () => {
      const errors = collectSiteErrors(await build(widened, path.join(dir, 'names'))) ?? [];
      const names = errors
        .filter((problem) => problem.code === 'content.bundle-file-name')
        .map((problem) => path.relative(bundle, problem.file!));
      assert.deepEqual(names.sort(), [...unreachable].sort());
    },
    { without: [...runs, ...unknown] },
  );
});

test('audio, video, PDF, text, data and archives are published beside the post, each served with its type', async () => {
  const out = path.join(dir, 'kinds');
  await withBundle(
    [],
    async () => {
      assert.equal(await build(tinySite, out), undefined);
      await serving(createStaticHandler(out), async (get) => {
        const types = Object.fromEntries(
          await Promise.all(
            published.map(
              async (name) =>
                [name, (await get(`/posts/launch/${encodeURI(name)}`)).headers.get('content-type')] as const,
            ),
          ),
        );
        assert.deepEqual(types, {
          'notes.txt': 'text/plain; charset=utf-8',
          'data/results.csv': 'text/csv; charset=utf-8',
          'data/results.json': 'application/json; charset=utf-8',
          'talk.mp4': 'video/mp4',
          'episode.mp3': 'audio/mpeg',
          'slides.pdf': 'application/pdf',
          'sources.zip': 'application/zip',
          'price list.pdf': 'application/pdf',
        });
      });
    },
    { without: [...runs, ...unknown] },
  );
});

test('kinds the site adds are published as sandboxed downloads by _headers, preview and dev', async () => {
  const out = path.join(dir, 'widened');
  const memory = new MemoryWriter();
  await withBundle(
    [],
    async () => {
      assert.equal(await build(widened, out), undefined);
      await buildSite({
        root: tinyRoot,
        site: widened,
        contentDir: content,
        writer: memory,
        checkLinks: false,
        cache: new Cache(undefined),
      });
    },
    {
      without: [
        ...unknown,
        'page.xhtml',
        'module.mjs',
        'feed.xml',
        'style.xsl',
        'drawing.svgz',
        'code.wasm',
        'old.htm',
      ],
    },
  );
  const headers = String(memory.files.get('_headers'));
  for (const pattern of ['/posts/launch/demo.html', '/posts/launch/demo', '/posts/launch/app.js']) {
    assert.match(
      headers,
      new RegExp(
        `^${pattern.replaceAll('.', '\\.')}\\n  Content-Disposition: attachment\\n  Content-Security-Policy: default-src 'none'; sandbox$`,
        'm',
      ),
      pattern,
    );
  }
  const downloads = ['/posts/launch/demo.html', '/posts/launch/demo', '/posts/launch/app.js'];
  for (const [name, handler] of [
    ['preview', createStaticHandler(out)],
    [
      'dev',
      createMemoryHandler(
        () => memory.files,
        (html) => html,
      ),
    ],
  ] as const) {
    await serving(handler, async (get) => {
      for (const address of downloads) {
        const response = await get(address);
        assert.equal(response.status, 200, `${name} ${address}`);
        assert.equal(response.headers.get('content-disposition'), 'attachment', `${name} ${address}`);
        assert.match(
          response.headers.get('content-security-policy') ?? '',
          /default-src 'none'; sandbox/,
          `${name} ${address}`,
        );
      }
      const page = await get('/posts/launch/');
      assert.equal(page.headers.get('content-disposition'), null, `${name}: the post's page is no download`);
      assert.doesNotMatch(
        page.headers.get('content-security-policy') ?? '',
        /sandbox/,
        `${name}: the post's page is not sandboxed`,
      );
    });
  }
});

/** Runs `check` with the bundle holding `names` besides its standing files, less `without`. */
async function withBundle(
  names: string[],
  check: () => Promise<void>,
  options: { without?: string[] } = {},
): Promise<void> {
  const { rename, rm } = await import('node:fs/promises');
  const aside = path.join(dir, 'aside');
  await mkdir(aside, { recursive: true });
  const without = options.without ?? [...runs, ...unknown];
  for (const name of without) await rename(path.join(bundle, name), path.join(aside, encodeURIComponent(name)));
  for (const name of names) await writeFile(path.join(bundle, name), `contents of ${name}`);
  try {
    await check();
  } finally {
    for (const name of names) await rm(path.join(bundle, name), { force: true });
    for (const name of without) await rename(path.join(aside, encodeURIComponent(name)), path.join(bundle, name));
  }
}

test('every kind a bundle publishes has the type a host serves it with', async () => {
  const { bundleFileExtensions } = await import('../../cli/load/bundle-files.ts');
  const { contentTypeFor } = await import('../../cli/static-host/content-types.ts');
  const untyped = Object.values(bundleFileExtensions)
    .flat()
    .filter((extension) => contentTypeFor(`file${extension}`) === 'application/octet-stream');
  assert.deepEqual(untyped, []);
});

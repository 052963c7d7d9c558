// The engine's server routes, on the tiny site with a route of its own (tests/sites/tiny/server/echo.ts):
// the build records its facts, `preview` runs the module in Node with a SQLite file, and the
// Worker and Netlify function the build emits run the same module as those hosts call it.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import { Miniflare } from 'miniflare';
import type { SqlDatabase } from '../../cli/config/server-spec.ts';
import { buildSite } from '../../cli/pipeline/build-site.ts';
import { bundleHostOutputs, cloudflareFolder, netlifyFunctionsFolder } from '../../cli/server/host-outputs.ts';
import { startNodeServerRoutes } from '../../cli/server/node-runtime.ts';
import { readServerFacts, serverFactsFile, serverFactsOf, type ServerFacts } from '../../cli/server/server-facts.ts';
import { applyMigrations } from '../../cli/server/sqlite-binding.ts';
import { startPreviewServer } from '../../cli/static-host/preview-server.ts';
import { DiskWriter } from '../../cli/write/writers.ts';
import { SiteError } from '../../cli/errors.ts';
import { checkSite } from '../../cli/check/index.ts';
import serverDefinition from '../sites/tiny/sitegen.server.config.ts';
import { loadedSite, tinyRoot } from '../helpers/sites.ts';
import { startTestDevServer } from '../helpers/dev-server.ts';
import { Cache, cacheFolder } from '../../cli/cache/cache.ts';

const spec = serverDefinition.server!;
let tmp: string;
let outDir: string;
let facts: ServerFacts;

before(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'sitegen-server-'));
  outDir = path.join(tmp, 'dist');
  const site = loadedSite(serverDefinition, path.join(tinyRoot, 'sitegen.server.config.ts'));
  const result = await buildSite({ root: tinyRoot, site, writer: new DiskWriter(outDir), checkLinks: false });
  assert.equal(result.committed, true);
  facts = readServerFacts(outDir)!;
});
after(() => rm(tmp, { recursive: true, force: true }));

const post = (url: string, text: string, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', body: text, headers });

test("the build records the routes, the site's origin and the data its definition hands them beside the pages", () => {
  assert.deepEqual(facts, { version: 1, url: 'https://tiny.example', routes: ['/api/echo'], data: { title: 'Tiny' } });
});

test('preview answers the route with the module, its variable, the facts, the client address and a SQLite file; pages are still files', async () => {
  const db = path.join(tmp, 'notes.sqlite');
  const routes = await startNodeServerRoutes({
    root: tinyRoot,
    spec,
    env: { TINY_GREETING: 'hello', TINY_NOTES_DB: db, OTHER: 'not handed' },
    site: () => facts,
    logError: (text) => assert.fail(text),
  });
  const server = await startPreviewServer({ dir: outDir, host: '127.0.0.1', port: 0, routes });
  try {
    const answer = await post(`${server.url}/api/echo`, 'first');
    assert.equal(answer.status, 201);
    const body = (await answer.json()) as { greeting: string; site: unknown; clientAddress: string; notes: unknown[] };
    assert.equal(body.greeting, 'hello');
    assert.deepEqual(body.site, {
      version: 1,
      url: 'https://tiny.example',
      routes: ['/api/echo'],
      data: { title: 'Tiny' },
    });
    assert.equal(body.clientAddress, '127.0.0.1');
    assert.deepEqual(body.notes, [{ text: 'first', kept_by: 'request' }]);
    await routes.idle();
    const rows = new BetterSqlite3(db, { readonly: true }).prepare('SELECT text, kept_by FROM notes ORDER BY id').all();
    assert.deepEqual(
      rows,
      [
        { text: 'first', kept_by: 'request' },
        { text: 'first', kept_by: 'after' },
      ],
      'the work handed to waitUntil ran after the answer',
    );
    const other = await fetch(`${server.url}/api/echo`);
    assert.equal(other.status, 405);
    assert.deepEqual(
      await other.json(),
      { bound: ['NOTES', 'TINY_GREETING'] },
      'only the variables the site names are handed over',
    );
    assert.match(await (await fetch(`${server.url}/`)).text(), /<h1>Tiny<\/h1>/);
  } finally {
    await server.close();
    await routes.close();
  }
});

test('a database that cannot be opened fails the statement, not the server: the route answers 500 and the next request is served', async () => {
  const blocker = path.join(tmp, 'a-file');
  await writeFile(blocker, '');
  const errors: string[] = [];
  const routes = await startNodeServerRoutes({
    root: tinyRoot,
    spec,
    env: { TINY_NOTES_DB: path.join(blocker, 'notes.sqlite') },
    site: () => facts,
    logError: (text) => errors.push(text),
  });
  const server = await startPreviewServer({ dir: outDir, host: '127.0.0.1', port: 0, routes });
  try {
    assert.equal((await post(`${server.url}/api/echo`, 'x')).status, 500);
    assert.equal((await post(`${server.url}/api/echo`, 'x')).status, 500);
    assert.equal(errors.length, 2);
  } finally {
    await server.close();
    await routes.close();
  }
});

test('the Worker the build emits runs the same module in workerd, with a D1 database, CF-Connecting-IP and the static files for other paths', async () => {
  const outputs = (await bundleHostOutputs(spec, tinyRoot, outDir)).withFacts(facts);
  const cloudflare = outputs.get(cloudflareFolder)!;
  const config = JSON.parse(cloudflare.get('wrangler.jsonc')!.replace(/^\/\/.*\n/, '')) as Record<string, unknown>;
  assert.deepEqual(config.assets, {
    directory: path.relative(path.join(tinyRoot, cloudflareFolder), outDir),
    binding: 'ASSETS',
    run_worker_first: ['/api/echo'],
    html_handling: 'auto-trailing-slash',
    not_found_handling: '404-page',
  });
  assert.deepEqual(config.d1_databases, [
    { binding: 'NOTES', database_name: 'tiny-notes', migrations_dir: '../../../server/migrations' },
  ]);
  const mf = new Miniflare({
    modules: true,
    script: cloudflare.get('worker.js')!,
    compatibilityDate: config.compatibility_date as string,
    d1Databases: ['NOTES'],
    bindings: { TINY_GREETING: 'from workerd' },
    serviceBindings: { ASSETS: () => new Response('a static file') },
  });
  try {
    // Miniflare's D1 is the API a Worker sees; the engine's SqlDatabase is the part of it a route uses.
    await applyMigrations(
      (await mf.getD1Database('NOTES')) as unknown as SqlDatabase,
      path.join(tinyRoot, 'server', 'migrations'),
    );
    const answer = await mf.dispatchFetch('https://tiny.example/api/echo', {
      method: 'POST',
      body: 'from a worker',
      headers: { 'cf-connecting-ip': '203.0.113.9' },
    });
    assert.equal(answer.status, 201);
    const body = (await answer.json()) as { greeting: string; site: unknown; clientAddress: string; notes: unknown[] };
    assert.deepEqual(body, {
      greeting: 'from workerd',
      site: { url: 'https://tiny.example', data: { title: 'Tiny' } },
      clientAddress: '203.0.113.9',
      notes: [{ text: 'from a worker', kept_by: 'request' }],
    });
    assert.equal(await (await mf.dispatchFetch('https://tiny.example/posts/hello/')).text(), 'a static file');
  } finally {
    await mf.dispose();
  }
});

test('the Netlify function the build emits exports the handler with its path, and hands it the variables, the bindings module and context.ip', async () => {
  const netlify = (await bundleHostOutputs(spec, tinyRoot, outDir)).withFacts(facts).get(netlifyFunctionsFolder)!;
  assert.deepEqual([...netlify.keys()], ['sitegen-api-echo.mjs']);
  // Written in the project, where Netlify's own bundler resolves its package imports.
  const file = path.join(tinyRoot, `.netlify-test-${process.pid}.mjs`);
  await writeFile(file, netlify.get('sitegen-api-echo.mjs')!);
  try {
    const module = (await import(pathToFileURL(file).href)) as {
      default: (request: Request, context: unknown) => Promise<Response>;
      config: { path: string };
    };
    assert.deepEqual(module.config, { path: '/api/echo' });
    process.env.TINY_GREETING = 'from netlify';
    const answer = await module.default(new Request('https://tiny.example/api/echo'), {
      ip: '198.51.100.7',
      waitUntil: () => undefined,
    });
    assert.equal(answer.status, 405);
    assert.deepEqual(await answer.json(), { bound: ['NETLIFY_MARK', 'TINY_GREETING'] });
  } finally {
    delete process.env.TINY_GREETING;
    await rm(file, { force: true });
  }
});

test('a route at the address of a page, or not a path, is refused by the build', () => {
  for (const route of ['/posts/hello', '/posts/hello/', 'api/echo', '/api/echo?x']) {
    assert.throws(
      () =>
        serverFactsOf(
          { ...spec, routes: { [route]: 'server/echo.ts' } },
          { site: { title: 'Tiny', url: 'https://tiny.example' }, posts: [] },
          'https://tiny.example',
          ['/', '/posts/hello'],
        ),
      (error: unknown) => error instanceof SiteError && error.code === 'server.bad-route',
      route,
    );
  }
});

test('a route module without a default export is a located server.no-handler', async () => {
  const file = path.join(tinyRoot, 'server', `no-handler-${process.pid}.ts`);
  await writeFile(file, 'export const notDefault = 1;\n');
  try {
    await assert.rejects(
      startNodeServerRoutes({
        root: tinyRoot,
        spec: { ...spec, routes: { '/api/x': path.relative(tinyRoot, file) } },
        env: {},
        site: () => facts,
        logError: () => undefined,
      }),
      (error: unknown) => error instanceof SiteError && error.code === 'server.no-handler' && error.file === file,
    );
  } finally {
    await rm(file, { force: true });
  }
});

test('the facts file is read back as the build wrote it', async () => {
  assert.deepEqual(JSON.parse(await readFile(path.join(outDir, serverFactsFile), 'utf8')), facts);
});

test("a link or form action to a server route is not a missing page for the link checker; without the build's facts it is", async () => {
  const dir = path.join(tmp, 'checked');
  await rm(dir, { recursive: true, force: true });
  const { mkdir } = await import('node:fs/promises');
  await mkdir(dir);
  await writeFile(
    path.join(dir, 'index.html'),
    '<!DOCTYPE html><html lang="en"><title>t</title><form action="/api/echo" method="post"></form><a href="/api/nothing">x</a></html>',
  );
  const missing = async () =>
    (await checkSite(dir)).findings
      .filter((finding) => finding.code === 'links.missing-page')
      .map((finding) => finding.href);
  assert.deepEqual((await missing()).sort(), ['/api/echo', '/api/nothing']);
  await writeFile(path.join(dir, serverFactsFile), JSON.stringify(facts));
  assert.deepEqual(await missing(), ['/api/nothing']);
});

test('dev answers the route with the same module, the facts of the build it serves and its own SQLite file', async () => {
  const db = path.join(tmp, 'dev-notes.sqlite');
  const { server, logs } = await startTestDevServer({
    root: tinyRoot,
    contentDir: path.join(tinyRoot, 'content'),
    configFile: path.join(tinyRoot, 'sitegen.server.config.ts'),
    cache: new Cache(cacheFolder(tmp)),
    env: { TINY_GREETING: 'from dev', TINY_NOTES_DB: db },
  });
  try {
    const answer = await post(`${server.url}/api/echo`, 'in dev');
    assert.equal(answer.status, 201, logs.join('\n'));
    const body = (await answer.json()) as { greeting: string; site: { url: string; data: unknown }; notes: unknown[] };
    assert.equal(body.greeting, 'from dev');
    assert.deepEqual([body.site.url, body.site.data], ['https://tiny.example', { title: 'Tiny' }]);
    assert.deepEqual(body.notes, [{ text: 'in dev', kept_by: 'request' }]);
  } finally {
    await server.close();
  }
  assert.deepEqual(
    new BetterSqlite3(db, { readonly: true }).prepare('SELECT kept_by FROM notes ORDER BY id').all(),
    [{ kept_by: 'request' }, { kept_by: 'after' }],
    'closing waits for the work after the answer',
  );
});

// What `sitegen build` emits so that hosts run a site's server routes beside its pages. Nothing of
// it goes into the output folder, which any static host may serve as it is: the Worker and its
// Wrangler config go to `.sitegen/hosts/cloudflare/`, and the Netlify functions to
// `.netlify/v1/functions/`, the folder Netlify's Frameworks API reads generated functions from.
//
// - Cloudflare: a Worker with static assets (`assets.directory` is the output folder, read with
//   its `_headers` and `_redirects`); the routes run first (`run_worker_first`), everything else
//   is served as the static files it is. Each SQL database is a D1 binding with its migrations.
// - Netlify: one function per route (Functions v2: a default export, and the path in its exported `config`); the site's
//   Netlify bindings module adds what that host gives through a library instead of a binding.
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ServerSpec } from '../config/server-spec.ts';
import { SiteError } from '../errors.ts';
import type { ServerFacts } from './server-facts.ts';

/** Where the Cloudflare Worker and its config are written, relative to the project root. */
export const cloudflareFolder = path.join('.sitegen', 'hosts', 'cloudflare');
/** Where Netlify reads functions a framework generated, relative to the project root. */
export const netlifyFunctionsFolder = path.join('.netlify', 'v1', 'functions');

/** The workerd behaviour the Worker is written for (Miniflare's runtime in the tests runs it). */
export const compatibilityDate = '2026-04-10';

/** Host outputs, by folder (project-relative) and file name in it. */
export type HostOutputs = Map<string, Map<string, string>>;

/**
 * Where the build's facts go in a bundled entry. The entries are bundled before the build (a
 * module that does not bundle stops it with the last output untouched) and the facts, known
 * once the site's model is, are put in afterwards.
 */
const factsPlaceholder = '__SITEGEN_BUILT_SITE_FACTS__';

/** A JavaScript string literal. */
const literal = (value: unknown) => JSON.stringify(value);

/** The module text of the Cloudflare Worker's entry: routes by path, the static assets for the rest. */
function workerEntry(spec: ServerSpec<never>, root: string): string {
  const routes = Object.entries(spec.routes);
  return [
    ...routes.map(([, file], index) => `import route${index} from ${literal(path.resolve(root, file))};`),
    `const routes = new Map([${routes.map(([route], index) => `[${literal(route)}, route${index}]`).join(', ')}]);`,
    `const site = ${factsPlaceholder};`,
    'export default {',
    '  async fetch(request, env, ctx) {',
    '    const handler = routes.get(new URL(request.url).pathname);',
    '    if (!handler) return env.ASSETS.fetch(request);',
    "    return handler(request, env, { waitUntil: (promise) => ctx.waitUntil(promise), clientAddress: request.headers.get('cf-connecting-ip') ?? undefined, site });",
    '  },',
    '};',
  ].join('\n');
}

/** The module text of the Netlify function of one route. */
function netlifyEntry(spec: ServerSpec<never>, root: string, route: string, file: string): string {
  const bindings = spec.bindings?.netlify;
  return [
    `import handler from ${literal(path.resolve(root, file))};`,
    bindings ? `import bindingsOf from ${literal(path.resolve(root, bindings))};` : 'const bindingsOf = () => ({});',
    `const names = ${literal(spec.env ?? [])};`,
    `const site = ${factsPlaceholder};`,
    // Netlify.env is the documented way to read variables in a function; process.env the fallback.
    'const variable = (name) => globalThis.Netlify?.env.get(name) ?? process.env[name];',
    'export default async (request, context) => {',
    '  const variables = Object.fromEntries(names.flatMap((name) => (variable(name) === undefined ? [] : [[name, variable(name)]])));',
    '  const env = { ...variables, ...(await bindingsOf(variables)) };',
    '  return handler(request, env, { waitUntil: (promise) => context.waitUntil(promise), clientAddress: context.ip, site });',
    '};',
    `export const config = { path: ${literal(route)} };`,
  ].join('\n');
}

/** The Wrangler config of the Worker, with paths relative to its folder. */
function wranglerConfig(spec: ServerSpec<never>, root: string, out: string): string {
  const from = path.join(root, cloudflareFolder);
  const relative = (target: string) => path.relative(from, target).split(path.sep).join('/');
  const config = {
    name: spec.name,
    main: 'worker.js',
    compatibility_date: compatibilityDate,
    // Variables and secrets set in Cloudflare's dashboard (or with `wrangler secret put`) stay.
    keep_vars: true,
    assets: {
      directory: relative(out),
      binding: 'ASSETS',
      run_worker_first: Object.keys(spec.routes),
      html_handling: 'auto-trailing-slash',
      not_found_handling: '404-page',
    },
    ...(spec.databases
      ? {
          d1_databases: Object.entries(spec.databases).map(([binding, database]) => ({
            binding,
            database_name: database.d1.databaseName,
            ...(database.d1.databaseId ? { database_id: database.d1.databaseId } : {}),
            migrations_dir: relative(path.resolve(root, database.migrations)),
          })),
        }
      : {}),
  };
  return `// Written by sitegen build: deploy with \`npx wrangler deploy -c ${cloudflareFolder.split(path.sep).join('/')}/wrangler.jsonc\`.\n${JSON.stringify(config, null, 2)}\n`;
}

/** Bundles one entry (given as text) for a host; a module that does not bundle is a located error. */
async function bundle(
  root: string,
  entry: string,
  host: 'cloudflare' | 'netlify',
): Promise<{ code: string; inputs: string[] }> {
  const esbuild = await import('esbuild');
  const sourcefile = `${host}-entry.js`;
  try {
    const result = await esbuild.build({
      absWorkingDir: root,
      stdin: { contents: entry, resolveDir: root, sourcefile, loader: 'js' },
      bundle: true,
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
      jsx: 'automatic',
      ...(host === 'cloudflare'
        ? // workerd: everything in one file, packages resolved for Workers and browsers.
          { platform: 'browser', conditions: ['workerd', 'worker', 'browser'], target: 'es2022', minify: false }
        : // Netlify bundles the function again and resolves packages from the project.
          { platform: 'node', target: 'node20', packages: 'external' }),
    });
    // The project's own files the bundle holds (packages are covered by the lockfile's versions).
    const inputs = Object.keys(result.metafile.inputs).filter(
      (file) => file !== sourcefile && !file.startsWith('<') && !file.split('/').includes('node_modules'),
    );
    return { code: result.outputFiles[0]!.text, inputs };
  } catch (error) {
    const first = (error as { errors?: { text: string; location?: { file: string; line: number; column: number } }[] })
      .errors?.[0];
    throw new SiteError({
      code: 'server.bundle-failed',
      message: `for ${host === 'cloudflare' ? 'Cloudflare Workers' : 'Netlify Functions'}: ${first?.text ?? (error as Error).message}`,
      hint:
        host === 'cloudflare'
          ? 'A Worker has no Node built-ins: a server route and what it imports must use the Fetch API and Web standards only.'
          : undefined,
      ...(first?.location
        ? {
            file: path.resolve(root, first.location.file),
            line: first.location.line,
            column: first.location.column + 1,
          }
        : {}),
      cause: error,
    });
  }
}

/** The host outputs of a build, bundled: `withFacts` gives the files with the build's facts in place. */
export interface BundledHostOutputs {
  withFacts(facts: ServerFacts): HostOutputs;
  /** The project's files the bundles were made from, relative to its root. */
  inputs: string[];
}

/** Bundles every host output of a site's server routes; `out` is the output folder the Worker serves. */
export async function bundleHostOutputs(
  spec: ServerSpec<never>,
  root: string,
  out: string,
): Promise<BundledHostOutputs> {
  const { code: worker, inputs } = await bundle(root, workerEntry(spec, root), 'cloudflare');
  const functions: [string, string][] = [];
  for (const [route, file] of Object.entries(spec.routes)) {
    const netlify = await bundle(root, netlifyEntry(spec, root, route, file), 'netlify');
    functions.push([`${functionName(route)}.mjs`, netlify.code]);
    inputs.push(...netlify.inputs);
  }
  const config = wranglerConfig(spec, root, out);
  return {
    inputs: [...new Set(inputs)],
    withFacts: (facts) => {
      // A replacer function, so that `$` in the facts is put in as written.
      const put = (code: string) => code.replace(factsPlaceholder, () => literal({ url: facts.url, data: facts.data }));
      return new Map([
        [
          cloudflareFolder,
          new Map([
            ['worker.js', put(worker)],
            ['wrangler.jsonc', config],
          ]),
        ],
        [netlifyFunctionsFolder, new Map(functions.map(([name, code]) => [name, put(code)]))],
      ]);
    },
  };
}

/** A function's name from its route: `/api/leads` → `sitegen-api-leads`. */
export function functionName(route: string): string {
  return `sitegen-${route.replace(/^\/+|\/+$/g, '').replace(/[^A-Za-z0-9]+/g, '-') || 'root'}`;
}

/**
 * Writes the outputs, each file whole (written beside, then renamed into place), and removes
 * what an earlier build wrote there that this one does not: everything in the Worker's folder,
 * the `sitegen-` functions in Netlify's (other tools may write functions there too).
 */
export async function writeHostOutputs(root: string, outputs: HostOutputs): Promise<void> {
  for (const [folder, files] of outputs) {
    const target = path.join(root, folder);
    await mkdir(target, { recursive: true });
    for (const [name, contents] of files) {
      const staged = path.join(target, `.${name}.${process.pid}.tmp`);
      await writeFile(staged, contents);
      await rename(staged, path.join(target, name));
    }
    const ours = folder === netlifyFunctionsFolder ? (name: string) => name.startsWith('sitegen-') : () => true;
    for (const name of await readdir(target)) {
      if (ours(name) && !files.has(name)) await rm(path.join(target, name), { recursive: true, force: true });
    }
  }
}

import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Cache } from '../cache/cache.ts';
import { formatBodyWarnings, formatSanitizedImages, type SiteError } from '../errors.ts';
import { classifyChanges } from './classify.ts';
import { createDevRequestHandler } from './dev-requests.ts';
import { IncrementalBuild } from './incremental-build.ts';
import { LiveSite, type RebuildReport } from './live-site.ts';
import { RebuildQueue } from './rebuild-queue.ts';
import { ownHostValues, requestPathOf } from '../static-host/request-guard.ts';
import type { NodeServerRoutes } from '../server/node-runtime.ts';
import { serverFactsFile, type ServerFacts } from '../server/server-facts.ts';

export interface DevServerOptions {
  root: string;
  contentDir: string;
  /** The site definition; `sitegen.config.ts` at the root by default. */
  configFile?: string;
  host: string;
  port: number;
  /** Host names besides loopback and `host` that requests may address (a LAN name, say). */
  allowedHosts?: string[];
  /** The environment the site reads its variables from; none by default. */
  env?: Record<string, string | undefined>;
  /** Where values are kept between runs; the project's cache by default. */
  cache?: Cache;
  log?: (line: string) => void;
  logError?: (text: string) => void;
  /** Called once the server listens, before the first build: its address can be printed at once. */
  onListening?: (url: string) => void;
}

export type { RebuildReport };

export interface DevServer {
  url: string;
  /** What the site adds to the dev server, described in one line (where forms go, say); empty when nothing. */
  note: string;
  /** Resolves after the next rebuild (tests and benchmarks wait on it). */
  nextRebuild(): Promise<RebuildReport>;
  close(): Promise<void>;
}

/** Top-level folders of a project the dev server never watches: installed packages, outputs, the engine. */
const unwatched = new Set([
  'node_modules',
  '.git',
  'dist',
  'lib',
  'cli',
  '.sitegen',
  'test-results',
  'playwright-report',
  'tests',
  'docs',
]);

/**
 * Builds the site into memory, serves it like a static host with live reload, and rebuilds
 * what each edit touches. A failed rebuild keeps the last good pages and shows the error in the
 * terminal and in the browser until the file is fixed.
 */
export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const log = options.log ?? ((line: string) => console.log(line));
  const logError = options.logError ?? ((text: string) => console.error(text));
  const site = new LiveSite(options.root, logError);
  // Filled once the port is known; until then every request is refused.
  const ownHosts = new Set<string>();
  const serving: Serving = {};
  const { server, url, port } = await listen(options, requestHandler(site, ownHosts, serving, logError));
  for (const host of ownHostValues(options.host, port, options.allowedHosts)) ownHosts.add(host);
  options.onListening?.(url);
  const build = (serving.build = new IncrementalBuild({
    root: options.root,
    contentDir: options.contentDir,
    configFile: options.configFile,
    env: options.env ?? {},
    cache: options.cache ?? Cache.of(options.root),
    setup: (loaded) => loaded.definition.dev?.({ root: options.root, url, ownHosts, log, env: options.env ?? {} }),
  }));
  const rebuild = rebuilder(build, site, options, log);
  const queue = new RebuildQueue(
    [options.root],
    rebuild,
    (file) =>
      unwatched.has(path.relative(options.root, file).split(path.sep)[0] ?? '') ||
      /\.timestamp-\d+-[0-9a-f]+\.mjs$/.test(file),
  );
  await Promise.all([rebuild([]), queue.ready()]);
  serving.routes = await startServerRoutes(options, build, site, logError);
  return {
    url,
    note: build.devSetup?.note ?? '',
    nextRebuild: () => queue.next(),
    close: async () => {
      await queue.close();
      await serving.routes?.close();
      await build.close();
      site.hub.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** What the dev server answers with once it has it: the build served, and the site's server routes. */
interface Serving {
  build?: IncrementalBuild;
  routes?: NodeServerRoutes;
}

/** Answers a request: live reload's events, the site's server routes and its dev middleware, then its pages. */
function requestHandler(
  site: LiveSite,
  ownHosts: ReadonlySet<string>,
  serving: Serving,
  logError: (text: string) => void,
) {
  return createDevRequestHandler({
    ownHosts,
    events: (_request, response) => site.hub.connect(response),
    middleware: async (request, response) => {
      const pathname = requestPathOf(request.url);
      if (serving.routes && pathname !== undefined && serving.routes.handles(pathname)) {
        await serving.routes.serve(request, response);
        return true;
      }
      return serving.build?.devSetup?.middleware?.(request, response) ?? false;
    },
    site: (request, response) => site.serve(request, response),
    logError,
  });
}

/** The site's server routes, compiled once: they answer with the facts of the build served now. */
async function startServerRoutes(
  options: DevServerOptions,
  build: IncrementalBuild,
  site: LiveSite,
  logError: (text: string) => void,
): Promise<NodeServerRoutes | undefined> {
  const spec = build.site?.definition.server;
  if (!spec) return undefined;
  const { startNodeServerRoutes } = await import('../server/node-runtime.ts');
  return startNodeServerRoutes({
    root: options.root,
    spec,
    env: { ...options.env, ...build.devSetup?.env },
    site: () => JSON.parse(String(site.file(serverFactsFile) ?? 'null')) as ServerFacts,
    logError,
  });
}

/** The first build, and the rebuild after an edit: each publishes to the live site or shows its error. */
function rebuilder(build: IncrementalBuild, site: LiveSite, options: DevServerOptions, log: (line: string) => void) {
  // Printed once per read of the images, not after every edit.
  const logError = options.logError ?? ((text: string) => console.error(text));
  const warn = (warnings: SiteError[]) => {
    if (warnings.length > 0) logError(formatSanitizedImages(warnings, options.root));
  };
  // HTML removed from Markdown, template tags left in it, and what the accessibility checks found: every body's on the
  // first build, then those of the files an edit changed.
  const warnMarkdown = (warnings: SiteError[], files?: ReadonlySet<string>) => {
    const shown = files
      ? warnings.filter((warning) => warning.file !== undefined && files.has(path.resolve(warning.file)))
      : warnings;
    if (shown.length > 0) logError(formatBodyWarnings(shown, options.root));
  };
  return async (changed: string[]): Promise<RebuildReport> => {
    const start = performance.now();
    const stylesDir = build.site
      ? path.join(options.root, path.dirname(build.site.definition.client.styles))
      : options.root;
    const changes = classifyChanges(options.contentDir, stylesDir, changed);
    // Resolved once this rebuild has published or failed: requests served ahead of it wait for it.
    let finish = () => undefined as void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    try {
      if (!build.ready) {
        const output = await build.buildAll();
        const report = site.publish(output, undefined, start);
        warn(output.imageWarnings);
        warnMarkdown(output.markdownWarnings);
        log(`Built ${output.pages} pages in ${Math.round(report.ms)} ms (drafts and future posts included)`);
        return report;
      }
      // Open pages reload once the pages are rendered; what they do not show follows.
      let reloaded = false;
      const output = await build.update(changes, (pages) => {
        reloaded = site.showPages(pages, changes, finished);
      });
      const report = site.publish(output, changes, start, reloaded);
      site.followSearchIndex(output);
      warn(output.imageWarnings);
      warnMarkdown(output.markdownWarnings, new Set(changed.map((file) => path.resolve(file))));
      const names = changed.map((file) => path.relative(options.root, file)).join(', ');
      const images =
        output.imagesProcessed > 0
          ? `, ${output.imagesProcessed} image${output.imagesProcessed === 1 ? '' : 's'} processed`
          : '';
      log(
        `${names} → rebuilt in ${Math.round(report.ms)} ms, ${output.rendered} page${output.rendered === 1 ? '' : 's'} re-rendered${images}${report.event === 'css' ? ', styles swapped' : ''}`,
      );
      return report;
    } catch (error) {
      return site.fail(error);
    } finally {
      finish();
    }
  };
}

/** Starts an HTTP server on the host and port asked for; resolves with its URL once it listens. */
async function listen(
  options: DevServerOptions,
  handle: RequestListener,
): Promise<{ server: Server; url: string; port: number }> {
  const server = createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return { server, port, url: `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}` };
}

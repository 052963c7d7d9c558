import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { collectSiteErrors, formatSiteErrors } from '../errors.ts';
import { markdownCacheFile } from '../project-layout.js';
import { siteOverridesFromEnv } from '../validate/site-overrides.ts';
import type { MarkdownOptions } from '../render/markdown/render-all-markdown.ts';
import { classifyChanges, onlyStyles, type ChangeSet } from './classify.ts';
import { createDevRequestHandler } from './dev-requests.ts';
import { createFormInbox } from './form-inbox.ts';
import { IncrementalBuild, type DevOutput } from './incremental-build.ts';
import { formsPath, LiveReloadHub, liveReloadScript } from './live-reload.ts';
import { createMemoryHandler } from './memory-site.ts';
import { RebuildQueue } from './rebuild-queue.ts';
import { ownHostValues } from './request-guard.ts';

export interface DevServerOptions {
  root: string;
  contentDir: string;
  host: string;
  port: number;
  /** Host names besides loopback and `host` that requests may address (a LAN name, say). */
  allowedHosts?: string[];
  /** Environment variables that override site config; none by default. */
  env?: Record<string, string | undefined>;
  /** Markdown cache and threads; the shared cache file by default. */
  markdown?: MarkdownOptions;
  /** Where form posts are kept when no webhook is configured. */
  formsFile?: string;
  log?: (line: string) => void;
  logError?: (text: string) => void;
}

/** What one rebuild did, for the terminal and for benchmarks. */
export interface RebuildReport {
  ok: boolean;
  ms: number;
  rendered: number;
  event: 'reload' | 'css' | 'none' | 'error';
}

export interface DevServer {
  url: string;
  /** Where forms post: the configured webhook, or the JSON-lines file this server keeps. */
  formsTarget: string;
  formsFile: string;
  /** Resolves after the next rebuild (tests and benchmarks wait on it). */
  nextRebuild(): Promise<RebuildReport>;
  close(): Promise<void>;
}

/**
 * Builds the site into memory, serves it like a static host with live reload, and rebuilds
 * only what an edit touches. A failed rebuild keeps the last good pages and shows the error
 * in the terminal and in the browser until the file is fixed.
 */
export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const log = options.log ?? ((line: string) => console.log(line));
  const logError = options.logError ?? ((text: string) => console.error(text));
  const env = options.env ?? {};
  const formsFile = options.formsFile ?? path.join(options.root, '.sitegen', 'forms.jsonl');
  const hub = new LiveReloadHub();
  let files = new Map<string, string | Uint8Array>();
  let errorText: string | undefined;

  // A replacer function, so that $` or $' in an error text is inserted as written.
  const serveSite = createMemoryHandler(() => files, (html) => html.replace('</body>', () => `${liveReloadScript(errorText)}</body>`));
  // Filled once the port is known; until then every request is refused.
  const ownHosts = new Set<string>();
  const formInbox = createFormInbox(formsFile, ownHosts, (entry) => log(`form received: ${JSON.stringify(entry.body)}`));
  const { server, url, port } = await listen(options, createDevRequestHandler({
    ownHosts,
    events: (_request, response) => hub.connect(response),
    forms: formInbox,
    site: (request, response) => {
      if (files.size > 0) return serveSite(request, response);
      response.writeHead(503, { 'Content-Type': 'text/html; charset=utf-8', 'Retry-After': '1' }).end(`<!DOCTYPE html><html lang="en"><title>Build failed</title><body><main><h1>The site has not built yet</h1></main>${liveReloadScript(errorText)}</body></html>`);
    },
    logError,
  }));
  for (const host of ownHostValues(options.host, port, options.allowedHosts)) ownHosts.add(host);
  const build = new IncrementalBuild({
    root: options.root,
    contentDir: options.contentDir,
    overrides: siteOverridesFromEnv(env),
    // Without a configured webhook, forms post to this server, which keeps them in formsFile.
    formWebhookUrl: env.FORM_WEBHOOK_URL ? undefined : `${url}${formsPath}`,
    markdown: options.markdown ?? { cacheFile: markdownCacheFile(options.root) },
  });

  const fail = (error: unknown): RebuildReport => {
    const siteErrors = collectSiteErrors(error);
    errorText = siteErrors ? formatSiteErrors(siteErrors, options.root) : (error instanceof Error ? error.stack ?? error.message : String(error));
    logError(errorText);
    hub.broadcast({ type: 'build-error', text: errorText });
    return { ok: false, ms: 0, rendered: 0, event: 'error' };
  };

  /** Publishes a new output and tells open pages what changed. */
  const publish = (output: DevOutput, changes: ChangeSet | undefined, start: number): RebuildReport => {
    const changed = [...output.files].filter(([file, contents]) => !sameContents(files.get(file), contents)).map(([file]) => file);
    const removed = [...files.keys()].filter((file) => !output.files.has(file));
    files = output.files;
    const hadError = errorText !== undefined;
    errorText = undefined;
    let event: RebuildReport['event'] = 'none';
    if (changes && onlyStyles(changes) && !hadError) {
      hub.broadcast({ type: 'css', href: output.bundle.stylesheet });
      event = 'css';
    } else if (changed.length + removed.length > 0 || hadError) {
      hub.broadcast({ type: 'reload' });
      event = 'reload';
    }
    return { ok: true, ms: performance.now() - start, rendered: output.rendered, event };
  };

  const initialBuild = async (): Promise<RebuildReport> => {
    const start = performance.now();
    try {
      const output = await build.buildAll();
      const report = publish(output, undefined, start);
      log(`Built ${output.pages} pages in ${Math.round(report.ms)} ms (drafts and future posts included)`);
      return report;
    } catch (error) {
      return fail(error);
    }
  };

  const rebuild = async (changed: string[]): Promise<RebuildReport> => {
    const start = performance.now();
    const changes = classifyChanges(options.root, options.contentDir, changed);
    try {
      if (!build.ready) return await initialBuild();
      const output = await build.update(changes);
      const report = publish(output, changes, start);
      const names = changed.map((file) => path.relative(options.root, file)).join(', ');
      log(`${names} → rebuilt in ${Math.round(report.ms)} ms, ${output.rendered} page${output.rendered === 1 ? '' : 's'} re-rendered${report.event === 'css' ? ', styles swapped' : ''}`);
      return report;
    } catch (error) {
      return fail(error);
    }
  };

  const queue = new RebuildQueue([options.contentDir, path.join(options.root, 'templates'), path.join(options.root, 'client')], rebuild);

  await Promise.all([initialBuild(), queue.ready()]);

  return {
    url,
    formsTarget: env.FORM_WEBHOOK_URL ? env.FORM_WEBHOOK_URL : path.relative(process.cwd(), formsFile),
    formsFile,
    nextRebuild: () => queue.next(),
    close: async () => {
      await queue.close();
      await build.close();
      hub.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Starts an HTTP server on the host and port asked for; resolves with its URL once it listens. */
async function listen(options: DevServerOptions, handle: RequestListener): Promise<{ server: Server; url: string; port: number }> {
  const server = createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return { server, port, url: `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}` };
}

/** Whether a file's contents are unchanged. */
function sameContents(a: string | Uint8Array | undefined, b: string | Uint8Array): boolean {
  if (a === undefined) return false;
  if (typeof a === 'string' || typeof b === 'string') return String(a) === String(b);
  return Buffer.from(a).equals(Buffer.from(b));
}

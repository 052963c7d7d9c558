import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { formatSanitizedImages } from '../errors.ts';
import { markdownCacheFile } from '../project-layout.ts';
import { siteOverridesFromEnv } from '../validate/site-env-overrides.ts';
import type { MarkdownOptions } from '../render/markdown/render-all-markdown.ts';
import { classifyChanges } from './classify.ts';
import { createDevRequestHandler } from './dev-requests.ts';
import { createFormInbox } from './form-inbox.ts';
import { IncrementalBuild, type DevOutput } from './incremental-build.ts';
import { formsPath } from './live-reload.ts';
import { LiveSite, type RebuildReport } from './live-site.ts';
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

export type { RebuildReport };

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
  const site = new LiveSite(options.root, logError);
  // Filled once the port is known; until then every request is refused.
  const ownHosts = new Set<string>();
  const formInbox = createFormInbox(formsFile, ownHosts, (entry) => log(`form received: ${JSON.stringify(entry.body)}`));
  const { server, url, port } = await listen(options, createDevRequestHandler({
    ownHosts,
    events: (_request, response) => site.hub.connect(response),
    forms: formInbox,
    site: (request, response) => site.serve(request, response),
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

  const { initialBuild, rebuild } = rebuilders(build, site, options, log, logError);
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
      site.hub.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The first build and the rebuild after an edit, each publishing to the live site or showing its error. */
function rebuilders(build: IncrementalBuild, site: LiveSite, options: DevServerOptions, log: (line: string) => void, logError: (text: string) => void) {
  // Printed once per read of the images, not after every edit.
  const warn = (output: DevOutput) => {
    if (output.imageWarnings.length > 0) logError(formatSanitizedImages(output.imageWarnings, options.root));
  };
  const initialBuild = async (): Promise<RebuildReport> => {
    const start = performance.now();
    try {
      const output = await build.buildAll();
      const report = site.publish(output, undefined, start);
      warn(output);
      log(`Built ${output.pages} pages in ${Math.round(report.ms)} ms (drafts and future posts included)`);
      return report;
    } catch (error) {
      return site.fail(error);
    }
  };

  const rebuild = async (changed: string[]): Promise<RebuildReport> => {
    const start = performance.now();
    const changes = classifyChanges(options.root, options.contentDir, changed);
    try {
      if (!build.ready) return await initialBuild();
      const output = await build.update(changes);
      const report = site.publish(output, changes, start);
      warn(output);
      const names = changed.map((file) => path.relative(options.root, file)).join(', ');
      const images = output.imagesProcessed > 0 ? `, ${output.imagesProcessed} image${output.imagesProcessed === 1 ? '' : 's'} processed` : '';
      log(`${names} → rebuilt in ${Math.round(report.ms)} ms, ${output.rendered} page${output.rendered === 1 ? '' : 's'} re-rendered${images}${report.event === 'css' ? ', styles swapped' : ''}`);
      return report;
    } catch (error) {
      return site.fail(error);
    }
  };
  return { initialBuild, rebuild };
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

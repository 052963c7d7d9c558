import { Command } from 'commander';
import { collectHostName, configFlag, configPath, portNumber, requireSiteFolder } from './command-options.ts';

interface PreviewFlags {
  port: number;
  host: string;
  allowedHost: string[];
  config: string;
}

/** `preview`: serves a built folder as Netlify or Cloudflare Pages would, headers and redirects included. */
export function createPreviewCommand(): Command {
  return new Command('preview')
    .description(
      'Serve a built site as a static host would (_redirects, _headers, 404.html), for a last look before deploying.',
    )
    .argument('[dir]', 'built site folder', 'dist')
    .option('--port <number>', 'port to listen on (0 picks a free one)', portNumber, 4173)
    .option('--host <address>', 'address to listen on', '127.0.0.1')
    .option(
      '--allowed-host <name>',
      'another host name requests may address (repeatable); others get 403',
      collectHostName,
      [],
    )
    .option(...configFlag)
    .exitOverride()
    .action(async (dir: string, flags: PreviewFlags) => {
      const folder = await requireSiteFolder(dir, 'preview');
      if (!folder) return;
      const { startPreviewServer } = await import('../static-host/preview-server.ts');
      const routes = await startBuildRoutes(folder, flags.config);
      const server = await startPreviewServer({
        dir: folder,
        host: flags.host,
        port: flags.port,
        allowedHosts: flags.allowedHost,
        routes,
      });
      await new Promise<void>((done) => {
        const stop = () => {
          process.off('SIGINT', stop);
          process.off('SIGTERM', stop);
          // Work a route still does after answering (a lead being forwarded) ends before the process does.
          void server
            .close()
            .then(() => routes?.close())
            .then(done);
        };
        process.on('SIGINT', stop);
        process.on('SIGTERM', stop);
        console.log(`Previewing ${dir} on ${server.url}/ as a static host serves it; Ctrl-C stops`);
      });
    });
}

/**
 * The server routes of the build in `folder`, run from the project's sources as `dev` runs them,
 * with the facts that build recorded (its origin, its data); none when the build recorded none.
 */
async function startBuildRoutes(folder: string, config: string) {
  const { readServerFacts } = await import('../server/server-facts.ts');
  const facts = readServerFacts(folder);
  if (!facts) return undefined;
  const root = process.cwd();
  const [{ loadSite }, { startNodeServerRoutes }] = await Promise.all([
    import('../config/load-site.ts'),
    import('../server/node-runtime.ts'),
  ]);
  const { definition } = await loadSite(root, configPath(root, config));
  if (!definition.server) return undefined;
  return startNodeServerRoutes({
    root,
    spec: definition.server,
    env: process.env,
    site: () => facts,
    logError: (text) => console.error(text),
  });
}

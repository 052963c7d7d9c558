import { Command } from 'commander';
import { collectHostName, portNumber, requireSiteFolder } from './command-options.ts';

interface PreviewFlags {
  port: number;
  host: string;
  allowedHost: string[];
}

/** `preview`: serves a built folder as Netlify or Cloudflare Pages would, headers and redirects included. */
export function createPreviewCommand(): Command {
  return new Command('preview')
    .description('Serve a built site as a static host would (_redirects, _headers, 404.html), for a last look before deploying.')
    .argument('[dir]', 'built site folder', 'dist')
    .option('--port <number>', 'port to listen on (0 picks a free one)', portNumber, 4173)
    .option('--host <address>', 'address to listen on', '127.0.0.1')
    .option('--allowed-host <name>', 'another host name requests may address (repeatable); others get 403', collectHostName, [])
    .exitOverride()
    .action(async (dir: string, flags: PreviewFlags) => {
      const folder = await requireSiteFolder(dir, 'preview');
      if (!folder) return;
      const { startPreviewServer } = await import('../static-host/preview-server.ts');
      const server = await startPreviewServer({ dir: folder, host: flags.host, port: flags.port, allowedHosts: flags.allowedHost });
      await new Promise<void>((done) => {
        const stop = () => {
          process.off('SIGINT', stop);
          process.off('SIGTERM', stop);
          void server.close().then(done);
        };
        process.on('SIGINT', stop);
        process.on('SIGTERM', stop);
        console.log(`Previewing ${dir} on ${server.url}/ as a static host serves it; Ctrl-C stops`);
      });
    });
}

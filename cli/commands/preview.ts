import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Command, InvalidArgumentError } from 'commander';

interface PreviewFlags {
  port: number;
  host: string;
  allowedHost: string[];
}

const port = (value: string): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('expected a port number from 0 to 65535.');
  return n;
};

/** `preview`: serves a built folder as Netlify or Cloudflare Pages would, headers and redirects included. */
export function createPreviewCommand(): Command {
  return new Command('preview')
    .description('Serve a built site as a static host would (_redirects, _headers, 404.html), for a last look before deploying.')
    .argument('[dir]', 'built site folder', 'dist')
    .option('--port <number>', 'port to listen on (0 picks a free one)', port, 4173)
    .option('--host <address>', 'address to listen on', '127.0.0.1')
    .option('--allowed-host <name>', 'another host name requests may address (repeatable); others get 403', (name: string, names: string[]) => [...names, name], [])
    .exitOverride()
    .action(async (dir: string, flags: PreviewFlags) => {
      const folder = resolve(dir);
      if (!(await stat(folder).catch(() => undefined))?.isDirectory()) {
        console.error(`error: site folder "${dir}" not found; run \`sitegen build\` first or pass the folder to preview`);
        process.exitCode = 2;
        return;
      }
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

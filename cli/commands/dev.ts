import { spawn } from 'node:child_process';
import path from 'node:path';
import { Command } from 'commander';
import { collectHostName, portNumber } from './command-options.ts';

interface DevFlags {
  port: number;
  host: string;
  allowedHost: string[];
  open?: boolean;
  content: string;
}

/** `dev`: serves the site with live reload and rebuilds what each edit touches. */
export function createDevCommand(): Command {
  return new Command('dev')
    .description('Serve the site locally, rebuild on every edit and reload open pages (drafts included).')
    .option('--port <number>', 'port to listen on (0 picks a free one)', portNumber, 5173)
    .option('--host <address>', 'address to listen on', '127.0.0.1')
    .option('--allowed-host <name>', 'another host name requests may address (repeatable); others get 403', collectHostName, [])
    .option('--open', 'open the site in the default browser')
    .option('--content <dir>', 'content folder', 'content')
    .action(async (flags: DevFlags) => {
      const root = process.cwd();
      const { startDevServer } = await import('../dev/dev-server.ts');
      const server = await startDevServer({
        root,
        contentDir: path.resolve(root, flags.content),
        host: flags.host,
        port: flags.port,
        allowedHosts: flags.allowedHost,
        env: process.env,
        // The address is printed as soon as the server listens: the first build may take a while.
        onListening: (url) => console.log(`Serving on ${url}/ (the first build is under way); Ctrl-C stops`),
      });
      if (server.note) console.log(`  ${server.note}`);
      await new Promise<void>((resolve) => {
        const stop = () => {
          process.off('SIGINT', stop);
          process.off('SIGTERM', stop);
          console.log('\nStopping dev server');
          void server.close().then(resolve);
        };
        process.on('SIGINT', stop);
        process.on('SIGTERM', stop);
        if (flags.open) openInBrowser(`${server.url}/`);
      });
    });
}

function openInBrowser(url: string): void {
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  // Opening a browser is a convenience: a machine without one keeps serving.
  spawn(command, [url], { stdio: 'ignore', detached: true }).on('error', () => console.warn(`Could not open a browser; visit ${url}`)).unref();
}

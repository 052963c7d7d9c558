import { spawn } from 'node:child_process';
import { Command } from 'commander';
import type { DevServer } from '../dev/dev-server.ts';
import { collectHostName, configFlag, configPath, contentFolder, portNumber } from './command-options.ts';

interface DevFlags {
  port: number;
  host: string;
  allowedHost: string[];
  open?: boolean;
  content: string;
  config: string;
}

/** `dev`: serves the site with live reload and rebuilds what each edit touches. */
export function createDevCommand(): Command {
  return new Command('dev')
    .description('Serve the site locally, rebuild on every edit and reload open pages (drafts included).')
    .option('--port <number>', 'port to listen on (0 picks a free one)', portNumber, 5173)
    .option('--host <address>', 'address to listen on', '127.0.0.1')
    .option(
      '--allowed-host <name>',
      'another host name requests may address (repeatable); others get 403',
      collectHostName,
      [],
    )
    .option('--open', 'open the site in the default browser')
    .option('--content <dir>', 'content folder', 'content')
    .option(...configFlag)
    .action(async (flags: DevFlags) => {
      const root = process.cwd();
      const contentDir = contentFolder(root, flags.content);
      // Ctrl-C stops the server at any time. The address is printed before the first build,
      // so the handlers are in place from the start: a stop asked for while the server is still
      // starting ends the process (nothing is open yet but the listening socket and the watcher).
      let server: DevServer | undefined;
      let stopped: () => void = () => undefined;
      const done = new Promise<void>((resolve) => (stopped = resolve));
      const stop = () => {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
        console.log('\nStopping dev server');
        if (!server) process.exit(0);
        void server.close().then(stopped);
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
      const { startDevServer } = await import('../dev/dev-server.ts');
      try {
        server = await startDevServer({
          root,
          contentDir,
          configFile: configPath(root, flags.config),
          host: flags.host,
          port: flags.port,
          allowedHosts: flags.allowedHost,
          env: process.env,
          // The address is printed as soon as the server listens: the first build may take a while.
          onListening: (url) => console.log(`Serving on ${url}/ (the first build is under way); Ctrl-C stops`),
        });
      } catch (error) {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
        throw error;
      }
      if (server.note) console.log(`  ${server.note}`);
      if (flags.open) openInBrowser(`${server.url}/`);
      await done;
    });
}

function openInBrowser(url: string): void {
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  // Opening a browser is a convenience: a machine without one keeps serving.
  spawn(command, [url], { stdio: 'ignore', detached: true })
    .on('error', () => console.warn(`Could not open a browser; visit ${url}`))
    .unref();
}

import { startDevServer, type DevServer, type DevServerOptions } from '../../cli/dev/dev-server.ts';

/**
 * A dev server as the tests run it: on loopback at a free port, with no environment unless
 * given, every line it prints kept in `logs` (errors included) for the test to read or show.
 */
export async function startTestDevServer(
  options: Omit<DevServerOptions, 'host' | 'port' | 'log' | 'logError'>,
  logs: string[] = [],
): Promise<{ server: DevServer; logs: string[] }> {
  const server = await startDevServer({
    env: {},
    ...options,
    host: '127.0.0.1',
    port: 0,
    log: (line) => logs.push(line),
    logError: (text) => logs.push(text),
  });
  return { server, logs };
}

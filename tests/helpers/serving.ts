import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Serves `handler` on an ephemeral port while `run` fetches from it. */
export async function serving(
  handler: RequestListener,
  run: (get: (address: string) => Promise<Response>) => Promise<void>,
): Promise<void> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    await run((address) => fetch(`http://127.0.0.1:${port}${address}`));
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

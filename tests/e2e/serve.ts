// Serves the built dist/ on loopback for the browser tests, as a static host would.
import { createServer } from 'node:http';
import path from 'node:path';
import { createStaticHandler } from '../../cli/static-host/static-host.ts';

const port = Number(process.env.PORT ?? 4173);
/** E2E_DIST serves another build (for example one made with `build --out`); dist/ by default. */
const root = path.resolve(process.env.E2E_DIST ?? path.join(import.meta.dirname, '..', '..', 'dist'));
createServer(createStaticHandler(root)).listen(port, '127.0.0.1', () => {
  console.log(`serving ${root} on http://127.0.0.1:${port}`);
});

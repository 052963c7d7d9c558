// Serves the built dist/ on loopback for the browser tests, as a static host would; and, on the
// next port, the build with a larger blog (build-large-blog.ts) when there is one.
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { createStaticHandler } from '../../cli/static-host/static-host.ts';

const port = Number(process.env.PORT ?? 4173);
/** E2E_DIST serves another build (for example one made with `build --out`); dist/ by default. */
const root = path.resolve(process.env.E2E_DIST ?? path.join(import.meta.dirname, '..', '..', 'dist'));
createServer(createStaticHandler(root)).listen(port, '127.0.0.1', () => {
  console.log(`serving ${root} on http://127.0.0.1:${port}`);
});
const largeBlog = path.join(import.meta.dirname, '..', '..', '.large-blog', 'dist');
if (existsSync(largeBlog)) {
  createServer(createStaticHandler(largeBlog)).listen(port + 1, '127.0.0.1', () => {
    console.log(`serving ${largeBlog} on http://127.0.0.1:${port + 1}`);
  });
}

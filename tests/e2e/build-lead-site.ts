// Builds the marketing site with its forms posting to the site's own lead endpoint
// (LEAD_ENDPOINT=/api/leads) into .lead-site/dist, for the browser tests that send each form
// through `sitegen preview` (lead-endpoint.spec.ts). Tokens are checked against 127.0.0.1, the
// host preview serves it on.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { projectRoot } from '../helpers/content.ts';

export const leadSiteDist = path.join(projectRoot, '.lead-site', 'dist');

if (import.meta.url === `file://${process.argv[1]}`) {
  const run = spawnSync(process.execPath, [path.join(projectRoot, 'cli', 'bin.js'), 'build', '--out', leadSiteDist], {
    cwd: projectRoot,
    env: { ...process.env, LEAD_ENDPOINT: '/api/leads', SITE_URL: 'http://127.0.0.1:4173' },
    stdio: 'inherit',
  });
  process.exitCode = run.status ?? 1;
}

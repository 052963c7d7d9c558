// Full-page screenshots of pages of a built site, as a visitor sees them, for a look before a
// visible change is called done.
//   node --import tsx tests/tools/screenshot.ts --dist /tmp/out --out /tmp/shots [--widths 390,1440] /blog/ /
// Serves the folder through the static-host model on a free loopback port; external hosts are
// answered with an empty 204 so nothing leaves the machine. Each page is brought to rest as the
// visual tests do (islands hydrated, lazy images loaded, fonts ready; see settle in
// tests/e2e/visual-pages.ts). Prints one PNG path per page and width.
import { createServer } from 'node:http';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium } from '@playwright/test';
import { createStaticHandler } from '../../cli/static-host/static-host.ts';
import { settle } from '../e2e/visual-pages.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(name);
  if (at === -1) return fallback;
  const [value] = args.splice(at, 2).slice(1);
  return value ?? fallback;
};
const dist = path.resolve(option('--dist', 'dist'));
const out = path.resolve(option('--out', '/tmp/shots'));
const widths = option('--widths', '390,1440').split(',').map(Number);
const pages = args.length > 0 ? args : ['/'];

await mkdir(out, { recursive: true });
const server = createServer(createStaticHandler(dist));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  for (const width of widths) {
    const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 } });
    await context.route(
      (url) => url.origin !== origin,
      (route) => route.fulfill({ status: 204, body: '' }),
    );
    // tsx names functions with an `__name` helper, also inside the functions settle runs in the page.
    await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
    const page = await context.newPage();
    for (const address of pages) {
      await page.goto(origin + address, { waitUntil: 'networkidle' });
      await settle(page);
      const file = path.join(out, `${address.replace(/[^\w-]+/g, '_').replace(/^_|_$/g, '') || 'home'}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    }
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}

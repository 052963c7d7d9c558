// An SVG opened directly is a document that runs its scripts. On a host that sends no
// `_headers` (GitHub Pages, S3, plain nginx), the sanitizer is all that stands between a
// hostile SVG under content/images and a script at the site's origin; where `_headers` is
// applied, the images' own policy stops one as well. Each guard is tried alone here, against
// the unguarded file, which does run its script (so these tests can fail).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { svgSanitizer } from '../../cli/images/sanitize-svg.ts';
import { imagePolicy } from '../../cli/write/headers-file.ts';
import { expect, test } from './fixtures.ts';

/** Every way the file tries to run a script: an element, a handler, a link, and HTML inside it. */
const hostile = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="100" onload="window.__pwned = (window.__pwned || []).concat('onload'); console.log('pwned: onload')">
<script>window.__pwned = (window.__pwned || []).concat('script'); console.log('pwned: script'); alert('pwned')</script>
<rect width="200" height="100" fill="#4f46e5"/>
<foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml"><img src="data:," onerror="window.__pwned = (window.__pwned || []).concat('html'); console.log('pwned: html')"/></div></foreignObject>
</svg>
`;

let server: Server;
let origin: string;
let sanitized: string;

test.beforeAll(async () => {
  const verdict = (await svgSanitizer()).sanitize(hostile);
  if (verdict.kind !== 'sanitized') throw new Error(`expected the hostile SVG to be sanitized, got ${verdict.kind}`);
  sanitized = verdict.text;
  // A plain static server: the file and its content type, and the image policy only where asked.
  server = createServer((request, response) => {
    const [file, query] = (request.url ?? '').split('?');
    const body = file === '/sanitized.svg' ? sanitized : file === '/hostile.svg' ? hostile : undefined;
    if (!body) return void response.writeHead(404).end();
    response
      .writeHead(200, {
        'Content-Type': 'image/svg+xml',
        ...(query === 'policy' ? { 'Content-Security-Policy': imagePolicy } : {}),
      })
      .end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Opens `url` directly and reports what its scripts did: the marks they left, what they printed, the dialogs they opened. */
async function openDirectly(page: Page, url: string) {
  const printed: string[] = [];
  const dialogs: string[] = [];
  page.on('console', (message) => printed.push(message.text()));
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const response = await page.goto(url);
  expect(response!.headers()['content-type']).toBe('image/svg+xml');
  const marks = await page.evaluate(() => (window as unknown as { __pwned?: string[] }).__pwned ?? []);
  const root = await page.evaluate(
    () => `${document.documentElement.namespaceURI} ${document.documentElement.localName}`,
  );
  return { marks: [...marks].sort(), printed: printed.filter((text) => text.startsWith('pwned')), dialogs, root };
}

test('the hostile SVG, served as it is by a host without headers, does run its scripts', async ({ page }) => {
  const opened = await openDirectly(page, `${origin}/hostile.svg`);
  // The HTML's error handler runs too, when its image has failed by then.
  expect(opened.marks).toEqual(expect.arrayContaining(['onload', 'script']));
  expect(opened.dialogs).toEqual(['pwned']);
  expect(opened.printed.length).toBeGreaterThan(0);
});

test('the sanitized SVG, served by a host without headers, runs nothing and still draws', async ({ page }) => {
  const opened = await openDirectly(page, `${origin}/sanitized.svg`);
  expect(opened).toEqual({ marks: [], printed: [], dialogs: [], root: 'http://www.w3.org/2000/svg svg' });
  expect(await page.evaluate(() => document.querySelectorAll('rect').length)).toBe(1);
});

test('the hostile SVG served with the images’ policy runs nothing either', async ({ page }) => {
  const opened = await openDirectly(page, `${origin}/hostile.svg?policy`);
  expect(opened).toEqual({ marks: [], printed: [], dialogs: [], root: 'http://www.w3.org/2000/svg svg' });
});

test("the site's own SVG opens directly under the images' policy, and shows on the page it illustrates", async ({
  page,
}) => {
  const response = await page.goto('/images/services/playwright.svg');
  expect(response!.headers()['content-security-policy']).toContain(imagePolicy);
  expect(await page.evaluate(() => document.documentElement.getBoundingClientRect().width)).toBeGreaterThan(0);
  await page.goto('/');
  const hero = page.locator('img[src="/images/services/playwright.svg"]').first();
  // A card's illustration loads lazily: once in view.
  await hero.scrollIntoViewIfNeeded();
  await expect(hero).toBeVisible();
  await expect
    .poll(() => hero.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0);
});

// The e2e server applies dist/_headers as Netlify and Cloudflare Pages would, so every page here
// runs under the site's real Content-Security-Policy.
import { expect, hydrateAllIslands, test } from './fixtures.ts';
import { allRoutes } from './site-data.ts';

test.describe('every page runs under its Content-Security-Policy without a violation', () => {
  for (const route of allRoutes) {
    test(route, async ({ page, cspViolations }) => {
      const response = await page.goto(route);
      const csp = response!.headers()['content-security-policy'] ?? '';
      expect(csp).toMatch(/script-src 'self' 'sha256-/);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(response!.headers()['x-content-type-options']).toBe('nosniff');
      expect(response!.headers()['x-frame-options']).toBe('DENY');
      await hydrateAllIslands(page);
      await page.waitForLoadState('load');
      // The inline script ran: it marks the document as scripted before first paint.
      await expect(page.locator('html')).toHaveClass(/\bjs\b/);
      expect(cspViolations).toEqual([]);
    });
  }
});

test('a page cannot run a script the policy does not name, and the test sees the violation', async ({ page, cspViolations }) => {
  await page.goto('/humans/');
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true';
    document.body.append(script);
  });
  await expect.poll(() => cspViolations.length).toBe(1);
  expect(cspViolations[0]).toMatch(/^script-src-elem /);
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
  cspViolations.length = 0; // this test's violation was the point; the fixture checks the rest
});

test('hashed assets are cached for a year; pages are revalidated', async ({ page }) => {
  const response = await page.goto('/');
  expect(response!.headers()['cache-control']).toBe('public, max-age=0, must-revalidate');
  const stylesheet = await page.locator('link[rel="stylesheet"]').getAttribute('href');
  const asset = await page.request.get(stylesheet!);
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});

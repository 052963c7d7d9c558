import { expect, expectNoConsoleErrors, hydrateAllIslands, test } from './fixtures.ts';
import { allRoutes } from './site-data.ts';

test.describe('no console errors after load and hydration', () => {
  for (const route of allRoutes) {
    test(route, async ({ page, consoleErrors }) => {
      const response = await page.goto(route);
      await hydrateAllIslands(page);
      // 'load' covers images and lazy frames already in view; hydration was awaited above.
      await page.waitForLoadState('load');
      if (response!.status() === 404) {
        // Chromium reports the 404 status of the document itself as a console error; that one is
        // what a not-found page is, anything else is not.
        const documentStatus = /^Failed to load resource: the server responded with a status of 404/;
        expect(consoleErrors.filter((text) => documentStatus.test(text))).toHaveLength(1);
        expectNoConsoleErrors(consoleErrors.filter((text) => !documentStatus.test(text)));
      } else {
        expect(response!.status()).toBe(200);
        expectNoConsoleErrors(consoleErrors);
      }
    });
  }
});

test.describe('no layout shift from hydration', () => {
  for (const route of ['/', '/blog/', '/case-studies/', '/getting-started/']) {
    test(`${route} has a cumulative layout shift below 0.1`, async ({ page }) => {
      await page.addInitScript(() => {
        const state = ((window as unknown as { __cls: { total: number; shifts: number } }).__cls = { total: 0, shifts: 0 });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (entry.hadRecentInput) continue;
            state.total += entry.value;
            state.shifts += 1;
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(route);
      await hydrateAllIslands(page);
      // Two frames, so shifts from the last hydration are reported.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      await page.waitForTimeout(250);
      const cls = await page.evaluate(() => (window as unknown as { __cls: { total: number; shifts: number } }).__cls);
      expect(cls.total, `${cls.shifts} shifts`).toBeLessThan(0.1);
    });
  }
});

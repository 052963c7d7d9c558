// How images load on the pages that have the most of them. That every image of every page
// loads is checked in routes.spec.ts.
import { expect, test } from './fixtures.ts';
import { brokenImages } from './page-checks.ts';

/** Posts whose body holds a raster figure (a screenshot, a photo). */
const postsWithFigures = ['/blog/ai-powered-bug-reports/', '/blog/future-of-manual-testing-with-ai/'];

test.describe('no layout shift from images', () => {
  // The text shifts counted below depend on whether the web font arrives before the first paint,
  // which a loaded CI machine sometimes delays (once the header moved by 0.0053). A shift that
  // moves an image, what this checks, happens on every try.
  test.describe.configure({ retries: 1 });
  for (const route of ['/', '/blog/', ...postsWithFigures]) {
    test(`${route} has a cumulative layout shift of 0 while every image loads`, async ({ page }) => {
      await page.addInitScript(() => {
        const state: { value: number; images: number; nodes: string }[] = [];
        (window as unknown as { __shifts: typeof state }).__shifts = state;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
            sources?: { node?: Node }[];
          })[]) {
            if (entry.hadRecentInput) continue;
            const nodes = (entry.sources ?? [])
              .map((source) => source.node)
              .filter((node): node is Element => node instanceof Element);
            const images = nodes.filter(
              (node) => node.matches('img, picture') || node.querySelector('img') !== null,
            ).length;
            state.push({
              value: entry.value,
              images,
              nodes: nodes.map((node) => node.outerHTML.slice(0, 80)).join(' | '),
            });
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(route);
      // Scrolls through the page, so lazy images load where they are.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0; y < height; y += 600) {
        await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
        await page.waitForTimeout(60);
      }
      expect(await brokenImages(page)).toEqual([]);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const shifts = await page.evaluate(
        () => (window as unknown as { __shifts: { value: number; images: number; nodes: string }[] }).__shifts,
      );
      expect(
        shifts.filter((shift) => shift.images > 0),
        'no shift moves an image or what holds one',
      ).toEqual([]);
      // CLS as Chrome's tools round it (two decimals) is 0. Shifts of text that do not move an
      // image (a card's text re-wrapping as the web font arrives, about 0.001) stay below that.
      expect(
        shifts.reduce((total, shift) => total + shift.value, 0),
        JSON.stringify(shifts),
      ).toBeLessThan(0.005);
    });
  }
});

test("the home hero's art is drawn in HTML, with no image to wait for, and every image below it waits until it is near", async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('.home-hero-art .artefact').first()).toBeVisible();
  await expect(page.locator('.home-hero-art img')).toHaveCount(0);
  const images = page.locator('main img');
  expect(await images.count()).toBeGreaterThan(0);
  for (const image of await images.all()) {
    await expect(image).toHaveAttribute('loading', 'lazy');
    await expect(image).not.toHaveAttribute('fetchpriority', 'high');
  }
});

test.describe('a post loads its own image first and its figures lazily, as AVIF at a width that fits', () => {
  for (const route of postsWithFigures) {
    test(route, async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(route);
      const first = page.locator('main img').first();
      await expect(first).toHaveClass(/article-image/);
      await expect(first).not.toHaveAttribute('loading', 'lazy');
      await expect(first).toHaveAttribute('fetchpriority', 'high');
      const figure = page.locator('.prose picture img');
      await expect(figure).toHaveAttribute('loading', 'lazy');
      await figure.scrollIntoViewIfNeeded();
      await expect
        .poll(() => figure.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
        .toBe(true);
      const { src, shown, natural } = await figure.evaluate((image: HTMLImageElement) => ({
        src: image.currentSrc,
        shown: image.getBoundingClientRect().width,
        natural: image.naturalWidth,
      }));
      expect(src).toMatch(/-\d+w\.[0-9a-f]{10}\.avif$/);
      expect(natural).toBeGreaterThanOrEqual(Math.floor(shown));
      expect(natural).toBeLessThan(shown * 2.2);
    });
  }
});

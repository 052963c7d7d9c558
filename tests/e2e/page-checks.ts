// Checks that hold for every page, shared by the one-visit sweep (routes.spec.ts) and the tests
// that look closer at a few pages (images.spec.ts).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** Loads every image of the page now, lazy ones included, and returns those that failed. */
export async function brokenImages(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const images = [...document.querySelectorAll('img')];
    for (const image of images) image.loading = 'eager';
    await Promise.all(
      images.map((image) =>
        image.complete
          ? undefined
          : new Promise((resolve) => {
              image.addEventListener('load', resolve, { once: true });
              image.addEventListener('error', resolve, { once: true });
            }),
      ),
    );
    await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
    return images
      .filter((image) => !image.complete || image.naturalWidth === 0)
      .map((image) => image.currentSrc || image.src);
  });
}

/** axe's serious and critical WCAG 2.0 A/AA and 2.1 AA violations on the page as it is now. */
export async function blockingAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
}

/** How many pixels the page is wider than the window (0 or less: it does not scroll sideways). */
export const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - innerWidth);

/** The page's visible text outside code samples, scripts and templates. */
export const textOutsideCode = (page: Page) =>
  page.evaluate(() => {
    const body = document.body.cloneNode(true) as HTMLElement;
    for (const code of body.querySelectorAll('pre, code, script, style, template')) code.remove();
    return body.textContent ?? '';
  });

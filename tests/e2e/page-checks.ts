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

/**
 * The page's submit buttons, `[data-keep-clear]` controls and fields that something fixed (the
 * header, the dock) covers where a visitor meets them: each button with its centre 24 px above
 * the bottom of the screen, where the dock is; each field there too while it has focus, and
 * focused from the top of the page, scrolled into view by the browser (clear of the header and
 * the dock by their scroll margins). Each is named with the place it was covered in.
 */
export const coveredControls = (page: Page) =>
  page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    // Until a smooth scroll (the site's, where motion is welcome) has stopped for a few frames:
    // the dock decides on the next animation frame after it.
    const settle = async () => {
      let still = 0;
      for (let frames = 0; still < 3 && frames < 120; frames++) {
        const before = scrollY;
        await frame();
        still = scrollY === before ? still + 1 : 0;
      }
    };
    const reached = (element: Element) => {
      const box = element.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit !== null && (hit === element || element.contains(hit));
    };
    const shown = (element: Element) =>
      element.getClientRects().length > 0 &&
      getComputedStyle(element).visibility === 'visible' &&
      // A honeypot lies off screen on purpose, hidden from people and assistive technology.
      element.closest('[aria-hidden="true"]') === null;
    const nameOf = (element: Element) =>
      `${element.tagName.toLowerCase()} ${element.getAttribute('name') ?? ''} "${(element.textContent ?? '').trim().slice(0, 30)}"`;
    const buttons = [...document.querySelectorAll('main [type="submit"], main [data-keep-clear]')].filter(shown);
    const fields = [
      ...document.querySelectorAll<HTMLElement>('main :is(input:not([type="hidden"]), select, textarea)'),
    ].filter(shown);
    const covered: string[] = [];
    const atBottomEdge = async (element: Element) => {
      const box = element.getBoundingClientRect();
      window.scrollBy({ top: box.top + box.height / 2 - (innerHeight - 24), behavior: 'instant' });
      await settle();
      return reached(element);
    };
    for (const button of buttons) if (!(await atBottomEdge(button))) covered.push(`${nameOf(button)} at the bottom`);
    for (const field of fields) {
      window.scrollTo({ top: 0, behavior: 'instant' });
      await settle();
      field.focus();
      await settle();
      if (!reached(field)) covered.push(`${nameOf(field)} focused`);
      if (!(await atBottomEdge(field))) covered.push(`${nameOf(field)} focused at the bottom`);
      field.blur();
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
    return covered;
  });

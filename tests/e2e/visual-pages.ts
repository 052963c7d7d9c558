// How the visual regression tests bring a page to a still, repeatable state before they
// photograph it, and what they read from the served build (the header's menus).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { parseDocument, DomUtils } from 'htmlparser2';

/** The build the e2e server serves (tests/e2e/serve.ts): E2E_DIST, or the repository's dist/. */
export const servedDist = path.resolve(process.env.E2E_DIST ?? path.join(import.meta.dirname, '..', '..', 'dist'));

/** Phone and laptop widths, with the viewport height a visitor of each has. */
export const viewports = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;

/** The year the footer's copyright line shows in every screenshot (the build writes the current one). */
export const frozenYear = '2025';
/** The moment `Date.now()` reports on every photographed page. */
export const frozenTime = new Date('2025-06-02T10:00:00Z');

/** The blog list's message when no post matches (content/data/blog.json). */
export const blogEmptyText = (
  JSON.parse(readFileSync(path.join(import.meta.dirname, '..', '..', 'content', 'data', 'blog.json'), 'utf8')) as {
    empty: string;
  }
).empty;

/** The header's dropdown menus, by trigger label, as the built home page marks them up. */
export function dropdownMenus(dist = servedDist): string[] {
  const file = path.join(dist, 'index.html');
  if (!existsSync(file)) return [];
  const document = parseDocument(readFileSync(file, 'utf8'));
  const nav = DomUtils.findOne(
    (element) => element.name === 'nav' && element.attribs['aria-label'] === 'Main',
    document.children,
  );
  if (!nav) return [];
  return DomUtils.findAll(
    (element) => element.name === 'button' && 'aria-expanded' in element.attribs && 'aria-controls' in element.attribs,
    nav.children,
  )
    .map((button) => DomUtils.textContent(button).trim())
    .filter(Boolean);
}

/**
 * Makes a page repeatable before it opens: `Date` frozen (timers still run), and the video
 * players answered with a plain dark page, so an opened lightbox looks the same each time.
 */
export async function freezePage(page: Page): Promise<void> {
  await page.clock.setFixedTime(frozenTime);
  await page.route(
    /^https:\/\/(www\.youtube\.com|www\.youtube-nocookie\.com|youtube\.com|player\.vimeo\.com|fast\.wistia\.(net|com))\//,
    (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>player</title><body style="margin:0;height:100vh;background:#111"></body>',
      }),
  );
}

/** Opens a page and waits until it is still (see `settle`). */
export async function openStill(page: Page, sitePath: string): Promise<void> {
  await page.goto(sitePath, { waitUntil: 'load' });
  await settle(page);
}

/**
 * Brings the page to the state a screenshot can repeat: every island hydrated (each scrolled
 * into view, as the visible-only ones need), every lazy image and frame loaded and decoded,
 * the page scrolled once to its end and back to the top (anything that reacts to scrolling
 * has reacted and reset), web fonts loaded, no request in flight and the DOM quiet. The
 * copyright year, which the build stamps, is set to `frozenYear`.
 */
export async function settle(page: Page): Promise<void> {
  for (const island of await page.locator('[data-island]').all()) {
    const shown = await island.evaluate((element) => {
      element.scrollIntoView({ block: 'center', behavior: 'instant' });
      return element.getClientRects().length > 0;
    });
    // An island hidden at this width never comes into view, so it is not waited for. A shown
    // one is hydrated, or has failed and shows its fallback (which the comparison then shows).
    // As long as the test may take: on a busy machine hydration can outlast expect's 5 s.
    if (shown)
      await island
        .and(page.locator('[data-hydrated]'))
        .or(island.locator('.island-fallback'))
        .waitFor({ state: 'attached', timeout: 0 });
  }
  await page.evaluate(async () => {
    for (const element of document.querySelectorAll<HTMLImageElement | HTMLIFrameElement>(
      'img[loading="lazy"], iframe[loading="lazy"]',
    ))
      element.loading = 'eager';
    const step = Math.max(200, window.innerHeight - 100);
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await new Promise(requestAnimationFrame);
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  await page.waitForLoadState('networkidle');
  await page.evaluate(async (year) => {
    await Promise.all(
      [...document.images].map(async (image) => {
        if (!image.complete) {
          await new Promise((done) => {
            image.addEventListener('load', done, { once: true });
            image.addEventListener('error', done, { once: true });
          });
        }
        await image.decode().catch(() => undefined);
      }),
    );
    await document.fonts.ready;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.textContent?.includes('©')) node.textContent = node.textContent.replace(/(©\s*)\d{4}/, `$1${year}`);
    }
  }, frozenYear);
  await quiet(page);
}

/** Scrolls to the top and waits until the DOM has not changed for `stillFor` ms and two frames have painted. */
export async function quiet(page: Page, stillFor = 400): Promise<void> {
  await page.evaluate(async (ms) => {
    window.scrollTo({ top: 0, behavior: 'instant' });
    await new Promise<void>((resolve) => {
      let timer = setTimeout(finish, ms);
      const observer = new MutationObserver(() => {
        clearTimeout(timer);
        timer = setTimeout(finish, ms);
      });
      observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      // A page that never stops changing is photographed anyway; the comparison then shows what moved.
      const give = setTimeout(finish, 10_000);
      function finish() {
        observer.disconnect();
        clearTimeout(give);
        resolve();
      }
    });
    await new Promise(requestAnimationFrame);
    await new Promise(requestAnimationFrame);
  }, stillFor);
}

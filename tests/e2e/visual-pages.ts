// What the visual regression tests photograph and how a page is brought to a still, repeatable
// state first. The page list comes from the served build itself, so a new page is covered
// without a test edit and a redirect stub never is.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { parseDocument, DomUtils } from 'htmlparser2';
import { listSiteFiles } from '../../cli/static-host/list-site-files.ts';
import { parseRedirectsFile } from '../../cli/static-host/redirect-rules.ts';
import { refreshTargetOf } from '../../cli/static-host/refresh-stub.ts';
import { isHtmlFile, notFoundFile, routeKey, routeOfFile } from '../../cli/static-host/site-paths.ts';

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
export const blogEmptyText = (JSON.parse(readFileSync(path.join(import.meta.dirname, '..', '..', 'content', 'data', 'blog.json'), 'utf8')) as { empty: string }).empty;

/** A page to photograph: where it is and what its screenshot files are called. */
export interface VisualRoute {
  path: string;
  /** File-name stem: `/blog/x/` → `blog-x`, `/` → `home`. */
  name: string;
}

export interface RouteDiscovery {
  routes: VisualRoute[];
  /** Why the list could not be read (no build, no sitemap); empty when it was. */
  problem: string | undefined;
}

/**
 * Every page of the served build: each HTML page it wrote and each `<loc>` of its sitemap.xml,
 * less the redirect stubs (pages that are a `_redirects` source or only a meta refresh), then
 * the 404 page twice: at an unknown path, and at an unknown post (where it says 'Post not found').
 */
export function discoverRoutes(dist = servedDist): RouteDiscovery {
  const sitemapFile = path.join(dist, 'sitemap.xml');
  if (!existsSync(sitemapFile)) {
    return { routes: [], problem: `${sitemapFile} does not exist: build the site first (npm run build, or set E2E_DIST to a build folder)` };
  }
  const files = listSiteFiles(dist);
  const redirected = new Set(
    parseRedirectsFile(readText(dist, '_redirects')).filter((rule) => rule.status >= 300 && rule.status < 400).map((rule) => routeKey(rule.from)),
  );
  const fromSitemap = [...readText(dist, 'sitemap.xml').matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  const fromFiles = files.filter((file) => isHtmlFile(file) && file !== notFoundFile).map(routeOfFile);
  const seen = new Set<string>();
  const paths: string[] = [];
  for (const sitePath of [...fromSitemap, ...fromFiles]) {
    const key = routeKey(sitePath);
    if (seen.has(key)) continue;
    seen.add(key);
    if (redirected.has(key) || isRefreshStub(dist, files, sitePath)) continue;
    paths.push(sitePath);
  }
  const routes = paths.map((sitePath) => ({ path: sitePath, name: nameOf(sitePath) }));
  if (files.includes(notFoundFile)) {
    routes.push({ path: '/no-such-page', name: 'not-found' }, { path: '/blog/no-such-post', name: 'not-found-post' });
  }
  return { routes, problem: routes.length === 0 ? `${dist} has no pages` : undefined };
}

/** The header's dropdown menus, by trigger label, as the built home page marks them up. */
export function dropdownMenus(dist = servedDist): string[] {
  const file = path.join(dist, 'index.html');
  if (!existsSync(file)) return [];
  const document = parseDocument(readFileSync(file, 'utf8'));
  const nav = DomUtils.findOne((element) => element.name === 'nav' && element.attribs['aria-label'] === 'Main', document.children);
  if (!nav) return [];
  return DomUtils.findAll((element) => element.name === 'button' && 'aria-expanded' in element.attribs && 'aria-controls' in element.attribs, nav.children)
    .map((button) => DomUtils.textContent(button).trim())
    .filter(Boolean);
}

function readText(dist: string, file: string): string {
  const full = path.join(dist, file);
  return existsSync(full) ? readFileSync(full, 'utf8') : '';
}

function isRefreshStub(dist: string, files: string[], sitePath: string): boolean {
  const file = sitePath === '/' ? 'index.html' : `${sitePath.replace(/^\/|\/$/g, '')}/index.html`;
  return files.includes(file) && refreshTargetOf(readText(dist, file)) !== undefined;
}

function nameOf(sitePath: string): string {
  return sitePath.replace(/\.html?$/, '').replace(/[^\w-]+/g, '-').replace(/^-|-$/g, '') || 'home';
}

/**
 * Makes a page repeatable before it opens: `Date` frozen (timers still run), and the video
 * players answered with a plain dark page, so an opened lightbox looks the same each time.
 */
export async function freezePage(page: Page): Promise<void> {
  await page.clock.setFixedTime(frozenTime);
  await page.route(/^https:\/\/(www\.youtube\.com|www\.youtube-nocookie\.com|youtube\.com|player\.vimeo\.com|fast\.wistia\.(net|com))\//, (route) => route.fulfill({
    contentType: 'text/html',
    body: '<!doctype html><title>player</title><body style="margin:0;height:100vh;background:#111"></body>',
  }));
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
    if (shown) await island.and(page.locator('[data-hydrated]')).or(island.locator('.island-fallback')).waitFor({ state: 'attached', timeout: 0 });
  }
  await page.evaluate(async () => {
    for (const element of document.querySelectorAll<HTMLImageElement | HTMLIFrameElement>('img[loading="lazy"], iframe[loading="lazy"]')) element.loading = 'eager';
    const step = Math.max(200, window.innerHeight - 100);
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await new Promise(requestAnimationFrame);
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  await page.waitForLoadState('networkidle');
  await page.evaluate(async (year) => {
    await Promise.all([...document.images].map(async (image) => {
      if (!image.complete) {
        await new Promise((done) => {
          image.addEventListener('load', done, { once: true });
          image.addEventListener('error', done, { once: true });
        });
      }
      await image.decode().catch(() => undefined);
    }));
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

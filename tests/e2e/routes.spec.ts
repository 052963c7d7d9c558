// What holds for every page template, checked in one visit to a page of each: the page answers
// with its status and logs no error once loaded and hydrated, runs its inline script under the
// site's policy, shows every image, has no serious or critical axe violation, shows the chat
// badge where it floats, keeps no placeholder in its text, never scrolls sideways and lets
// nothing fixed cover a submit button or a focused field, from a 320 px phone to a 1440 px laptop. A new template does not type-check until it has a page here;
// a new page of a template costs no visit (one h1, head metadata, links and images that resolve
// and no placeholder are checked on every built page without a browser, in
// tests/pipeline/site-build.test.ts). Every check is soft, so one visit reports each broken
// promise, not only the first. (Every test also fails on a Content-Security-Policy violation:
// the `cspViolations` fixture.)
import type { Page } from '@playwright/test';
import type { SitePage } from '../../templates/site/routes.ts';
import { badge, dock, expectNewTabLink, measure } from './chat-badge.ts';
import { expect, expectNoConsoleErrors, hydrateAllIslands, test } from './fixtures.ts';
import { placeholderPattern } from '../helpers/html.ts';
import {
  blockingAxeViolations,
  brokenImages,
  coveredControls,
  sidewaysOverflow,
  textOutsideCode,
} from './page-checks.ts';

/**
 * The page each template is visited on: of its pages, the one with the most in it (figures,
 * code, lists, forms). A redirect's page only forwards (redirects.spec.ts).
 */
const templatePages: Record<Exclude<SitePage['kind'], 'redirect'>, string> = {
  home: '/',
  audience: '/services/startups/',
  guide: '/guides/playwright/',
  'guide-article': '/guides/content/playwright/',
  'blog-index': '/blog/',
  'blog-term': '/blog/tags/ai/',
  'blog-terms': '/blog/tags/',
  // A screenshot figure, highlighted code and a picture of its own to share.
  'blog-post': '/blog/ai-powered-bug-reports/',
  // The author of two posts.
  'blog-author': '/blog/authors/daniel-reyes/',
  'case-studies': '/case-studies/',
  humans: '/humans/',
  'getting-started': '/getting-started/',
  toolkit: '/pom-files/',
  legal: '/privacy/',
  search: '/search/',
  'not-found': '/no-such-page',
};

/**
 * Widths the page must fit without scrolling sideways, and where nothing fixed may cover a submit
 * button or a focused field, each with the height a visitor of it has: a small and a common
 * phone, a tablet, a small laptop (the dock's strip is widest just below 1440 px) and the width
 * where the badge moves into the margin.
 */
const fitWidths = [
  { width: 320, height: 640 },
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
];

/** Image responses of the page that failed (status 400 or more), from the first request on. */
function failedImageResponses(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'image' && response.status() >= 400)
      failed.push(`${response.status()} ${response.url()}`);
  });
  return failed;
}

/** The floating 'Ask Us Anything' badge opens the chat in a new tab and floats at the bottom right. */
async function expectFloatingChatBadge(page: Page): Promise<void> {
  await expect.soft(badge(page)).toHaveCount(1);
  await expect.soft(badge(page)).toBeVisible();
  await expectNewTabLink(badge(page), expect.soft);
  // It floats: the dock holding it sticks to the bottom of the screen.
  await expect.soft(dock(page)).toHaveCSS('position', 'sticky');
  const { badge: box, viewport } = await measure(page);
  expect.soft(box.bottom).toBeLessThanOrEqual(viewport.height);
  expect.soft(box.bottom).toBeGreaterThan(viewport.height - 100);
  // At the right: at the screen's edge, or at the content column's right edge on wider screens.
  expect.soft(box.left).toBeGreaterThan(viewport.width * 0.6);
}

test.describe('every template, in one visit', () => {
  // Hydration, axe and four widths in one test: more than one page load's worth of time.
  test.describe.configure({ timeout: 90_000 });

  for (const [kind, route] of Object.entries(templatePages)) {
    test(`the ${kind} template (${route})`, async ({ page, consoleErrors }) => {
      const failedImages = failedImageResponses(page);
      const response = await page.goto(route);
      const status = response!.status();

      await test.step("the 'Ask Us Anything' badge floats at the bottom right and opens the chat in a new tab", () =>
        expectFloatingChatBadge(page));

      await hydrateAllIslands(page);
      // 'load' covers images and lazy frames already in view; hydration was awaited above.
      await page.waitForLoadState('load');

      await test.step('the inline script ran under the policy: it marks the document as scripted before first paint', async () => {
        await expect.soft(page.locator('html')).toHaveClass(/\bjs\b/);
      });

      await test.step('every image, lazy ones included, loads with a natural size', async () => {
        expect.soft(await brokenImages(page), 'images that did not load').toEqual([]);
      });

      await test.step('axe finds no serious or critical WCAG 2.1 AA violation', async () => {
        const blocking = await blockingAxeViolations(page);
        expect.soft(blocking, JSON.stringify(blocking, null, 2)).toEqual([]);
      });

      await test.step('no bracketed placeholder or unfilled braces outside code', async () => {
        expect.soft(await textOutsideCode(page), 'text outside code').not.toMatch(placeholderPattern);
      });

      for (const viewport of fitWidths) {
        await test.step(`no sideways scrolling at ${viewport.width} px`, async () => {
          await page.setViewportSize(viewport);
          const form = page.locator('.lead-form');
          if (viewport.width === 320 && (await form.count())) {
            // With the captcha widget at its real size (304 px), scaled into the card.
            await form.first().scrollIntoViewIfNeeded();
            await expect.soft(page.locator('[data-fake-captcha]').first(), 'the captcha widget').toBeVisible();
          }
          expect.soft(await sidewaysOverflow(page), `pixels wider than ${viewport.width} px`).toBeLessThanOrEqual(0);
        });
        await test.step(`nothing fixed covers a submit button or a focused field at ${viewport.width} px`, async () => {
          expect.soft(await coveredControls(page), 'controls covered').toEqual([]);
        });
      }

      await test.step('no image request failed at any width', () => {
        expect.soft(failedImages, 'image responses with an error status').toEqual([]);
      });

      await test.step('the page answered with its status and logged no error', () => {
        if (status === 404) {
          // Chromium reports the 404 status of the document itself as a console error; that one is
          // what a not-found page is, anything else is not.
          const documentStatus = /^Failed to load resource: the server responded with a status of 404/;
          expect.soft(consoleErrors.filter((text) => documentStatus.test(text))).toHaveLength(1);
          expectNoConsoleErrors(
            consoleErrors.filter((text) => !documentStatus.test(text)),
            expect.soft,
          );
        } else {
          expect.soft(status).toBe(200);
          expectNoConsoleErrors(consoleErrors, expect.soft);
        }
      });
    });
  }
});

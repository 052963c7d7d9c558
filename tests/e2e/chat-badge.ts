// The floating 'Ask Us Anything' badge as the browser tests find and measure it: the per-page
// check in routes.spec.ts and the placement tests in chat-links.spec.ts.
import type { Locator, Page } from '@playwright/test';
import { chatPersonaUrl, expect } from './fixtures.ts';
import { ui } from './site-data.ts';

export const badge = (page: Page) => page.getByRole('link', { name: /^Ask Us Anything/ });
export const dock = (page: Page) => page.getByRole('complementary', { name: ui.dock.label });
/** The dock's lead control below 1440 px: the booking link. */
export const bookingLink = (page: Page) => dock(page).getByRole('link', { name: ui.dock.book.text });

/**
 * The link opens the chat persona in a new tab, without a handle on this page, and says so.
 * `check` is `expect.soft` where a failure should not stop the other checks of the visit.
 */
export async function expectNewTabLink(link: Locator, check: typeof expect = expect): Promise<void> {
  await check(link).toHaveAttribute('href', chatPersonaUrl);
  await check(link).toHaveAttribute('target', '_blank');
  await check(link).toHaveAttribute('rel', /(^|\s)noopener(\s|$)/);
  await check(link).toHaveAccessibleName(/opens in a new tab/);
}

export interface Box {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** The viewport boxes of the badge and of every visible text or control of the page but the badge's own. */
export function measure(page: Page) {
  return page.evaluate(() => {
    const box = (element: Element) => {
      const { top, right, bottom, left } = element.getBoundingClientRect();
      return { top, right, bottom, left };
    };
    const badgeLink = document.querySelector('.chat-badge')!;
    const dockElement = document.querySelector('.chat-dock')!;
    const selector =
      'a, button, input, select, textarea, summary, h1, h2, h3, h4, p, li, blockquote, label, dt, dd, figcaption, pre, td, th';
    const content = [...document.querySelectorAll(`main :is(${selector}), footer :is(${selector})`)]
      .filter(
        (element) =>
          !dockElement.contains(element) &&
          element.getClientRects().length > 0 &&
          getComputedStyle(element).visibility === 'visible',
      )
      .map((element) => ({
        name: `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"`,
        box: box(element),
      }))
      .filter(({ box: b }) => b.bottom > 0 && b.top < innerHeight && b.right > b.left && b.bottom > b.top);
    return {
      badge: box(badgeLink),
      dock: box(dockElement),
      content,
      viewport: { width: innerWidth, height: innerHeight },
      scrollY,
      end: document.documentElement.scrollHeight - innerHeight,
    };
  });
}

import type { Locator, Page } from '@playwright/test';
import { chatPersonaUrl, expect, test } from './fixtures.ts';
import { allRoutes, pageAddress, postSlugs } from './site-data.ts';

const badge = (page: Page) => page.getByRole('link', { name: /^Ask Us Anything/ });
const dock = (page: Page) => page.getByRole('complementary', { name: 'Ask Us Anything' });

async function expectNewTabLink(link: Locator): Promise<void> {
  await expect(link).toHaveAttribute('href', chatPersonaUrl);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /(^|\s)noopener(\s|$)/);
  await expect(link).toHaveAccessibleName(/opens in a new tab/);
}

interface Box { top: number; right: number; bottom: number; left: number }

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** The viewport boxes of the badge and of every visible text or control of the page but the badge's own. */
function measure(page: Page) {
  return page.evaluate(() => {
    const box = (element: Element) => {
      const { top, right, bottom, left } = element.getBoundingClientRect();
      return { top, right, bottom, left };
    };
    const badgeLink = document.querySelector('.chat-badge')!;
    const dockElement = document.querySelector('.chat-dock')!;
    const selector = 'a, button, input, select, textarea, summary, h1, h2, h3, h4, p, li, blockquote, label, dt, dd, figcaption, pre, td, th';
    const content = [...document.querySelectorAll(`main :is(${selector}), footer :is(${selector})`)]
      .filter((element) => !dockElement.contains(element) && element.getClientRects().length > 0 && getComputedStyle(element).visibility === 'visible')
      .map((element) => ({ name: `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"`, box: box(element) }))
      .filter(({ box: b }) => b.bottom > 0 && b.top < innerHeight && b.right > b.left && b.bottom > b.top);
    return { badge: box(badgeLink), dock: box(dockElement), content, viewport: { width: innerWidth, height: innerHeight }, scrollY, end: document.documentElement.scrollHeight - innerHeight };
  });
}

test.describe("the floating 'Ask Us Anything' badge opens the chat in a new tab", () => {
  for (const route of allRoutes) {
    test(route, async ({ page }) => {
      await page.goto(route, { waitUntil: 'domcontentloaded' });
      await expect(badge(page)).toHaveCount(1);
      await expect(badge(page)).toBeVisible();
      await expectNewTabLink(badge(page));
      // It floats: the dock holding it sticks to the bottom of the screen.
      await expect(dock(page)).toHaveCSS('position', 'sticky');
      const { badge: box, viewport } = await measure(page);
      expect(box.bottom).toBeLessThanOrEqual(viewport.height);
      expect(box.bottom).toBeGreaterThan(viewport.height - 100);
      // At the right: at the screen's edge, or at the content column's right edge on wider screens.
      expect(box.left).toBeGreaterThan(viewport.width * 0.6);
    });
  }
});

test.describe('the badge never covers text or controls', () => {
  // From 1440px it stands in the free margin beside the content: nothing may lie under it, at any scroll position.
  test.describe('on a wide screen it stands beside the content, at every scroll position', () => {
    test.use({ viewport: { width: 1440, height: 900 } });
    for (const route of ['/', '/guides/playwright/', `/blog/${postSlugs[0]}/`, '/services/startups/', '/getting-started/']) {
      test(route, async ({ page }) => {
        test.slow();
        await page.goto(route);
        const { end } = await measure(page);
        for (let y = 0; ; y = Math.min(y + 400, end)) {
          await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
          const { badge: box, content } = await measure(page);
          const covered = content.filter((item) => overlaps(item.box, box)).map((item) => item.name);
          expect(covered, `covered at scroll ${y}`).toEqual([]);
          if (y === end) break;
        }
      });
    }
  });

  // Narrower, it sits in a solid strip across the bottom edge: content passes beneath it as beneath the header.
  for (const width of [390, 1024]) {
    test.describe(`at ${width}px it sits in a solid strip along the bottom edge`, () => {
      test.use({ viewport: { width, height: width < 600 ? 844 : 768 } });

      test('the strip spans the screen, is opaque and holds the badge with its label', async ({ page }) => {
        await page.goto('/guides/playwright/');
        const { badge: box, dock: strip, viewport } = await measure(page);
        expect(strip.left).toBe(0);
        expect(strip.right).toBe(viewport.width);
        expect(strip.bottom).toBe(viewport.height);
        expect(box.top).toBeGreaterThanOrEqual(strip.top);
        expect(box.bottom).toBeLessThanOrEqual(strip.bottom);
        const background = await dock(page).evaluate((element) => getComputedStyle(element).backgroundColor);
        expect(background).toBe('rgb(11, 27, 63)');
        // The label stays on phones too.
        const label = badge(page).getByText('Ask Us Anything', { exact: true });
        await expect(label).toBeVisible();
        expect((await label.boundingBox())!.width).toBeGreaterThan(60);
      });

      test('a control reached with Tab is scrolled clear of the strip', async ({ page }) => {
        await page.goto(`/blog/${postSlugs[0]}/`);
        const strip = (await measure(page)).dock;
        for (let i = 0; i < 40; i += 1) {
          await page.keyboard.press('Tab');
          const focused = await page.evaluate(async () => {
            // Smooth scrolling: wait until the page has stopped moving.
            const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
            for (let last = -1, still = 0; still < 3; ) {
              await frame();
              still = scrollY === last ? still + 1 : 0;
              last = scrollY;
            }
            const element = document.activeElement!;
            if (element.closest('.chat-dock, header') || element === document.body) return undefined;
            const { top, bottom } = element.getBoundingClientRect();
            return { top, bottom, name: element.textContent?.trim().slice(0, 40) };
          });
          if (!focused) continue;
          // A block taller than the room between header and strip (a long code sample) shows a part of itself there.
          if (focused.bottom - focused.top > strip.top - 100) {
            expect(focused.top, `${focused.name} under the strip`).toBeLessThan(strip.top - 40);
            expect(focused.bottom, `${focused.name} under the header`).toBeGreaterThan(100);
          } else {
            expect(focused.bottom, `${focused.name} hidden by the strip`).toBeLessThanOrEqual(strip.top);
          }
        }
      });
    });
  }

  for (const width of [390, 1024, 1440]) {
    test(`at ${width}px it settles above the footer's content at the end of the page`, async ({ page }) => {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await page.goto('/services/startups/');
      // The footer's top a third of the way down the screen: the badge has left the bottom edge for it.
      await page.evaluate(() => {
        const footer = document.querySelector('footer')!;
        window.scrollTo({ top: footer.getBoundingClientRect().top + window.scrollY - innerHeight / 3, behavior: 'instant' });
      });
      const { badge: box, content, viewport } = await measure(page);
      expect(box.bottom).toBeLessThan(viewport.height * 0.75);
      expect(content.filter((item) => overlaps(item.box, box)).map((item) => item.name)).toEqual([]);
      const footerTop = await page.locator('footer').evaluate((element) => element.getBoundingClientRect().top);
      const gridTop = await page.locator('footer .footer-grid').evaluate((element) => element.getBoundingClientRect().top);
      expect(box.bottom).toBeLessThanOrEqual(gridTop);
      if (width < 1440) expect(box.top).toBeGreaterThanOrEqual(footerTop);
    });
  }

  test('over a purple call-to-action band the badge keeps a white outline', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/services/startups/');
    await page.locator('.cta-band').scrollIntoViewIfNeeded();
    const style = await badge(page).evaluate((element) => {
      const computed = getComputedStyle(element);
      return { color: computed.borderTopColor, width: parseFloat(computed.borderTopWidth) };
    });
    expect(style.width).toBeGreaterThanOrEqual(2);
    expect(style.color).toMatch(/^rgba?\(255, 255, 255(, 0\.9\d*)?\)$/);
  });
});

test('clicking the badge opens the chat persona in a popup', async ({ page, context }) => {
  await page.goto(pageAddress('/blog'));
  const [popup] = await Promise.all([context.waitForEvent('page'), badge(page).click()]);
  await popup.waitForLoadState();
  expect(popup.url()).toBe(chatPersonaUrl);
  expect(page.url()).toMatch(/\/blog\/$/);
  // noopener: the chat page gets no handle on this one.
  expect(await popup.evaluate(() => window.opener)).toBeNull();
});

test("the home hero 'Ask Our AI' link opens the chat persona in a popup", async ({ page, context }) => {
  await page.goto('/');
  const askAi = page.getByRole('link', { name: /^Ask Our AI/ });
  await expectNewTabLink(askAi);
  const [popup] = await Promise.all([context.waitForEvent('page'), askAi.click()]);
  await popup.waitForLoadState();
  expect(popup.url()).toBe(chatPersonaUrl);
  expect(new URL(page.url()).pathname).toBe('/');
});

// Where the floating 'Ask Us Anything' badge stands, and what the chat links open. That every
// page has the badge, floating and opening the chat in a new tab, is checked in routes.spec.ts.
import { badge, bookingLink, dock, expectNewTabLink, measure, overlaps } from './chat-badge.ts';
import { chatPersonaUrl, expect, test } from './fixtures.ts';
import { pageAddress, postSlugs } from './site-data.ts';

test.describe('the badge never covers text or controls', () => {
  // From 1440px it stands in the free margin beside the content: nothing may lie under it, at any scroll position.
  test.describe('on a wide screen it stands beside the content, at every scroll position', () => {
    test.use({ viewport: { width: 1440, height: 900 } });
    for (const route of [
      '/',
      '/guides/playwright/',
      `/blog/${postSlugs[0]}/`,
      '/services/startups/',
      '/getting-started/',
    ]) {
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

      test('the strip spans the screen, is opaque and holds the booking link, then the badge at its right', async ({
        page,
      }) => {
        await page.goto('/guides/playwright/');
        const { badge: box, dock: strip, viewport } = await measure(page);
        expect(strip.left).toBe(0);
        expect(strip.right).toBe(viewport.width);
        expect(strip.bottom).toBe(viewport.height);
        expect(box.top).toBeGreaterThanOrEqual(strip.top);
        expect(box.bottom).toBeLessThanOrEqual(strip.bottom);
        const background = await dock(page).evaluate((element) => getComputedStyle(element).backgroundColor);
        expect(background).toBe('rgb(11, 27, 63)');
        // Booking leads the strip; the chat is the second choice at its right.
        const booking = (await bookingLink(page).boundingBox())!;
        expect(booking.x + booking.width).toBeLessThan(box.left);
        expect(booking.width).toBeGreaterThan(box.right - box.left);
        // On phones the badge is its icon, named by its words; where there is room the words show.
        await expect(badge(page)).toHaveAccessibleName(/^Ask Us Anything/);
        const label = badge(page).getByText('Ask Us Anything', { exact: true });
        if (width < 600) expect((await label.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
        else expect((await label.boundingBox())!.width).toBeGreaterThan(60);
      });

      test('a control reached with Tab is scrolled clear of the strip', async ({ page }) => {
        await page.goto(`/blog/${postSlugs[0]}/`);
        const strip = (await measure(page)).dock;
        for (let i = 0; i < 40; i += 1) {
          await page.keyboard.press('Tab');
          const focused = await page.evaluate(async () => {
            // Smooth scrolling: wait until the page has stopped moving.
            const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
            for (let last = -1, still = 0; still < 3;) {
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
        window.scrollTo({
          top: footer.getBoundingClientRect().top + window.scrollY - innerHeight / 3,
          behavior: 'instant',
        });
      });
      const { badge: box, content, viewport } = await measure(page);
      expect(box.bottom).toBeLessThan(viewport.height * 0.75);
      expect(content.filter((item) => overlaps(item.box, box)).map((item) => item.name)).toEqual([]);
      const footerTop = await page.locator('footer').evaluate((element) => element.getBoundingClientRect().top);
      const gridTop = await page
        .locator('footer .footer-grid')
        .evaluate((element) => element.getBoundingClientRect().top);
      expect(box.bottom).toBeLessThanOrEqual(gridTop);
      if (width < 1440) expect(box.top).toBeGreaterThanOrEqual(footerTop);
    });
  }

  test('in the margin at 1440 px the badge is a white tile with an indigo edge, which stands out over the purple call-to-action band', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/services/startups/');
    await page.locator('.cta-band').scrollIntoViewIfNeeded();
    const style = await badge(page).evaluate((element) => {
      const computed = getComputedStyle(element);
      return {
        background: computed.backgroundColor,
        border: computed.borderTopColor,
        width: parseFloat(computed.borderTopWidth),
      };
    });
    expect(style.background).toBe('rgb(255, 255, 255)');
    expect(style.width).toBeGreaterThanOrEqual(2);
    expect(style.border).toBe('rgb(79, 70, 229)');
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

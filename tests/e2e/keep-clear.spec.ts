import type { Locator, Page } from '@playwright/test';
import { expect, hydratedIsland, test } from './fixtures.ts';
import { guides } from './site-data.ts';

// What a visitor must never meet: a fixed element over a control a page's state shows, a form
// without JavaScript that pretends it can send, or squeezed cards. (A page that scrolls sideways,
// a fixed element over a submit button or a focused field, or a placeholder left in text, is
// checked on a page of every template in routes.spec.ts.)

const formPages = ['/getting-started/', '/pom-files/', ...guides.map((guide) => `/guides/${guide.topic}/`)];

/** Whether the element is what a visitor hits at its own centre, nothing fixed lying over it. */
async function hitAtCentre(element: Locator): Promise<boolean> {
  return element.evaluate((target) => {
    const box = target.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (hit === target || target.contains(hit));
  });
}

/** Scrolls so the element's centre sits `fromBottom` pixels above the bottom of the screen, where the chat dock is. */
async function scrollToBottomEdge(page: Page, element: Locator, fromBottom = 24): Promise<void> {
  await element.evaluate((target, offset) => {
    const box = target.getBoundingClientRect();
    window.scrollBy({ top: box.top + box.height / 2 - (window.innerHeight - offset), behavior: 'instant' });
  }, fromBottom);
  // The dock decides on the next animation frame.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

// Every template's submit buttons and fields, at every width from 320 to 1440 px, are checked in
// routes.spec.ts (coveredControls); here, a control that only a state of a page shows.
test.describe('at 390 px nothing fixed covers a control a state shows', () => {
  test("the empty blog search's 'Clear filters'", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/blog/?q=no-post-matches-this');
    const explorer = await hydratedIsland(page, 'BlogExplorer');
    const clear = explorer.locator('.empty-state button');
    await expect(clear).toBeVisible();
    await scrollToBottomEdge(page, clear);
    expect(await hitAtCentre(clear)).toBe(true);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/blog/ at 1440 px fills the width: the tag and category links beside a grid of cards that reaches the right edge', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/blog/');
    await expect(page.getByRole('navigation', { name: 'Tags' })).toBeVisible();
    const container = (await page.locator('.blog-layout').boundingBox())!;
    const grid = (await page.locator('.post-grid').boundingBox())!;
    expect(Math.abs(grid.x + grid.width - (container.x + container.width))).toBeLessThan(2);
    const cards = await page
      .locator('.post-grid .post-card')
      .evaluateAll((elements) =>
        elements.map((card) => card.getBoundingClientRect()).map((box) => ({ top: box.top, width: box.width })),
      );
    expect(cards.filter((card) => card.top === cards[0]!.top)).toHaveLength(3);
    for (const card of cards) expect(card.width).toBeGreaterThanOrEqual(250);
  });

  for (const route of formPages) {
    test(`${route}: the form offers the email route instead of a live submit`, async ({ page }) => {
      await page.goto(route);
      const form = page.locator('.lead-form').first();
      const notice = form.locator('.lead-form-noscript');
      await expect(notice).toBeVisible();
      await expect(notice.getByRole('link')).toHaveAttribute('href', /^mailto:hello@checkpointqa\.com\?subject=/);
      await expect(form.locator('[type="submit"]')).toBeHidden();
      await expect(form.locator('[type="submit"]')).toBeDisabled();
      // Enter in a field cannot send the entries into the address either.
      const before = page.url();
      await form.locator('input').first().fill('Jane');
      await form.locator('input').first().press('Enter');
      await page.waitForTimeout(300);
      expect(page.url()).toBe(before);
    });
  }
});

import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { bookingLink } from './chat-badge.ts';
import { audiences, guides } from './site-data.ts';

const hamburger = (page: Page) => page.locator('[data-mobile-nav] > summary');
const panel = (page: Page) => page.getByRole('navigation', { name: 'Mobile' });

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the hamburger opens the panel, at most the viewport height minus 80px tall', async ({ page }) => {
    await page.goto('/humans/');
    await expect(panel(page)).toBeHidden();
    await expect(hamburger(page)).toHaveAccessibleName('Open menu');
    await hamburger(page).click();
    await expect(panel(page)).toBeVisible();
    await expect(hamburger(page)).toHaveAccessibleName('Close menu');
    await expect(panel(page)).toHaveCSS('max-height', `${844 - 80}px`);
    expect((await panel(page).boundingBox())!.height).toBeLessThanOrEqual(844 - 80);
  });

  test('the panel lists the 4 services, the 5 AI guides, Case Studies, Humans, Blog and Get Started', async ({
    page,
  }) => {
    await page.goto('/humans/');
    await hamburger(page).click();
    const links = panel(page).getByRole('link');
    await expect(links).toHaveText([
      ...audiences.map((a) => a.navTitle),
      ...guides.map((g) => g.name),
      'Case Studies',
      'Humans',
      'Blog',
      'Get Started',
    ]);
    expect(audiences).toHaveLength(4);
    expect(guides).toHaveLength(5);
    await expect(panel(page).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/getting-started/');
    await expect(panel(page).getByRole('link', { name: guides[0]!.name })).toHaveAttribute(
      'href',
      `/guides/${guides[0]!.topic}/`,
    );
  });

  test('choosing an item closes the menu and navigates', async ({ page }) => {
    await page.goto('/humans/');
    // First with the navigation cancelled (by a listener that runs after the site's own), so
    // the closing is seen on the page the menu was opened on.
    await hamburger(page).click();
    await page.evaluate(() => window.addEventListener('click', (event) => event.preventDefault(), { once: true }));
    await panel(page).getByRole('link', { name: 'Humans' }).click();
    await expect(panel(page)).toBeHidden();
    await expect(page.locator('[data-mobile-nav]')).not.toHaveAttribute('open');
    expect(new URL(page.url()).pathname).toBe('/humans/');

    await hamburger(page).click();
    await panel(page).getByRole('link', { name: 'Blog' }).click();
    await expect(page).toHaveURL(/\/blog\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('AI Testing Insights Blog');
    await expect(panel(page)).toBeHidden();
  });

  test('Escape closes the menu and returns focus to the hamburger', async ({ page }) => {
    await page.goto('/humans/');
    await hamburger(page).click();
    await expect(panel(page)).toBeVisible();
    await panel(page).getByRole('link').first().focus();
    await page.keyboard.press('Escape');
    await expect(panel(page)).toBeHidden();
    await expect(hamburger(page)).toBeFocused();
    await expect(hamburger(page)).toHaveAccessibleName('Open menu');
  });
});

test.describe('on a 375×667 phone', () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test("'Get Started' is in view in the open menu, and the dock leads to booking a call", async ({ page }) => {
    await page.goto('/humans/');
    await hamburger(page).click();
    const getStarted = panel(page).getByRole('link', { name: 'Get Started' });
    await expect(getStarted).toBeInViewport({ ratio: 1 });
    // Nothing lies over it: a tap at its centre reaches it.
    expect(
      await getStarted.evaluate((link) => {
        const box = link.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return hit !== null && link.contains(hit);
      }),
    ).toBe(true);
    await page.keyboard.press('Escape');
    await expect(panel(page)).toBeHidden();

    // The control always on screen books the call: it opens the consultation form.
    await page.mouse.wheel(0, 600);
    const book = bookingLink(page);
    await expect(book).toBeInViewport({ ratio: 1 });
    await book.click();
    await expect(page).toHaveURL(/\/getting-started\/#contact-form$/);
    await expect(page.locator('#contact-form form')).toBeInViewport();
  });
});

test('at desktop width the hamburger is hidden and the main navigation shown', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/humans/');
  await expect(hamburger(page)).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

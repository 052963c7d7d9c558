import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { audiences, guides, pageAddress } from './site-data.ts';

const header = (page: Page) => page.locator('[data-site-header]');
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const trigger = (page: Page, name: 'Services' | 'AI Guides') => mainNav(page).getByRole('button', { name });
/** The dropdown panel a trigger controls, found through its aria-controls. */
async function panelOf(page: Page, button: Locator): Promise<Locator> {
  return page.locator(`#${await button.getAttribute('aria-controls')}`);
}

async function scrollTo(page: Page, top: number): Promise<void> {
  await page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), top);
}

/** The header's computed background colour and shadow, once its transition has settled. */
const chrome = (page: Page) =>
  header(page).evaluate((element) => {
    const style = getComputedStyle(element);
    return { background: style.backgroundColor, shadow: style.boxShadow };
  });

/** Parses `rgb()`/`rgba()` into channels; the alpha defaults to 1. */
function channels(color: string): number[] {
  const [r, g, b, a = 1] = color.match(/[\d.]+/g)!.map(Number);
  return [r!, g!, b!, a];
}

test.describe('header scroll state', () => {
  test('is transparent at the top, solid white with a shadow past 10px, and transparent again at the top', async ({
    page,
  }) => {
    await page.goto('/humans/');
    await expect(header(page)).not.toHaveAttribute('data-scrolled');
    expect(channels((await chrome(page)).background)[3]).toBe(0);
    expect((await chrome(page)).shadow).toBe('none');

    // 10px is the threshold: the header turns solid only beyond it.
    await scrollTo(page, 10);
    await page.evaluate(() => new Promise(requestAnimationFrame));
    await expect(header(page)).not.toHaveAttribute('data-scrolled');

    await scrollTo(page, 300);
    await expect(header(page)).toHaveAttribute('data-scrolled', '');
    await expect
      .poll(async () => {
        const [r, g, b, a] = channels((await chrome(page)).background);
        return r === 255 && g === 255 && b === 255 && a! >= 0.9;
      })
      .toBe(true);
    expect((await chrome(page)).shadow).not.toBe('none');

    await scrollTo(page, 0);
    await expect(header(page)).not.toHaveAttribute('data-scrolled');
    await expect.poll(async () => channels((await chrome(page)).background)[3]).toBe(0);
    expect((await chrome(page)).shadow).toBe('none');
  });
});

test.describe('header dropdowns', () => {
  test('hovering Services opens its dropdown and leaving closes it', async ({ page }) => {
    await page.goto('/humans/');
    const services = trigger(page, 'Services');
    const panel = await panelOf(page, services);
    await expect(panel).toBeHidden();
    await services.hover();
    await expect(panel).toBeVisible();
    await expect(services).toHaveAttribute('aria-expanded', 'true');
    await page.mouse.move(5, 600);
    await expect(panel).toBeHidden();
    await expect(services).toHaveAttribute('aria-expanded', 'false');
  });

  test('Enter and Space on the focused Services trigger toggle aria-expanded', async ({ page }) => {
    await page.goto('/humans/');
    const services = trigger(page, 'Services');
    await services.focus();
    await expect(services).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    await expect(services).toHaveAttribute('aria-expanded', 'true');
    await expect(await panelOf(page, services)).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(services).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Space');
    await expect(services).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Space');
    await expect(services).toHaveAttribute('aria-expanded', 'false');
  });

  test('ArrowDown moves focus through the menu items and Escape closes it and refocuses the trigger', async ({
    page,
  }) => {
    await page.goto('/humans/');
    const services = trigger(page, 'Services');
    const panel = await panelOf(page, services);
    await services.focus();
    await page.keyboard.press('ArrowDown');
    await expect(services).toHaveAttribute('aria-expanded', 'true');
    await expect(panel.getByRole('link', { name: audiences[0]!.navTitle })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(panel.getByRole('link', { name: audiences[1]!.navTitle })).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(services).toHaveAttribute('aria-expanded', 'false');
    await expect(services).toBeFocused();
    await expect(panel).toBeHidden();
  });

  test('the Services panel is a 2-column, 36rem grid of items with a title and a summary', async ({ page }) => {
    await page.goto('/humans/');
    const services = trigger(page, 'Services');
    const panel = await panelOf(page, services);
    await services.hover();
    await expect(panel).toBeVisible();
    expect((await panel.boundingBox())!.width).toBeCloseTo(576, 0);
    const grid = panel.getByRole('list');
    expect(await grid.evaluate((element) => getComputedStyle(element).gridTemplateColumns.split(' ').length)).toBe(2);
    await expectTitledItems(
      panel,
      audiences.map((a) => a.navTitle),
    );
  });

  test('the AI Guides panel is a 3-column, 48rem grid of items with a title and a summary', async ({ page }) => {
    await page.goto('/humans/');
    const guideTrigger = trigger(page, 'AI Guides');
    const panel = await panelOf(page, guideTrigger);
    await guideTrigger.hover();
    await expect(panel).toBeVisible();
    expect((await panel.boundingBox())!.width).toBeCloseTo(768, 0);
    const grid = panel.getByRole('list');
    expect(await grid.evaluate((element) => getComputedStyle(element).gridTemplateColumns.split(' ').length)).toBe(3);
    await expectTitledItems(
      panel,
      guides.map((g) => g.name),
    );
  });
});

/** Each menu item is a link with a visible title and a non-empty summary, in dataset order. */
async function expectTitledItems(panel: Locator, titles: string[]): Promise<void> {
  const items = panel.getByRole('listitem');
  await expect(items).toHaveCount(titles.length);
  for (const [index, title] of titles.entries()) {
    const item = items.nth(index);
    await expect(item.locator('.nav-menu-title')).toHaveText(title);
    await expect(item.locator('.nav-menu-summary')).toHaveText(/\w{3,}/);
    await expect(item.locator('.nav-menu-summary')).toBeVisible();
  }
}

test.describe('header section anchors', () => {
  for (const [menu, hash] of [
    ['Services', '#services'],
    ['AI Guides', '#guides'],
  ] as const) {
    test(`on the home page the ${menu} overview link is ${hash} and scrolls the section to the top`, async ({
      page,
    }) => {
      await page.goto('/');
      const button = trigger(page, menu);
      const panel = await panelOf(page, button);
      await button.hover();
      const overview = panel.locator('.nav-menu-overview');
      await expect(overview).toHaveAttribute('href', hash);
      await overview.click();
      await expect(page).toHaveURL(new RegExp(`/${hash}$`));
      const section = page.locator(hash);
      // Smooth scrolling: wait until the section settles just below the fixed header.
      await expect.poll(async () => (await section.boundingBox())!.y, { timeout: 5000 }).toBeGreaterThanOrEqual(0);
      await expect.poll(async () => (await section.boundingBox())!.y, { timeout: 5000 }).toBeLessThan(150);
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    });
  }

  test("'Explore all services' lands on every service page and 'Browse all AI guides' on every guide", async ({
    page,
  }) => {
    await page.goto('/');
    const services = page.locator('#services');
    await expect(services.getByRole('heading', { level: 2 })).toBeVisible();
    for (const audience of audiences)
      await expect(services.locator(`a[href="${pageAddress(`/services/${audience.slug}`)}"]`)).toHaveCount(1);
    await expect(services.locator('a[href^="/guides/"]')).toHaveCount(0);
    const guidesSection = page.locator('#guides');
    for (const guide of guides) {
      const link = guidesSection.locator(`a[href="${pageAddress(`/guides/${guide.topic}`)}"]`);
      await expect(link.first()).toBeAttached();
      await expect(guidesSection.getByText(guide.name, { exact: true }).first()).toBeAttached();
    }
  });

  test('on other pages the overview links point to /#services and /#guides', async ({ page }) => {
    await page.goto('/blog/');
    await expect((await panelOf(page, trigger(page, 'Services'))).locator('.nav-menu-overview')).toHaveAttribute(
      'href',
      '/#services',
    );
    const guidesOverview = (await panelOf(page, trigger(page, 'AI Guides'))).locator('.nav-menu-overview');
    await expect(guidesOverview).toHaveAttribute('href', '/#guides');
    await trigger(page, 'AI Guides').hover();
    await guidesOverview.click();
    await expect(page).toHaveURL(/\/#guides$/);
    await expect
      .poll(async () => (await page.locator('#guides').boundingBox())!.y, { timeout: 5000 })
      .toBeLessThan(150);
  });
});

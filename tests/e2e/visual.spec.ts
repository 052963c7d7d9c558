// Visual regression, per template and per state: one page of each page template at a phone and
// a laptop width, and each state a visitor opens (menus, lightbox, filtered blog, form messages,
// not found), compared with the baselines under __screenshots__/visual.spec.ts/. A new page of
// an existing template adds no picture; a new template does not compile until it has one.
// Pages that repeat one kind of block (a post's paragraphs, case-study cards, legal sections)
// are photographed down to the first block that shows the template's parts, and states as the
// component that changes, so an edit of marketing copy rarely touches a baseline. After a
// deliberate visual change, `npm run build` then
// `npx playwright test -c tests/e2e visual.spec.ts --update-snapshots` writes new baselines.
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import type { SitePage } from '../../templates/site/routes.ts';
import { expect, test } from './fixtures.ts';
import {
  alerts,
  blockCaptcha,
  captchaUnavailable,
  consultation,
  openForm,
  submitButton,
  submitWithEnter,
  toolkit,
  type LeadFormCase,
} from './lead-forms.ts';
import { forms } from './site-data.ts';
import {
  blogEmptyText,
  dropdownMenus,
  freezePage,
  openStill,
  quiet,
  servedDist,
  settle,
  viewports,
} from './visual-pages.ts';

const [phone, laptop] = viewports;

// Loading, settling and photographing a tall page at 1440 px takes a while on a busy machine.
test.describe.configure({ timeout: 120_000 });
test.use({ reducedMotion: 'reduce', timezoneId: 'UTC', locale: 'en-US', colorScheme: 'light' });
test.beforeEach(async ({ page }) => freezePage(page));

/** A shot that differs from its baseline is retaken until two agree; a tall page on a busy machine needs more than expect's 5 s. */
const screenshotTimeout = 45_000;
/** What a visitor sees in the window, for overlays (menus, dialogs) that belong to the viewport. */
const inWindow = (page: Page, name: string) =>
  expect(page).toHaveScreenshot(`${name}.png`, { timeout: screenshotTimeout });
/** One component on its own, without the fixed header and the chat strip (visual-component.css). */
const component = (locator: Locator, name: string) =>
  expect(locator).toHaveScreenshot(`${name}.png`, {
    timeout: screenshotTimeout,
    stylePath: path.join(import.meta.dirname, 'visual-component.css'),
  });

/** The page a template is photographed on, and how much of it. */
interface TemplateShot {
  path: string;
  /**
   * The picture runs from the top of the page to the bottom of the first element matching this
   * selector, for a page that goes on repeating what is above it; unset, it holds the whole page.
   */
  through?: string;
}

/** One page per page template (`SitePage` in templates/site/routes.ts; a redirect's page only forwards); a template missing here does not type-check. */
const templates: Record<Exclude<SitePage['kind'], 'redirect'>, TemplateShot> = {
  home: { path: '/' },
  audience: { path: '/services/startups/' },
  guide: { path: '/guides/playwright/' },
  // Hero, table of contents, prose and its first code sample.
  'guide-article': { path: '/guides/content/playwright/', through: '.prose pre' },
  // The featured block, the filters and the first card of All Posts.
  'blog-index': { path: '/blog/', through: '.post-grid .post-card' },
  // The hero with its back link and count, the sidebar with the current tag, and the first card.
  'blog-term': { path: '/blog/tags/ai/', through: '.post-grid .post-card' },
  // The hero with its back link and count, and every tag with its posts.
  'blog-terms': { path: '/blog/tags/' },
  // Title, image, sidebar, prose and its first highlighted code sample.
  'blog-post': { path: '/blog/the-reality-of-ai-in-qa-testing/', through: '.prose pre' },
  // Who they are, then their posts.
  'blog-author': { path: '/blog/authors/daniel-reyes/' },
  // Hero, stats band, the first three cards and the promo block after them.
  'case-studies': { path: '/case-studies/', through: '.promo' },
  humans: { path: '/humans/' },
  'getting-started': { path: '/getting-started/' },
  toolkit: { path: '/pom-files/' },
  // Title, date, introduction and the first section with its list.
  legal: { path: '/terms/', through: '.prose ul' },
  // The field, the filters and the prompt, before a search.
  search: { path: '/search/' },
  'not-found': { path: '/no-such-page' },
};

/** The page from its top down to the bottom of `through`'s first match (the whole page without it). */
async function photographPage(page: Page, name: string, through?: string): Promise<void> {
  if (!through) {
    await expect(page).toHaveScreenshot(name, { fullPage: true, timeout: screenshotTimeout });
    return;
  }
  const bottom = await page
    .locator(through)
    .first()
    .evaluate((element) => element.getBoundingClientRect().bottom + window.scrollY);
  const width = page.viewportSize()!.width;
  // Some room under the element, so its margin and the start of what follows show.
  const height = Math.ceil(bottom) + 32;
  await expect(page).toHaveScreenshot(name, {
    fullPage: true,
    clip: { x: 0, y: 0, width, height },
    timeout: screenshotTimeout,
  });
}

for (const viewport of viewports) {
  for (const [kind, shot] of Object.entries(templates)) {
    test(`the ${kind} template (${shot.path}) at ${viewport.width}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await openStill(page, shot.path);
      await photographPage(page, `${kind}-${viewport.width}.png`, shot.through);
    });
  }
}

test.describe('states', () => {
  const menus = dropdownMenus();
  if (menus.length === 0) {
    test('the served build has header menus to photograph', () => {
      throw new Error(
        `${servedDist}/index.html has no dropdown menu in its main navigation: build the site first (npm run build)`,
      );
    });
  }
  for (const menu of menus) {
    test(`the ${menu} menu open at ${laptop.width}`, async ({ page }) => {
      await page.setViewportSize(laptop);
      await openStill(page, '/');
      const trigger = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: menu, exact: true });
      await trigger.hover();
      await expect(trigger).toHaveAttribute('aria-expanded', 'true');
      await expect(page.locator(`#${await trigger.getAttribute('aria-controls')}`)).toBeVisible();
      await quiet(page);
      await inWindow(page, `menu-${slug(menu)}-${laptop.width}`);
    });
  }

  test(`the mobile menu open at ${phone.width}`, async ({ page }) => {
    await page.setViewportSize(phone);
    await openStill(page, '/');
    await page.locator('[data-mobile-nav] > summary').click();
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
    await quiet(page);
    await inWindow(page, `mobile-menu-${phone.width}`);
  });

  for (const viewport of viewports) {
    test(`the video lightbox open at ${viewport.width}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await openStill(page, '/case-studies/');
      const play = page
        .getByRole('button', { name: /^Play video: / })
        .or(page.getByRole('link', { name: /^Play video: / }));
      await play.first().click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      // The stub player (see freezePage) has loaded in every frame the dialog holds.
      for (const frame of await dialog.locator('iframe').all()) await frame.contentFrame().locator('body').waitFor();
      await quiet(page);
      await inWindow(page, `lightbox-${viewport.width}`);
    });
  }

  // The blog's filters and results, side by side at 1440 px and stacked at 390 px.
  const blogStates = [
    { state: 'search', query: '?q=cursor', viewport: phone },
    // At 390 px the tags scroll sideways, and the pressed one can sit out of view.
    { state: 'tag', query: '?tag=Automation', viewport: laptop },
    { state: 'empty', query: '?q=no-post-says-this', viewport: phone },
  ] as const;
  for (const { state, query, viewport } of blogStates) {
    test(`/blog/${query} (${state}) at ${viewport.width}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await openStill(page, `/blog/${query}`);
      const explorer = page.locator('[data-island="BlogExplorer"]');
      await expect(page.getByRole('region', { name: 'Featured' })).toHaveCount(0);
      if (state === 'empty') await expect(explorer).toContainText(blogEmptyText);
      await component(explorer, `blog-${state}-${viewport.width}`);
    });
  }

  // Search results, one column at both widths: the field, filters and the first results with their marks.
  for (const viewport of viewports) {
    test(`/search/?q=playwright (results) at ${viewport.width}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await openStill(page, '/search/?q=playwright');
      await expect(page.locator('.search-result-excerpt mark').first()).toBeVisible();
      // The field has focus on arrival; its caret and ring would blink into the picture.
      await page.locator('.search-app input').blur();
      await quiet(page);
      await component(page.locator('.search-app'), `search-results-${viewport.width}`);
    });
  }

  test(`${consultation.path} ${consultation.title} asking for the captcha at ${phone.width}`, async ({ page }) => {
    await page.setViewportSize(phone);
    const form = await openSettledForm(page, consultation);
    await consultation.fill(form);
    await submitWithEnter(form);
    await expect(alerts(form)).toHaveText([forms.captcha.required]);
    await quiet(page);
    await component(formCard(page, consultation), `${slug(consultation.title)}-error-${phone.width}`);
  });

  test(`${consultation.path} ${consultation.title} when the captcha cannot load at ${phone.width}`, async ({
    page,
  }) => {
    await page.setViewportSize(phone);
    await blockCaptcha(page);
    const form = await openSettledForm(page, consultation);
    await expect(form.getByText(captchaUnavailable.text)).toBeVisible();
    await quiet(page);
    await component(formCard(page, consultation), `${slug(consultation.title)}-no-captcha-${phone.width}`);
  });

  test(`${toolkit.path} ${toolkit.title} failing to send at ${laptop.width}`, async ({ page, webhook, captcha }) => {
    webhook.respondWith(500);
    await page.setViewportSize(laptop);
    const form = await openSettledForm(page, toolkit);
    await toolkit.fill(form);
    await captcha.solve();
    await submitButton(form, toolkit).click();
    // The failure message, then the email line under it.
    await expect(alerts(form)).toHaveText([new RegExp(`^${forms.failure.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)]);
    await quiet(page);
    await component(formCard(page, toolkit), `${slug(toolkit.title)}-failure-${laptop.width}`);
  });

  test(`${toolkit.path} ${toolkit.title} sent at ${laptop.width}`, async ({ page, webhook, captcha }) => {
    await page.setViewportSize(laptop);
    const form = await openSettledForm(page, toolkit);
    await toolkit.fill(form);
    await captcha.solve();
    await submitButton(form, toolkit).click();
    await toolkit.expectSuccess(page);
    expect(webhook.requests).toHaveLength(1);
    await settle(page);
    // The card now holds the unlocked files in place of the form.
    await component(formCard(page, toolkit), `${slug(toolkit.title)}-success-${laptop.width}`);
  });

  test(`${consultation.path} ${consultation.title} sent incomplete: each field's problem under it at ${phone.width}`, async ({
    page,
    captcha,
  }) => {
    await page.setViewportSize(phone);
    const form = await openSettledForm(page, consultation);
    await form.getByLabel('Email').fill('jane@');
    await captcha.solve();
    await submitButton(form, consultation).click();
    await expect(form.locator('.field-problem')).toHaveCount(4);
    await form.getByLabel('Full name').blur();
    await quiet(page);
    await component(formCard(page, consultation), `${slug(consultation.title)}-inline-errors-${phone.width}`);
  });

  test(`${consultation.path} ${consultation.title} sending: the busy button at ${phone.width}`, async ({
    page,
    webhook,
    captcha,
  }) => {
    webhook.respondWith('hold');
    await page.setViewportSize(phone);
    const form = await openSettledForm(page, consultation);
    await consultation.fill(form);
    await captcha.solve();
    await submitButton(form, consultation).click();
    const busy = form.getByRole('button', { name: forms.submitting });
    await expect(busy).toBeDisabled();
    await busy.scrollIntoViewIfNeeded();
    // The button, the note under it and the fields above, greyed while they are locked.
    await component(form.locator('fieldset'), `${slug(consultation.title)}-busy-${phone.width}`);
    webhook.release();
  });

  test(`${consultation.path}#startup-blueprint: the form under the heading of its offer at ${phone.width}`, async ({
    page,
  }) => {
    await page.setViewportSize(phone);
    await openStill(page, `${consultation.path}#startup-blueprint`);
    await quiet(page);
    await component(formCard(page, consultation), `${slug(consultation.title)}-offer-${phone.width}`);
  });

  test(`/case-studies/ a case study with its full story open at ${phone.width}`, async ({ page }) => {
    await page.setViewportSize(phone);
    await openStill(page, '/case-studies/');
    const card = page.locator('.case-card:has(.case-story)').first();
    const story = card.locator('.case-story');
    await story.locator('summary').click();
    await expect(story).toHaveAttribute('open', '');
    await quiet(page);
    await component(card, `case-story-open-${phone.width}`);
  });

  // The dock as it stands while the page scrolls: the booking strip on a phone, the badge's tile in the margin on a laptop.
  for (const viewport of viewports) {
    test(`the dock mid-page at ${viewport.width}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await openStill(page, '/humans/');
      await page.evaluate(() => window.scrollTo({ top: 600, behavior: 'instant' }));
      const dock = page.locator('.chat-dock');
      const shown = viewport.width < 1440 ? dock : dock.locator('.chat-badge');
      await expect(shown).toBeVisible();
      await expect(shown).toHaveScreenshot(`dock-${viewport.width}.png`, { timeout: screenshotTimeout });
    });
  }

  test(`an unknown post at ${phone.width}`, async ({ page }) => {
    await page.setViewportSize(phone);
    await openStill(page, '/blog/no-such-post');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Post not found');
    await expect(page).toHaveScreenshot(`not-found-post-${phone.width}.png`, {
      fullPage: true,
      timeout: screenshotTimeout,
    });
  });
});

/** The card a lead form stands in: its heading, its introduction and the form (or what replaced it). */
const formCard = (page: Page, formCase: LeadFormCase) =>
  page.locator('.form-card').filter({ has: page.locator(`[data-island="${formCase.island}"]`) });

/** Opens a form's page, brought to rest (see `settle`), and returns the form. */
async function openSettledForm(page: Page, formCase: LeadFormCase): Promise<Locator> {
  const form = await openForm(page, formCase);
  await settle(page);
  return form;
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

// Visual regression: full-page screenshots of every page of the served build at a phone and a
// laptop width, and of the states a visitor opens (menus, lightbox, filtered blog, form
// messages), compared with the baselines under __screenshots__/visual.spec.ts/. After a
// deliberate visual change, `npm run build` then
// `npx playwright test -c tests/e2e visual.spec.ts --update-snapshots` writes new baselines.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { alerts, blockCaptcha, captchaUnavailable, consultation, guideForms, openForm, submitButton, submitWithEnter, toolkit, type LeadFormCase } from './lead-forms.ts';
import { forms } from './site-data.ts';
import { blogEmptyText, discoverRoutes, dropdownMenus, freezePage, openStill, quiet, settle, viewports } from './visual-pages.ts';

const { routes, problem } = discoverRoutes();
const [phone, laptop] = viewports;

// Loading, settling and photographing a tall page at 1440 px takes a while on a busy machine.
test.describe.configure({ timeout: 120_000 });
test.use({ reducedMotion: 'reduce', timezoneId: 'UTC', locale: 'en-US', colorScheme: 'light' });
test.beforeEach(async ({ page }) => freezePage(page));

/** A shot that differs from its baseline is retaken until two agree; a tall page on a busy machine needs more than expect's 5 s. */
const screenshotTimeout = 45_000;
const fullPage = (page: Page, name: string) => expect(page).toHaveScreenshot(`${name}.png`, { fullPage: true, timeout: screenshotTimeout });
/** What a visitor sees in the window, for overlays (menus, dialogs) that belong to the viewport. */
const inWindow = (page: Page, name: string) => expect(page).toHaveScreenshot(`${name}.png`, { timeout: screenshotTimeout });

if (problem) {
  test('the served build lists its pages', () => {
    throw new Error(problem);
  });
}

for (const viewport of viewports) {
  for (const route of routes) {
    test(`${route.path} at ${viewport.width}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await openStill(page, route.path);
      await fullPage(page, `${route.name}-${viewport.width}`);
    });
  }
}

test.describe('states', () => {
  for (const menu of dropdownMenus()) {
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
      const play = page.getByRole('button', { name: /^Play video: / }).or(page.getByRole('link', { name: /^Play video: / }));
      await play.first().click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      // The stub player (see freezePage) has loaded in every frame the dialog holds.
      for (const frame of await dialog.locator('iframe').all()) await frame.contentFrame().locator('body').waitFor();
      await quiet(page);
      await inWindow(page, `lightbox-${viewport.width}`);
    });

    const blogStates = [
      ['search', '?q=cursor'],
      ['tag', '?tag=Automation'],
      ['empty', '?q=no-post-says-this'],
    ] as const;
    for (const [state, query] of blogStates) {
      test(`/blog/${query} (${state}) at ${viewport.width}`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await openStill(page, `/blog/${query}`);
        if (state === 'empty') await expect(page.getByRole('main')).toContainText(blogEmptyText);
        await fullPage(page, `blog-${state}-${viewport.width}`);
      });
    }

    for (const formCase of [consultation, guideForms[0]!, toolkit]) {
      test(`${formCase.path} ${formCase.title} asking for the captcha at ${viewport.width}`, async ({ page }) => {
        await page.setViewportSize(viewport);
        const form = await openSettledForm(page, formCase);
        await formCase.fill(form);
        await submitWithEnter(form);
        await expect(alerts(form)).toHaveText([forms.captcha.required]);
        await quiet(page);
        await fullPage(page, `${slug(formCase.title)}-error-${viewport.width}`);
      });
    }

    test(`${consultation.path} ${consultation.title} when the captcha cannot load at ${viewport.width}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await blockCaptcha(page);
      const form = await openSettledForm(page, consultation);
      await expect(form.getByText(captchaUnavailable.text)).toBeVisible();
      await quiet(page);
      await fullPage(page, `${slug(consultation.title)}-no-captcha-${viewport.width}`);
    });

    test(`${toolkit.path} ${toolkit.title} failing to send at ${viewport.width}`, async ({ page, webhook, captcha }) => {
      webhook.respondWith(500);
      await page.setViewportSize(viewport);
      const form = await openSettledForm(page, toolkit);
      await toolkit.fill(form);
      await captcha.solve();
      await submitButton(form, toolkit).click();
      await expect(alerts(form)).toHaveText([forms.failure]);
      await quiet(page);
      await fullPage(page, `${slug(toolkit.title)}-failure-${viewport.width}`);
    });

    test(`${toolkit.path} ${toolkit.title} sent at ${viewport.width}`, async ({ page, webhook, captcha }) => {
      await page.setViewportSize(viewport);
      const form = await openSettledForm(page, toolkit);
      await toolkit.fill(form);
      await captcha.solve();
      await submitButton(form, toolkit).click();
      await toolkit.expectSuccess(page);
      expect(webhook.requests).toHaveLength(1);
      await settle(page);
      await fullPage(page, `${slug(toolkit.title)}-success-${viewport.width}`);
    });
  }
});

/** Opens a form's page, brought to rest (see `settle`), and returns the form. */
async function openSettledForm(page: Page, formCase: LeadFormCase): Promise<Locator> {
  const form = await openForm(page, formCase);
  await settle(page);
  return form;
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

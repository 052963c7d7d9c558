import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoConsoleErrors, hydratedIsland, schedulingUrl, shortenFormTimeout, test } from './fixtures.ts';
import {
  alerts,
  consultation,
  expectRequests,
  guideForm,
  openForm,
  submitButton,
  toolkit,
  type LeadFormCase,
} from './lead-forms.ts';
import { forms } from './site-data.ts';

// A lead either reaches the webhook or the visitor is told it did not: no endless wait, no
// redirect taken for success, nothing typed lost, nothing sent twice.

/** SPEC section 8: non-success response or network failure. */
/** The failure message, then the way to email the lead instead (content/data/forms.json, site.json's contact email). */
const failureMessage =
  /^Failed to submit form\. Please try again later\.\s*You can email us instead: hello@checkpointqa\.com$/;

/** The values of the form's named fields, as the visitor sees them. */
const fieldValues = (form: Locator) =>
  form.evaluate((element: HTMLFormElement) =>
    Object.fromEntries(
      [...element.querySelectorAll<HTMLInputElement>('input[name], textarea[name], select[name]')].map((field) => [
        field.name,
        field.value,
      ]),
    ),
  );

const bodyOf = (request: { body: string } | undefined) => JSON.parse(request!.body) as Record<string, string>;

/**
 * Answers the page a form goes to after success with 204 No Content, so the browser stays on
 * the form as it does while a slow next page loads (and Playwright has no pending navigation
 * to wait for). Returns how many times that page was requested.
 */
async function stallNavigation(page: Page, formCase: LeadFormCase): Promise<() => number> {
  let requested = 0;
  const target =
    formCase === consultation
      ? (url: URL) => url.href === schedulingUrl
      : (url: URL) => url.pathname.startsWith('/guides/content/');
  await page.route(target, async (route) => {
    requested += 1;
    await route.fulfill({ status: 204 });
  });
  return () => requested;
}

for (const formCase of [consultation, guideForm, toolkit]) {
  test.describe(`${formCase.title} delivery`, () => {
    test('a webhook that never answers ends in the failure message after the configured timeout, with the captcha reset', async ({
      page,
      webhook,
      captcha,
    }) => {
      await shortenFormTimeout(page, 2);
      webhook.respondWith('hold');
      const form = await openForm(page, formCase);
      await formCase.fill(form);
      await captcha.solve();
      const clickedAt = Date.now();
      await submitButton(form, formCase).click();
      await expect(form.getByRole('button', { name: forms.submitting })).toBeDisabled();
      await expect(alerts(form)).toHaveText([failureMessage], { timeout: 8_000 });
      expect(Date.now() - clickedAt, 'the failure comes from the 2 s bound, not before').toBeGreaterThanOrEqual(2_000);
      expect(await captcha.resets()).toBe(1);
      for (const field of await form.locator('input, textarea, select').all()) await expect(field).toBeEnabled();
      await expect(submitButton(form, formCase)).toHaveAttribute('aria-disabled', 'true');
      expect(webhook.requests).toHaveLength(1);
    });

    test('a redirect from the webhook is a failure: one POST with the body, the redirect not followed', async ({
      page,
      webhook,
      captcha,
    }) => {
      webhook.respondWith('redirect');
      const form = await openForm(page, formCase);
      await formCase.fill(form);
      await captcha.solve();
      await submitButton(form, formCase).click();
      await expect(alerts(form)).toHaveText([failureMessage]);
      await expectRequests(page, webhook, 1);
      expect(webhook.requests[0]!.method).toBe('POST');
      expect(bodyOf(webhook.requests[0])).toMatchObject(formCase.body);
      expect(await captcha.resets()).toBe(1);
      expect(new URL(page.url()).pathname).toBe(formCase.path);
    });

    test('what the visitor typed survives a failure and a reload (never the token); the retry keeps the submission id, the next lead gets a new one', async ({
      page,
      webhook,
      captcha,
    }) => {
      webhook.respondWith(500);
      const form = await openForm(page, formCase);
      await formCase.fill(form);
      const typed = await fieldValues(form);
      await captcha.solve('secret-token');
      await submitButton(form, formCase).click();
      await expect(alerts(form)).toHaveText([failureMessage]);
      expect(await page.evaluate(() => JSON.stringify(Object.entries(sessionStorage)))).not.toContain('secret-token');

      await page.reload();
      const restored = (await hydratedIsland(page, formCase.island)).locator('form');
      await expect.poll(() => fieldValues(restored)).toEqual(typed);

      webhook.respondWith(200);
      await captcha.solve('second-token');
      await submitButton(restored, formCase).click();
      await formCase.expectSuccess(page);
      expect(webhook.requests).toHaveLength(2);
      const [failed, retried] = [bodyOf(webhook.requests[0]), bodyOf(webhook.requests[1])];
      expect(retried).toStrictEqual({
        ...formCase.body,
        recaptchaToken: 'second-token',
        submissionId: failed.submissionId,
      });

      // Delivered: the draft is gone, and a new lead is a new submission.
      const again = await openForm(page, formCase);
      expect(Object.values(await fieldValues(again)).every((value) => value === '')).toBe(true);
      expect(
        await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.includes('lead-draft'))),
      ).toEqual([]);
      await formCase.fill(again);
      await captcha.solve();
      await submitButton(again, formCase).click();
      await formCase.expectSuccess(page);
      expect(webhook.requests).toHaveLength(3);
      expect(bodyOf(webhook.requests[2]).submissionId).not.toBe(failed.submissionId);
    });
  });
}

for (const formCase of [consultation, guideForm]) {
  test(`the ${formCase.title} stays locked after success: a double click, a click and a scripted submit during the navigation send one request`, async ({
    page,
    webhook,
    captcha,
    consoleErrors,
  }) => {
    const navigations = await stallNavigation(page, formCase);
    const form = await openForm(page, formCase);
    await formCase.fill(form);
    await captcha.solve();
    await submitButton(form, formCase).dblclick();
    // Delivered, and the next page is loading.
    await expect.poll(navigations).toBe(1);
    const busy = form.getByRole('button', { name: forms.submitting });
    await expect(busy).toBeDisabled();
    for (const field of await form.locator('input, textarea, select').all()) await expect(field).toBeDisabled();
    await busy.click({ force: true });
    await form.evaluate((element: HTMLFormElement) => element.requestSubmit());
    await expectRequests(page, webhook, 1);
    expect(navigations()).toBe(1);
    expectNoConsoleErrors(consoleErrors);
  });
}

test('a page restored from the back-forward cache after a delivered lead shows an empty, usable form', async ({
  page,
  webhook,
  captcha,
}) => {
  const navigations = await stallNavigation(page, consultation);
  const form = await openForm(page, consultation);
  await consultation.fill(form);
  await captcha.solve();
  await submitButton(form, consultation).click();
  await expect.poll(navigations).toBe(1);
  await expect(form.getByRole('button', { name: forms.submitting })).toBeDisabled();
  // As the browser reports a page shown again from the back-forward cache.
  await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));
  await expect(submitButton(form, consultation)).toBeVisible();
  for (const field of await form.locator('input, textarea, select').all()) await expect(field).toBeEnabled();
  expect(Object.values(await fieldValues(form)).every((value) => value === '')).toBe(true);
  expect(await captcha.resets()).toBe(1);
  expect(webhook.requests).toHaveLength(1);
});

test.describe('drafts in a hostile sessionStorage', () => {
  test("junk stored under the form's key is ignored field by field, and the form still delivers", async ({
    page,
    webhook,
    captcha,
    consoleErrors,
  }) => {
    await page.addInitScript(() => {
      sessionStorage.setItem(
        'sitegen:lead-draft:consultation:/getting-started',
        JSON.stringify({
          values: { name: 42, email: 'restored@example.com', interest: 'Not an option', company: ['x'] },
          attempt: { id: '<script>', fingerprint: 7 },
        }),
      );
      sessionStorage.setItem('sitegen:lead-draft:guide:/guides/playwright', '{not json');
    });
    const form = await openForm(page, consultation);
    await expect(form.getByLabel('Email')).toHaveValue('restored@example.com');
    await expect(form.getByLabel('Full name')).toHaveValue('');
    await expect(form.getByLabel('Primary interest')).toHaveValue('');
    await consultation.fill(form);
    await captcha.solve();
    await submitButton(form, consultation).click();
    await consultation.expectSuccess(page);
    expect(bodyOf(webhook.requests[0]).submissionId).toMatch(/^[0-9a-f]{32}$/);
    expectNoConsoleErrors(consoleErrors);
  });

  test('a browser that refuses sessionStorage still delivers the lead', async ({
    page,
    webhook,
    captcha,
    consoleErrors,
  }) => {
    await page.addInitScript(() => {
      Object.defineProperty(window, 'sessionStorage', {
        get() {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      });
    });
    const form = await openForm(page, guideForm);
    await guideForm.fill(form);
    await captcha.solve();
    await submitButton(form, guideForm).click();
    await guideForm.expectSuccess(page);
    expect(bodyOf(webhook.requests[0])).toMatchObject(guideForm.body);
    expectNoConsoleErrors(consoleErrors);
  });
});

test('each lead form island gets the webhook timeout set in site.json', async ({ page }) => {
  const { formTimeoutSeconds } = JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, '../../content/data/site.json'), 'utf8'),
  ) as { formTimeoutSeconds: number };
  for (const formCase of [consultation, guideForm, toolkit]) {
    await page.goto(formCase.path);
    const props = JSON.parse(
      (await page.locator(`[data-island="${formCase.island}"] + script[data-island-props]`).textContent())!,
    ) as { config: { timeoutSeconds: number } };
    expect(props.config.timeoutSeconds).toBe(formTimeoutSeconds);
  }
});

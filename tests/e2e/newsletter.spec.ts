import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectNoConsoleErrors, shortenFormTimeout, test, type Webhook } from './fixtures.ts';
import { contactEmail } from './lead-forms.ts';

// The footer's email field is a lead: it posts { email, source: "newsletter", page } to the form
// webhook with the forms' guarantees, from plain DOM code (pages without islands load no React).

const text = (
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../content/data/navigation.json'), 'utf8')) as {
    footer: {
      newsletter: { label: string; placeholder: string; buttonLabel: string; thanks: string; failure: string };
    };
  }
).footer.newsletter;

/** A page without islands, and one with. */
const pages = ['/terms/', '/blog/'];
const email = 'ada@example.com';

function newsletterOf(page: Page) {
  const form = page.getByRole('form', { name: text.label });
  return {
    form,
    field: form.getByRole('textbox', { name: text.label }),
    button: form.getByRole('button', { name: text.buttonLabel }),
    thanks: form.getByRole('status'),
    failure: form.getByRole('alert'),
  };
}

async function openNewsletter(page: Page, at = '/terms/') {
  await page.goto(at);
  const newsletter = newsletterOf(page);
  await newsletter.field.fill(email);
  return newsletter;
}

/** Expects `count` webhook requests once any in flight has landed. */
async function expectRequests(page: Page, webhook: Webhook, count: number): Promise<void> {
  await page.waitForTimeout(300);
  expect(webhook.requests).toHaveLength(count);
}

for (const at of pages) {
  test(`on ${at} a submit posts { email, source, page } as text, thanks the visitor and locks the form`, async ({
    page,
    webhook,
    consoleErrors,
  }) => {
    const { form, field, button, thanks, failure } = await openNewsletter(page, at);
    await button.click();
    await expect(thanks).toHaveText(text.thanks);
    await expect(failure).toBeHidden();
    expect(webhook.requests).toHaveLength(1);
    const [request] = webhook.requests;
    expect(request!.method).toBe('POST');
    expect(request!.headers['content-type']).toBe('text/plain;charset=UTF-8');
    expect(JSON.parse(request!.body)).toStrictEqual({ email, source: 'newsletter', page: at });
    expect(Object.keys(JSON.parse(request!.body))).toEqual(['email', 'source', 'page']);
    await expect(field).toBeDisabled();
    await expect(button).toBeDisabled();
    await form.evaluate((element: HTMLFormElement) => element.requestSubmit());
    await expectRequests(page, webhook, 1);
    expectNoConsoleErrors(consoleErrors);
  });
}

test('a page without islands loads no React, before or after a newsletter submit', async ({ page, webhook }) => {
  const scripts: { url: string; bytes: number }[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script')
      scripts.push({ url: response.url(), bytes: (await response.body()).byteLength });
  });
  const { button, thanks } = await openNewsletter(page, '/terms/');
  await button.click();
  await expect(thanks).toHaveText(text.thanks);
  expect(webhook.requests).toHaveLength(1);
  expect(scripts.map((script) => script.url).filter((url) => /hydrate-|\/islands\//.test(url))).toEqual([]);
  const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
  // The site script, the newsletter module and what they share: a few KB (React alone is 200).
  expect(total, scripts.map((script) => `${script.url} ${script.bytes}`).join('\n')).toBeLessThan(5_200);
});

test('a failed submit shows the failure in place and lets the visitor try again: one request per submit', async ({
  page,
  webhook,
}) => {
  webhook.respondWith(500);
  const { field, button, thanks, failure } = await openNewsletter(page);
  await button.click();
  await expect(failure).toHaveText(text.failure);
  await expect(failure).toBeVisible();
  await expect(thanks).toHaveText('');
  await expect(field).toBeEnabled();
  await expect(field).toHaveValue(email);
  expect(webhook.requests).toHaveLength(1);

  webhook.respondWith(200);
  await button.click();
  await expect(thanks).toHaveText(text.thanks);
  await expect(failure).toBeHidden();
  expect(webhook.requests).toHaveLength(2);
  expect(webhook.bodies[1]).toStrictEqual(webhook.bodies[0]);
});

test('a webhook that never answers ends in the failure message after the configured timeout', async ({
  page,
  webhook,
}) => {
  await shortenFormTimeout(page, 2);
  webhook.respondWith('hold');
  const { form, field, button, failure } = await openNewsletter(page);
  const clickedAt = Date.now();
  await button.click();
  await expect(form).toHaveAttribute('aria-busy', 'true');
  await expect(field).toBeDisabled();
  await expect(failure).toBeVisible({ timeout: 8_000 });
  expect(Date.now() - clickedAt, 'the failure comes from the 2 s bound, not before').toBeGreaterThanOrEqual(2_000);
  await expect(field).toBeEnabled();
  expect(webhook.requests).toHaveLength(1);
});

test('a redirect from the webhook is a failure: exactly one POST, with the body', async ({ page, webhook }) => {
  webhook.respondWith('redirect');
  const { button, thanks, failure } = await openNewsletter(page);
  await button.click();
  await expect(failure).toBeVisible();
  await expect(thanks).toHaveText('');
  await expectRequests(page, webhook, 1);
  expect(webhook.requests[0]!.method).toBe('POST');
  expect(webhook.bodies).toStrictEqual([{ email, source: 'newsletter', page: '/terms/' }]);
});

test('while sending, further submits send nothing', async ({ page, webhook }) => {
  webhook.respondWith('hold');
  const { form, button, thanks } = await openNewsletter(page);
  await button.click();
  await expect(button).toBeDisabled();
  await expect.poll(() => webhook.requests.length).toBe(1);
  await form.evaluate((element: HTMLFormElement) => element.requestSubmit());
  await button.click({ force: true });
  await expectRequests(page, webhook, 1);
  webhook.release();
  await expect(thanks).toHaveText(text.thanks);
  expect(webhook.requests).toHaveLength(1);
});

test('an address the browser does not accept as an email is not sent', async ({ page, webhook }) => {
  const { field, button, thanks } = await openNewsletter(page);
  await field.fill('not-an-email');
  await button.click();
  expect(await field.evaluate((input: HTMLInputElement) => input.validity.typeMismatch)).toBe(true);
  await field.fill('');
  await button.click();
  expect(await field.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
  await expectRequests(page, webhook, 0);
  await expect(thanks).toHaveText('');
});

test('the honeypot is hidden from people and assistive technology; when a bot fills it nothing is sent, but it is thanked', async ({
  page,
  webhook,
}) => {
  const { form, button, thanks } = await openNewsletter(page);
  const trap = form.locator('input[name="website"]');
  await expect(trap).toHaveAttribute('tabindex', '-1');
  await expect(trap).toHaveAttribute('autocomplete', 'off');
  expect(await trap.evaluate((input: HTMLInputElement) => input.labels?.length)).toBe(1);
  expect(await trap.evaluate((input) => input.closest('[aria-hidden="true"]') !== null)).toBe(true);
  expect(await trap.evaluate((input) => input.getBoundingClientRect().right <= 0)).toBe(true);
  await expect(form.getByRole('textbox')).toHaveCount(1);

  await trap.fill('https://spam.example', { force: true });
  await button.click();
  await expect(thanks).toHaveText(text.thanks);
  await expectRequests(page, webhook, 0);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  // Only the webhook could take the post, and its answer is JSON for a script: the visitor gets
  // the email route instead (with the site's endpoint it posts there: lead-endpoint.spec.ts).
  test('without the lead endpoint the field never lands on the webhook: it offers the contact email, and Enter sends nothing', async ({
    page,
    webhook,
  }) => {
    const { form, field, button } = await openNewsletter(page, '/blog/');
    await expect(form).not.toHaveAttribute('action');
    await expect(button).toBeDisabled();
    await expect(form.getByRole('link', { name: contactEmail })).toHaveAttribute(
      'href',
      /^mailto:hello@checkpointqa\.com\?subject=/,
    );
    // Nor into the page's own address (a form without an action sends its fields there).
    const before = page.url();
    await field.press('Enter');
    await button.click({ force: true });
    await page.waitForTimeout(300);
    expect(page.url()).toBe(before);
    expect(webhook.requests).toHaveLength(0);
  });
});

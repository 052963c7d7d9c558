import type { Locator, Page } from '@playwright/test';
import { expect, hydratedIsland, schedulingUrl, test, type Webhook } from './fixtures.ts';
import { forms, guides } from './site-data.ts';

/** One of the site's lead forms: where it is, how to fill it, what it must send and do. */
interface LeadFormCase {
  title: string;
  path: string;
  island: string;
  submit: string;
  /** Fills every field with the values `body` expects. */
  fill(form: Locator): Promise<void>;
  body: Record<string, string>;
  expectSuccess(page: Page): Promise<void>;
}

const person = { name: 'Ada Lovelace', email: 'ada@example.com', company: 'Analytical Engines' };

const consultation: LeadFormCase = {
  title: 'consultation form',
  path: '/getting-started',
  island: 'ConsultationForm',
  submit: forms.consultation.submit,
  async fill(form) {
    await form.getByLabel('Full name').fill(person.name);
    await form.getByLabel('Email').fill(person.email);
    await form.getByLabel('Company (optional)').fill(person.company);
    await form.getByLabel('Message').fill('We ship weekly and need regression coverage.');
    await form.getByLabel('Primary interest').selectOption('Embedded Manual QA');
  },
  body: { ...person, message: 'We ship weekly and need regression coverage.', interest: 'Embedded Manual QA' },
  expectSuccess: (page) => expect(page).toHaveURL(schedulingUrl),
};

const guideForms: LeadFormCase[] = guides.map((guide) => ({
  title: `${guide.topic} guide form`,
  path: `/guides/${guide.topic}`,
  island: 'GuideForm',
  submit: forms.guide.submit,
  async fill(form) {
    await form.getByLabel('Name').fill(person.name);
    await form.getByLabel('Business email').fill(person.email);
    await form.getByLabel('Company (optional)').fill(person.company);
  },
  body: { ...person, guide_name: guide.guideName },
  expectSuccess: async (page) => {
    await expect(page).toHaveURL(new RegExp(`/guides/content/${guide.topic}$`));
    await expect(page.getByRole('link', { name: 'Back to Guide Overview' })).toHaveAttribute('href', `/guides/${guide.topic}`);
  },
}));

const toolkit: LeadFormCase = {
  title: 'POM form',
  path: '/pom-files',
  island: 'ToolkitForm',
  submit: forms.toolkit.submit,
  async fill(form) {
    await form.getByLabel('Name').fill(person.name);
    await form.getByLabel('Email').fill(person.email);
    await form.getByLabel('Organization').fill('QA Guild');
  },
  body: { name: person.name, email: person.email, company: 'QA Guild', guide_name: 'POM Files' },
  expectSuccess: async (page) => {
    await expect(page.getByRole('region', { name: 'README.md' })).toContainText('http://localhost:5174');
    await expect(page.getByRole('region', { name: '.cursor/rules/pom.mdc' })).toContainText('Page Object Model rules');
    await expect(page.getByRole('heading', { name: 'Your POM Files' })).toBeFocused();
    expect(new URL(page.url()).pathname).toBe('/pom-files');
  },
};

/** Opens the page, hydrates the form's island and returns the form. */
async function openForm(page: Page, formCase: LeadFormCase): Promise<Locator> {
  await page.goto(formCase.path);
  const island = await hydratedIsland(page, formCase.island);
  return island.locator('form');
}

const submitButton = (form: Locator, formCase: LeadFormCase) => form.getByRole('button', { name: formCase.submit });
const alerts = (form: Locator) => form.getByRole('alert');

/**
 * Submits the way a visitor can while the button is marked aria-disabled (no captcha token
 * yet): Enter in the first field. Playwright's click() would wait for the button to be enabled.
 */
const submitWithEnter = (form: Locator) => form.getByRole('textbox').first().press('Enter');

/** Expects the webhook to have been called `count` times, after any in-flight request landed. */
async function expectRequests(page: Page, webhook: Webhook, count: number): Promise<void> {
  await page.waitForTimeout(300);
  expect(webhook.requests).toHaveLength(count);
}

test.describe('form fields', () => {
  test('the consultation form (under #contact-form) has its labelled fields and the three interests', async ({ page }) => {
    await page.goto(consultation.path);
    await hydratedIsland(page, consultation.island);
    const form = page.locator('#contact-form form');
    await expect(form.getByLabel('Full name')).toHaveAttribute('required', '');
    await expect(form.getByLabel('Full name')).toHaveAttribute('type', 'text');
    await expect(form.getByLabel('Email')).toHaveAttribute('type', 'email');
    await expect(form.getByLabel('Email')).toHaveAttribute('required', '');
    await expect(form.getByLabel('Company (optional)')).not.toHaveAttribute('required');
    await expect(form.getByLabel('Message')).toHaveAttribute('required', '');
    const interest = form.getByLabel('Primary interest');
    await expect(interest).toHaveAttribute('required', '');
    await expect(interest.locator('option:not([disabled])')).toHaveText(['Embedded Automation QA', 'Embedded Manual QA', 'Unsure / Other']);
    await expect(interest).toHaveValue('');
    await expect(form.getByRole('textbox')).toHaveCount(4);
    await expect(submitButton(form, consultation)).toBeVisible();
  });

  for (const guideForm of guideForms) {
    test(`the ${guideForm.title} has Name, Business email and an optional Company`, async ({ page }) => {
      const form = await openForm(page, guideForm);
      await expect(form.getByLabel('Name')).toHaveAttribute('required', '');
      await expect(form.getByLabel('Business email')).toHaveAttribute('type', 'email');
      await expect(form.getByLabel('Business email')).toHaveAttribute('required', '');
      await expect(form.getByLabel('Company (optional)')).not.toHaveAttribute('required');
      await expect(form.getByRole('textbox')).toHaveCount(3);
    });
  }

  test('the POM form requires Name, Email and Organization', async ({ page }) => {
    const form = await openForm(page, toolkit);
    for (const label of ['Name', 'Email', 'Organization']) await expect(form.getByLabel(label)).toHaveAttribute('required', '');
    await expect(form.getByLabel('Email')).toHaveAttribute('type', 'email');
    await expect(form.getByRole('textbox')).toHaveCount(3);
  });
});

test.describe('submitting', () => {
  for (const formCase of [consultation, ...guideForms, toolkit]) {
    test(`the ${formCase.title} posts exactly its SPEC body as text and then succeeds`, async ({ page, webhook, captcha }) => {
      const form = await openForm(page, formCase);
      await formCase.fill(form);
      await captcha.solve();
      await submitButton(form, formCase).click();
      await formCase.expectSuccess(page);
      expect(webhook.requests).toHaveLength(1);
      const [request] = webhook.requests;
      expect(request!.method).toBe('POST');
      expect(JSON.parse(request!.body)).toStrictEqual(formCase.body);
      expect(Object.keys(JSON.parse(request!.body))).toEqual(Object.keys(formCase.body));
      // No headers are set, so the browser sends its default type for a string body.
      expect(request!.headers['content-type']).toBe('text/plain;charset=UTF-8');
    });
  }

  test('an empty optional company is sent as an empty string', async ({ page, webhook, captcha }) => {
    const formCase = guideForms[0]!;
    const form = await openForm(page, formCase);
    await form.getByLabel('Name').fill(person.name);
    await form.getByLabel('Business email').fill(person.email);
    await captcha.solve();
    await submitButton(form, formCase).click();
    await formCase.expectSuccess(page);
    expect(webhook.bodies).toStrictEqual([{ name: person.name, email: person.email, company: '', guide_name: guides[0]!.guideName }]);
  });
});

for (const formCase of [consultation, guideForms[0]!, toolkit]) {
  test.describe(`${formCase.title} states`, () => {
    test('submitting without a captcha token shows the captcha message and sends nothing', async ({ page, webhook }) => {
      const form = await openForm(page, formCase);
      await formCase.fill(form);
      await expect(submitButton(form, formCase)).toHaveAttribute('aria-disabled', 'true');
      // The button is marked disabled but still operable, so a click explains what is missing.
      await submitButton(form, formCase).click({ force: true });
      await expect(alerts(form)).toHaveText(['Please complete the reCAPTCHA verification.']);
      await expectRequests(page, webhook, 0);
    });

    test('a captcha error shows its message and clears the token', async ({ page, webhook, captcha }) => {
      const form = await openForm(page, formCase);
      await formCase.fill(form);
      await captcha.solve();
      await captcha.error();
      await expect(alerts(form)).toHaveText(['reCAPTCHA error. Please refresh and try again.']);
      await submitWithEnter(form);
      await expect(alerts(form)).toHaveText(['Please complete the reCAPTCHA verification.']);
      await expectRequests(page, webhook, 0);
    });

    test('an expired captcha shows its message and clears the token', async ({ page, webhook, captcha }) => {
      const form = await openForm(page, formCase);
      await formCase.fill(form);
      await captcha.solve();
      await captcha.expire();
      await expect(alerts(form)).toHaveText(['reCAPTCHA expired. Please complete it again.']);
      await submitWithEnter(form);
      await expect(alerts(form)).toHaveText(['Please complete the reCAPTCHA verification.']);
      await expectRequests(page, webhook, 0);
    });

    test('solving the captcha clears the message shown', async ({ page, captcha }) => {
      const form = await openForm(page, formCase);
      await formCase.fill(form);
      await submitWithEnter(form);
      await expect(alerts(form)).toHaveText([forms.captcha.required]);
      await captcha.solve();
      await expect(alerts(form)).toHaveCount(0);
      await captcha.error();
      await expect(alerts(form)).toHaveText([forms.captcha.error]);
      await captcha.solve();
      await expect(alerts(form)).toHaveCount(0);
    });

    test('while the request is pending the button reads Submitting, inputs are disabled and a second submit sends nothing', async ({ page, webhook, captcha }) => {
      webhook.respondWith('hold');
      const form = await openForm(page, formCase);
      await formCase.fill(form);
      await captcha.solve();
      const button = submitButton(form, formCase);
      await button.click();
      const busy = form.getByRole('button', { name: 'Submitting' });
      await expect(busy).toBeVisible();
      await expect(busy).toBeDisabled();
      for (const field of await form.locator('input, textarea, select').all()) await expect(field).toBeDisabled();
      await expect.poll(() => webhook.requests.length).toBe(1);

      // Try again: a click and Enter (both stopped by the disabled fieldset), then a scripted
      // submit, which gets past the disabled button to the form's own in-flight guard.
      await busy.click({ force: true });
      await page.keyboard.press('Enter');
      await form.evaluate((element: HTMLFormElement) => element.requestSubmit());
      await expectRequests(page, webhook, 1);

      webhook.release();
      await formCase.expectSuccess(page);
      expect(webhook.requests).toHaveLength(1);
    });

    for (const failure of [500, 'network-error'] as const) {
      test(`a ${failure === 500 ? '500 answer' : 'network error'} shows the failure message, resets the captcha and clears the token`, async ({ page, webhook, captcha }) => {
        webhook.respondWith(failure);
        const form = await openForm(page, formCase);
        await formCase.fill(form);
        await captcha.solve();
        expect(await captcha.resets()).toBe(0);
        await submitButton(form, formCase).click();
        await expect(alerts(form)).toHaveText(['Failed to submit form. Please try again later.']);
        expect(await captcha.resets()).toBe(1);
        // Back to idle: fields usable again, the button reads its label but is marked disabled
        // because the token went with the failure.
        for (const field of await form.locator('input, textarea, select').all()) await expect(field).toBeEnabled();
        await expect(submitButton(form, formCase)).toHaveAttribute('aria-disabled', 'true');
        expect(webhook.requests).toHaveLength(1);

        // Submitting again asks for the captcha first.
        await submitWithEnter(form);
        await expect(alerts(form).filter({ hasText: forms.captcha.required })).toBeVisible();
        await expectRequests(page, webhook, 1);
        expect(new URL(page.url()).pathname).toBe(formCase.path);
      });
    }
  });
}

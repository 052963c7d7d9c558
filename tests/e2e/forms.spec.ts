import { expect, hydratedIsland, test } from './fixtures.ts';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import {
  alerts,
  blockCaptcha,
  captchaUnavailable,
  consultation,
  contactEmail,
  expectRequests,
  guideForm,
  openForm,
  person,
  submitButton,
  submitWithEnter,
  toolkit,
  type LeadFormCase,
} from './lead-forms.ts';
import { forms, guides } from './site-data.ts';

test.describe('form fields', () => {
  test('the consultation form (under #contact-form) has its labelled fields and the three interests', async ({
    page,
  }) => {
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
    await expect(interest.locator('option:not([disabled])')).toHaveText([
      'Embedded Automation QA',
      'Embedded Manual QA',
      'Unsure / Other',
    ]);
    await expect(interest).toHaveValue('');
    await expect(form.getByRole('textbox')).toHaveCount(4);
    await expect(submitButton(form, consultation)).toBeVisible();
  });

  test(`the ${guideForm.title} has Name, Business email and an optional Company`, async ({ page }) => {
    const form = await openForm(page, guideForm);
    await expect(form.getByLabel('Name')).toHaveAttribute('required', '');
    await expect(form.getByLabel('Business email')).toHaveAttribute('type', 'email');
    await expect(form.getByLabel('Business email')).toHaveAttribute('required', '');
    await expect(form.getByLabel('Company (optional)')).not.toHaveAttribute('required');
    await expect(form.getByRole('textbox')).toHaveCount(3);
  });

  test('the POM form requires Name, Email and Organization', async ({ page }) => {
    const form = await openForm(page, toolkit);
    for (const label of ['Name', 'Email', 'Organization'])
      await expect(form.getByLabel(label)).toHaveAttribute('required', '');
    await expect(form.getByLabel('Email')).toHaveAttribute('type', 'email');
    await expect(form.getByRole('textbox')).toHaveCount(3);
  });
});

test.describe('reassurance and inline checks', () => {
  for (const [formCase, note] of [
    [consultation, forms.consultation.note],
    [guideForm, forms.guide.note],
    [toolkit, forms.toolkit.note],
  ] as const) {
    test(`the ${formCase.title} says under its button when we reply and that there is no spam, with the privacy policy`, async ({
      page,
    }) => {
      const form = await openForm(page, formCase);
      const line = form.locator('.form-note');
      await expect(line).toContainText(note);
      await expect(line.getByRole('link', { name: forms.privacyLink })).toHaveAttribute('href', '/privacy/');
      // Under the button, not beside or above it.
      const [button, text] = await Promise.all([submitButton(form, formCase).boundingBox(), line.boundingBox()]);
      expect(text!.y).toBeGreaterThanOrEqual(button!.y + button!.height);
    });
  }

  test('a field left wrong says so under itself and is marked invalid; fixing it clears both; sending an incomplete form marks every field and sends nothing', async ({
    page,
    webhook,
    captcha,
  }) => {
    const form = await openForm(page, consultation);
    const email = form.getByLabel('Email');
    const userInvalid = (field: Locator) => field.evaluate((element) => element.matches(':user-invalid'));
    // Tabbing through a field without typing is no mistake.
    await form.getByLabel('Full name').focus();
    await page.keyboard.press('Tab');
    await expect(form.locator('.field-problem')).toHaveCount(0);

    await email.fill('jane@');
    await expect(form.locator('.field-problem')).toHaveCount(0);
    await email.blur();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription(forms.fieldProblems.email);
    expect(await userInvalid(email)).toBe(true);
    await email.fill('jane@company.com');
    await expect(email).not.toHaveAttribute('aria-invalid');
    await expect(form.locator('.field-problem')).toHaveCount(0);
    expect(await userInvalid(email)).toBe(false);

    await captcha.solve();
    await submitButton(form, consultation).click();
    await expect(form.getByLabel('Full name')).toBeFocused();
    for (const [label, problem] of [
      ['Full name', forms.fieldProblems.required],
      ['Message', forms.fieldProblems.required],
      ['Primary interest', forms.fieldProblems.choose],
    ] as const) {
      await expect(form.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
      await expect(form.getByLabel(label)).toHaveAccessibleDescription(problem);
    }
    await expect(form.getByLabel('Company (optional)')).not.toHaveAttribute('aria-invalid');
    await expect(alerts(form)).toHaveCount(0);
    await expectRequests(page, webhook, 0);

    await consultation.fill(form);
    await expect(form.locator('.field-problem')).toHaveCount(0);
    await submitButton(form, consultation).click();
    await consultation.expectSuccess(page);
    expect(webhook.requests).toHaveLength(1);
  });
});

test.describe('submitting', () => {
  for (const formCase of [consultation, guideForm, toolkit]) {
    test(`the ${formCase.title} posts exactly its SPEC body, the captcha token and a submission id as text and then succeeds`, async ({
      page,
      webhook,
      captcha,
    }) => {
      const form = await openForm(page, formCase);
      await formCase.fill(form);
      await captcha.solve('solved-token-1');
      await submitButton(form, formCase).click();
      await formCase.expectSuccess(page);
      expect(webhook.requests).toHaveLength(1);
      const [request] = webhook.requests;
      expect(request!.method).toBe('POST');
      expect(JSON.parse(request!.body)).toStrictEqual({
        ...formCase.body,
        recaptchaToken: 'solved-token-1',
        submissionId: expect.stringMatching(/^[0-9a-f]{32}$/),
      });
      expect(Object.keys(JSON.parse(request!.body))).toEqual([
        ...Object.keys(formCase.body),
        'recaptchaToken',
        'submissionId',
      ]);
      // No headers are set, so the browser sends its default type for a string body.
      expect(request!.headers['content-type']).toBe('text/plain;charset=UTF-8');
    });
  }

  test('an empty optional company is sent as an empty string', async ({ page, webhook, captcha }) => {
    const formCase = guideForm;
    const form = await openForm(page, formCase);
    await form.getByLabel('Name').fill(person.name);
    await form.getByLabel('Business email').fill(person.email);
    await captcha.solve();
    await submitButton(form, formCase).click();
    await formCase.expectSuccess(page);
    expect(webhook.bodies).toStrictEqual([
      {
        name: person.name,
        email: person.email,
        company: '',
        guide_name: guides[0]!.guideName,
        recaptchaToken: 'test-token',
        submissionId: expect.any(String),
      },
    ]);
  });
});

for (const formCase of [consultation, guideForm, toolkit]) {
  test.describe(`${formCase.title} states`, () => {
    test('submitting without a captcha token shows the captcha message and sends nothing', async ({
      page,
      webhook,
    }) => {
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

    test('while the request is pending the button reads Submitting, inputs are disabled and a second submit sends nothing', async ({
      page,
      webhook,
      captcha,
    }) => {
      webhook.respondWith('hold');
      const form = await openForm(page, formCase);
      await formCase.fill(form);
      await captcha.solve();
      const button = submitButton(form, formCase);
      await button.click();
      const busy = form.getByRole('button', { name: 'Submitting' });
      await expect(busy).toBeVisible();
      await expect(busy).toBeDisabled();
      // A spinner beside the SPEC's label, turning unless the visitor asked for less motion.
      const spinner = busy.locator('.button-spinner');
      await expect(spinner).toBeVisible();
      expect(await spinner.evaluate((element) => getComputedStyle(element).animationName)).toBe('button-spin');
      await page.emulateMedia({ reducedMotion: 'reduce' });
      expect(await spinner.evaluate((element) => getComputedStyle(element).animationName)).toBe('none');
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
      test(`a ${failure === 500 ? '500 answer' : 'network error'} shows the failure message, resets the captcha and clears the token`, async ({
        page,
        webhook,
        captcha,
      }) => {
        webhook.respondWith(failure);
        const form = await openForm(page, formCase);
        await formCase.fill(form);
        await captcha.solve();
        expect(await captcha.resets()).toBe(0);
        await submitButton(form, formCase).click();
        await expect(alerts(form)).toHaveText([
          /^Failed to submit form\. Please try again later\.\s*You can email us instead: hello@checkpointqa\.com$/,
        ]);
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

/** The notice a form shows in place of the captcha when Google's script cannot load. */
const unavailableNotice = (form: Locator) => form.locator('.captcha-unavailable');

/** The background colour of a primary button, as the site styles one outside any form. */
async function primaryButtonBackground(page: Page): Promise<string> {
  return page.evaluate(() => {
    const probe = document.createElement('a');
    probe.className = 'button button-primary';
    document.querySelector('main')!.append(probe);
    const colour = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return colour;
  });
}

test.describe('when reCAPTCHA cannot load', () => {
  for (const formCase of [consultation, guideForm, toolkit]) {
    test(`the ${formCase.title} says so once in place of the widget, offers the contact email, and sends nothing`, async ({
      page,
      webhook,
    }) => {
      await blockCaptcha(page);
      const form = await openForm(page, formCase);
      const notice = unavailableNotice(form);
      await expect(notice).toBeVisible();
      // One plain notice, announced politely; none of the SPEC's captcha messages, no alert.
      await expect(form.getByRole('status')).toHaveCount(1);
      await expect(notice.locator('p').first()).toHaveText(captchaUnavailable.text);
      await expect(alerts(form)).toHaveCount(0);
      await expect(page.getByText(forms.captcha.error)).toHaveCount(0);

      const link = notice.getByRole('link', { name: contactEmail });
      const href = await link.getAttribute('href');
      expect(href).toBe(`mailto:${contactEmail}?subject=${encodeURIComponent(formCase.mailSubject)}`);
      expect(href).not.toMatch(/\s/);
      expect(new URL(href!).searchParams.get('subject')).toBe(formCase.mailSubject);

      // No box is held for the widget that never came: the notice follows the last field.
      await expect(form.locator('.captcha')).toHaveCount(0);
      const lastField = (await form.locator('.form-field').last().boundingBox())!;
      const noticeBox = (await notice.boundingBox())!;
      expect(noticeBox.y - (lastField.y + lastField.height)).toBeLessThan(40);

      // The button keeps the primary look and says why it cannot send.
      const button = submitButton(form, formCase);
      await expect(button).toBeVisible();
      await expect(button).toHaveCSS('background-color', await primaryButtonBackground(page));
      await expect(button).toHaveCSS('color', 'rgb(255, 255, 255)');
      await expect(button).toHaveAccessibleDescription(captchaUnavailable.text);

      await formCase.fill(form);
      await submitWithEnter(form);
      await expect(notice.locator('p').first()).toBeFocused();
      await expect(notice).toHaveCount(1);
      await expect(alerts(form)).toHaveCount(0);
      await button.click({ force: true });
      await expect(alerts(form)).toHaveCount(0);
      await expectRequests(page, webhook, 0);
    });
  }

  test('the notice and the form around it have no serious or critical axe violations', async ({ page }) => {
    await blockCaptcha(page);
    const form = await openForm(page, guideForm);
    await expect(unavailableNotice(form)).toBeVisible();
    const results = await new AxeBuilder({ page })
      .include('.form-card')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
      .analyze();
    const blocking = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => violation.id);
    expect(blocking).toEqual([]);
  });

  test('a message shown while the script was loading gives way to the notice when the script fails', async ({
    page,
    webhook,
  }) => {
    let fail: (() => Promise<void>) | undefined;
    await page.route('https://www.google.com/recaptcha/**', (route) => {
      fail = () => route.abort('blockedbyclient');
    });
    const form = await openForm(page, toolkit);
    await toolkit.fill(form);
    await submitWithEnter(form);
    await expect(alerts(form)).toHaveText([forms.captcha.required]);
    await expect(form.locator('.captcha')).toHaveCount(1);
    await expect.poll(() => fail !== undefined).toBe(true);
    await fail!();
    await expect(unavailableNotice(form)).toBeVisible();
    await expect(alerts(form)).toHaveCount(0);
    await expectRequests(page, webhook, 0);
  });

  test('trying again loads the check; once it loads the form works as usual', async ({ page, webhook, captcha }) => {
    let blocked = true;
    await page.route('https://www.google.com/recaptcha/**', (route) =>
      blocked ? route.abort('blockedbyclient') : route.fallback(),
    );
    const formCase = guideForm;
    const form = await openForm(page, formCase);
    const retry = unavailableNotice(form).getByRole('button', { name: captchaUnavailable.retry });
    await retry.click();
    // Still blocked: the same single notice stays.
    await expect(unavailableNotice(form)).toHaveCount(1);
    await expect(retry).not.toHaveAttribute('aria-disabled');

    blocked = false;
    await retry.click();
    await expect(form.locator('[data-fake-captcha]')).toBeVisible();
    await expect(unavailableNotice(form)).toHaveCount(0);
    await expect(form.getByRole('group', { name: 'Verification' })).toBeFocused();
    await formCase.fill(form);
    await captcha.solve('after-retry');
    await submitButton(form, formCase).click();
    await formCase.expectSuccess(page);
    expect(webhook.bodies).toStrictEqual([
      { ...formCase.body, recaptchaToken: 'after-retry', submissionId: expect.stringMatching(/^[0-9a-f]{32}$/) },
    ]);
  });

  test('a script that never reports ready counts as unavailable after ten seconds', async ({ page }) => {
    // The page's clock stands still, so a slow machine cannot spend the ten seconds by itself.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.route('https://www.google.com/recaptcha/**', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: '/* loads, never calls back */' }),
    );
    const form = await openForm(page, consultation);
    await expect(form.locator('.captcha')).toHaveCount(1);
    await page.clock.runFor(9_000);
    await expect(unavailableNotice(form)).toHaveCount(0);
    await page.clock.runFor(1_500);
    await expect(unavailableNotice(form)).toBeVisible();
    await expect(form.locator('.captcha')).toHaveCount(0);
    await expect(alerts(form)).toHaveCount(0);
  });

  test('without a contact email the notice says to try later, with no link', async ({ page }) => {
    await blockCaptcha(page);
    await page.route(
      (url) => url.pathname === consultation.path,
      async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace(`,"contactEmail":"${contactEmail}"`, '');
        expect(html).not.toContain('"contactEmail"');
        await route.fulfill({ response, body: html });
      },
    );
    const form = await openForm(page, consultation);
    const notice = unavailableNotice(form);
    await expect(notice).toContainText(captchaUnavailable.noEmail);
    await expect(notice).not.toContainText(captchaUnavailable.emailLead);
    await expect(notice.getByRole('link')).toHaveCount(0);
  });
});

test.describe('when reCAPTCHA loads', () => {
  for (const formCase of [consultation, guideForm, toolkit] as LeadFormCase[]) {
    test(`the ${formCase.title} shows the widget, no notice and no message before the visitor acts, and names its fields as a group`, async ({
      page,
    }) => {
      const form = await openForm(page, formCase);
      await expect(form.locator('.captcha [data-fake-captcha]')).toBeVisible();
      await expect(unavailableNotice(form)).toHaveCount(0);
      await expect(alerts(form)).toHaveCount(0);
      await expect(form.getByRole('group', { name: formCase.legend })).toBeVisible();
      const button = submitButton(form, formCase);
      await expect(button).toHaveAttribute('aria-disabled', 'true');
      await expect(button).toHaveCSS('background-color', await primaryButtonBackground(page));
      await expect(button).not.toHaveAttribute('aria-describedby');
    });
  }
});

// The site's lead forms as the browser tests drive them. Pages are addressed with a trailing
// slash (the site's trailing-slash policy).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, hydratedIsland, schedulingUrl, type Webhook } from './fixtures.ts';
import { forms, guides } from './site-data.ts';

const dataset = <T>(name: string): T =>
  JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, '..', '..', 'content', 'data', `${name}.json`), 'utf8'),
  ) as T;
type FormTexts = { legend: string; mailSubject: string };
const formTexts = dataset<{
  captcha: { unavailable: { text: string; emailLead: string; noEmail: string; retry: string } };
  consultation: FormTexts;
  guide: FormTexts;
  toolkit: FormTexts;
}>('forms');

/** `contact.email` in site.json: what a form offers when its captcha cannot load. */
export const contactEmail = dataset<{ contact: { email: string } }>('site').contact.email;
/** The notice shown in place of the captcha when Google's script cannot load. */
export const captchaUnavailable = formTexts.captcha.unavailable;

/** One of the site's lead forms: where it is, how to fill it, what it must send and do. */
export interface LeadFormCase {
  title: string;
  path: string;
  island: string;
  submit: string;
  /** The visually hidden legend naming the form's fields. */
  legend: string;
  /** The subject the mailto link of the captcha notice prefills. */
  mailSubject: string;
  /** Fills every field with the values `body` expects. */
  fill(form: Locator): Promise<void>;
  body: Record<string, string>;
  expectSuccess(page: Page): Promise<void>;
}

/** Who fills the forms in the tests. */
export const person = { name: 'Ada Lovelace', email: 'ada@example.com', company: 'Analytical Engines' };

export const consultation: LeadFormCase = {
  title: 'consultation form',
  path: '/getting-started/',
  island: 'ConsultationForm',
  submit: forms.consultation.submit,
  legend: formTexts.consultation.legend,
  mailSubject: formTexts.consultation.mailSubject,
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

/**
 * The first guide's form. Every guide page holds the same form island, with its own guide's name
 * and article (checked on each built guide page in tests/pipeline/site-build.test.ts).
 */
const firstGuide = guides[0]!;
export const guideForm: LeadFormCase = {
  title: `${firstGuide.topic} guide form`,
  path: `/guides/${firstGuide.topic}/`,
  island: 'GuideForm',
  submit: forms.guide.submit,
  legend: formTexts.guide.legend,
  mailSubject: formTexts.guide.mailSubject.replace('{guide}', firstGuide.guideName),
  async fill(form) {
    await form.getByLabel('Name').fill(person.name);
    await form.getByLabel('Business email').fill(person.email);
    await form.getByLabel('Company (optional)').fill(person.company);
  },
  body: { ...person, guide_name: firstGuide.guideName },
  expectSuccess: async (page) => {
    await expect(page).toHaveURL(new RegExp(`/guides/content/${firstGuide.topic}/?$`));
    await expect(page.getByRole('link', { name: 'Back to Guide Overview' })).toHaveAttribute(
      'href',
      new RegExp(`^/guides/${firstGuide.topic}/?$`),
    );
  },
};

export const toolkit: LeadFormCase = {
  title: 'POM form',
  path: '/pom-files/',
  island: 'ToolkitForm',
  submit: forms.toolkit.submit,
  legend: formTexts.toolkit.legend,
  mailSubject: formTexts.toolkit.mailSubject,
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
    expect(new URL(page.url()).pathname).toBe('/pom-files/');
  },
};

/** Makes Google's reCAPTCHA script fail to load, the way an ad blocker or a company proxy does. */
export async function blockCaptcha(page: Page): Promise<void> {
  await page.route('https://www.google.com/recaptcha/**', (route) => route.abort('blockedbyclient'));
}

/** Opens the page, hydrates the form's island and returns the form. */
export async function openForm(page: Page, formCase: LeadFormCase): Promise<Locator> {
  await page.goto(formCase.path);
  const island = await hydratedIsland(page, formCase.island);
  return island.locator('form');
}

export const submitButton = (form: Locator, formCase: LeadFormCase) =>
  form.getByRole('button', { name: formCase.submit });
export const alerts = (form: Locator) => form.getByRole('alert');

/**
 * Submits the way a visitor can while the button is marked aria-disabled (no captcha token
 * yet): Enter in the first field. Playwright's click() would wait for the button to be enabled.
 */
export const submitWithEnter = (form: Locator) => form.getByRole('textbox').first().press('Enter');

/** Expects the webhook to have been called `count` times, after any in-flight request landed. */
export async function expectRequests(page: Page, webhook: Webhook, count: number): Promise<void> {
  await page.waitForTimeout(300);
  expect(webhook.requests).toHaveLength(count);
}

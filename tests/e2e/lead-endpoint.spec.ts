import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { ChildProcess } from 'node:child_process';
import { expect, hydratedIsland, test } from './fixtures.ts';
import { consultation, guideForm, submitButton, toolkit, type LeadFormCase } from './lead-forms.ts';
import { leadSiteDist } from './build-lead-site.ts';
import { spawnPreview, waitFor } from '../helpers/lead-endpoint.ts';
import { startStubs, type Stubs } from '../helpers/lead-stubs.ts';
import { navigation } from './site-data.ts';

const newsletterText = navigation.footer.newsletter;

// Each lead form against `sitegen preview` of a build whose forms post to the site's own endpoint
// (build-lead-site.ts), with JavaScript and without, and the lead found in the store preview
// keeps (a SQLite file); Google's siteverify and the webhook are stubs on 127.0.0.1.

test.describe.configure({ mode: 'serial' });

let stubs: Stubs;
let preview: { child: ChildProcess; url: string };
let tmp: string;
let db: string;

test.beforeAll(async () => {
  stubs = await startStubs();
  tmp = await mkdtemp(path.join(os.tmpdir(), 'sitegen-e2e-leads-'));
  db = path.join(tmp, 'leads.sqlite');
  preview = await spawnPreview(leadSiteDist, {
    LEADS_DB: db,
    RECAPTCHA_SECRET_KEY: 'e2e-secret',
    RECAPTCHA_VERIFY_URL: stubs.verifyUrl,
    FORM_WEBHOOK_URL: stubs.webhookUrl,
    LEADS_MIN_FILL_MS: '0',
  });
});

test.afterAll(async () => {
  const exited = new Promise((resolve) => preview.child.once('exit', resolve));
  preview.child.kill('SIGTERM');
  await exited;
  await stubs.close();
  await rm(tmp, { recursive: true, force: true });
});

/** The newest stored lead of a form, once it has the status wanted. */
async function storedLead(
  form: string,
  status: string,
): Promise<{ status: string; reason: string | null; fields: string; submission_id: string }> {
  let row: { status: string; reason: string | null; fields: string; submission_id: string } | undefined;
  await waitFor(() => {
    const connection = new BetterSqlite3(db, { readonly: true });
    try {
      row = connection
        .prepare('SELECT * FROM leads WHERE form = ? ORDER BY created_at DESC LIMIT 1')
        .get(form) as typeof row;
    } finally {
      connection.close();
    }
    return row?.status === status;
  });
  return row!;
}

const formNames = new Map<LeadFormCase, string>([
  [consultation, 'consultation'],
  [guideForm, 'guide'],
  [toolkit, 'toolkit'],
]);

for (const formCase of [consultation, guideForm, toolkit]) {
  const form = formNames.get(formCase)!;

  test(`the ${formCase.title} with JavaScript: posts to the endpoint, succeeds on its 202, and the lead is stored and delivered`, async ({
    page,
    captcha,
  }) => {
    await page.goto(`${preview.url}${formCase.path}`);
    const element = (await hydratedIsland(page, formCase.island)).locator('form');
    await formCase.fill(element);
    await captcha.solve('ok-from-the-browser');
    const answered = page.waitForResponse((response) => response.url() === `${preview.url}/api/leads`);
    await submitButton(element, formCase).click();
    expect((await answered).status()).toBe(202);
    await formCase.expectSuccess(page);
    const row = await storedLead(form, 'delivered');
    expect(JSON.parse(row.fields)).toEqual(formCase.body);
    expect(stubs.hook.filter((request) => request.key === row.submission_id).map((request) => request.body)).toEqual([
      formCase.body,
    ]);
  });

  test.describe(`the ${formCase.title} without JavaScript`, () => {
    test.use({ javaScriptEnabled: false });

    test('posts form-encoded, goes on where its success leads, and the lead is kept for review', async ({ page }) => {
      await page.goto(`${preview.url}${formCase.path}`);
      const element = page.locator(`[data-island="${formCase.island}"] form`);
      await formCase.fill(element);
      await submitButton(element, formCase).click();
      if (formCase === toolkit) {
        await expect(page).toHaveURL(`${preview.url}/pom-files/files/`);
        await expect(page.getByRole('region', { name: 'README.md' })).toContainText('http://localhost:5174');
      } else {
        await formCase.expectSuccess(page);
      }
      const row = await storedLead(form, 'unverified');
      expect(row.reason).toBe('no-captcha');
      expect(JSON.parse(row.fields)).toEqual(formCase.body);
    });
  });
}

test("without JavaScript, the footer's newsletter field posts to the endpoint, comes back to the page's thank-you, and the address is kept for review", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${preview.url}/terms/`);
  const form = page.getByRole('form', { name: newsletterText.label });
  await expect(form.locator('.newsletter-thanks')).toBeHidden();
  await form.getByRole('textbox', { name: newsletterText.label }).fill('grace@example.com');
  const answered = page.waitForResponse((response) => response.url() === `${preview.url}/api/leads`);
  await form.getByRole('button', { name: newsletterText.buttonLabel }).click();
  expect((await answered).status()).toBe(303);
  await expect(page).toHaveURL(`${preview.url}/terms/#newsletter-thanks`);
  await expect(page.getByText(newsletterText.thanks)).toBeVisible();
  const row = await storedLead('newsletter', 'unverified');
  expect(row.reason).toBe('no-captcha');
  expect(JSON.parse(row.fields)).toEqual({ email: 'grace@example.com', source: 'newsletter', page: '/terms/' });
  await context.close();
});

test('without JavaScript, a form the endpoint cannot take shows what to fix and a link back to the form', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${preview.url}${consultation.path}`);
  const element = page.locator(`[data-island="${consultation.island}"] form`);
  await consultation.fill(element);
  // What a browser's own checks would let through: a name of spaces.
  await element.getByLabel('Full name').fill('   ');
  await submitButton(element, consultation).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Please check your details');
  await expect(page.getByRole('listitem')).toHaveText(['Full name: this field is required.']);
  await page.getByRole('link', { name: 'Back to the form' }).click();
  await expect(page).toHaveURL(`${preview.url}${consultation.path}`);
  await context.close();
});

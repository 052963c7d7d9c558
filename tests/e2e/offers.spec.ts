// Buttons that promise something lead to where it is given: each button of a service page, the
// case studies' 'Request a Demo' and the plans' buttons open /getting-started/ at the form, under
// a heading that names their offer and with its interest chosen; the request the form sends
// carries that interest. The heading needs no JavaScript.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, hydratedIsland, test } from './fixtures.ts';
import { audiences, forms } from './site-data.ts';

interface Offer {
  id: string;
  heading: string;
  interest?: string;
}
const gettingStarted = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '..', '..', 'content', 'data', 'getting-started.json'), 'utf8'),
) as { form: { heading: string; offers: Offer[] } };
const offers = gettingStarted.form.offers;
const offerOf = (href: string) => offers.find((offer) => href.endsWith(`#${offer.id}`));

test("every service page's first button leads to an offer of its own, named over the form, its interest chosen", async ({
  page,
}) => {
  for (const audience of audiences) {
    await page.goto(`/services/${audience.slug}/`);
    const button = page.locator('.page-hero .actions a').first();
    const href = (await button.getAttribute('href'))!;
    const offer = offerOf(href);
    expect(offer, `${audience.slug}: ${href}`).toBeDefined();
    await button.click();
    await expect(page).toHaveURL(new RegExp(`/getting-started/#${offer!.id}$`));
    const card = page.locator('#contact-form');
    await expect(card.getByRole('heading', { level: 2 })).toHaveText(offer!.heading);
    await expect(card.getByRole('heading', { name: gettingStarted.form.heading })).toBeHidden();
    await hydratedIsland(page, 'ConsultationForm');
    if (offer!.interest) await expect(card.getByLabel('Primary interest')).toHaveValue(offer!.interest);
    await expect(card).toBeInViewport();
  }
});

test("the case studies' Request a Demo and each plan's button name their offer over the form", async ({ page }) => {
  await page.goto('/case-studies/');
  const demo = page.getByRole('link', { name: 'Request a Demo' });
  expect(offerOf((await demo.getAttribute('href'))!)).toBeDefined();
  await page.goto('/');
  const plans = page.locator('.plan .button');
  await expect(plans).toHaveCount(2);
  const hrefs = await plans.evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
  // SPEC: each plan links to /getting-started; the fragment names what the call scopes.
  for (const href of hrefs) {
    expect(href).toMatch(/^\/getting-started\/#/);
    expect(offerOf(href), href).toBeDefined();
  }
  expect(new Set(hrefs).size).toBe(2);
});

test('a visitor who already chose an interest keeps it; without an offer in the address none is chosen', async ({
  page,
}) => {
  await page.goto('/getting-started/');
  const card = page.locator('#contact-form');
  await hydratedIsland(page, 'ConsultationForm');
  await expect(card.getByRole('heading', { level: 2 })).toHaveText(gettingStarted.form.heading);
  const interest = card.getByLabel('Primary interest');
  await expect(interest).toHaveValue('');
  await interest.selectOption('Unsure / Other');
  const automation = offers.find((offer) => offer.interest === 'Embedded Automation QA')!;
  await page.evaluate((id) => {
    window.location.hash = id;
  }, automation.id);
  await expect(card.getByRole('heading', { level: 2 })).toHaveText(automation.heading);
  await expect(interest).toHaveValue('Unsure / Other');
});

test('the lead a visitor sends from an offer carries its interest', async ({ page, webhook, captcha }) => {
  const offer = offers.find((candidate) => candidate.interest !== undefined)!;
  await page.goto(`/getting-started/#${offer.id}`);
  const form = (await hydratedIsland(page, 'ConsultationForm')).locator('form');
  await expect(form.getByLabel('Primary interest')).toHaveValue(offer.interest!);
  await form.getByLabel('Full name').fill('Grace Hopper');
  await form.getByLabel('Email').fill('grace@example.com');
  await form.getByLabel('Message').fill('About the offer.');
  await captcha.solve();
  // Success sends the visitor to the scheduling page: answered here with an empty page.
  await page.route('https://calendly.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '' }),
  );
  await form.getByRole('button', { name: forms.consultation.submit }).click();
  await expect.poll(() => webhook.bodies.length).toBe(1);
  expect((webhook.bodies[0] as { interest: string }).interest).toBe(offer.interest);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("the offer's heading still names it over the form", async ({ page }) => {
    const offer = offers[0]!;
    await page.goto(`/getting-started/#${offer.id}`);
    await expect(page.locator('#contact-form').getByRole('heading', { level: 2 })).toHaveText(offer.heading);
  });
});

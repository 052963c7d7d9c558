import { expect, test } from './fixtures.ts';

test('/services/dev-shops is a 301 to /services/devshops/, with and without its slash', async ({ page }) => {
  for (const from of ['/services/dev-shops', '/services/dev-shops/']) {
    const response = await page.request.get(from, { maxRedirects: 0 });
    expect(response.status(), from).toBe(301);
    expect(response.headers().location, from).toBe('/services/devshops/');
  }
  await page.goto('/services/dev-shops');
  await expect(page).toHaveURL(/\/services\/devshops\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Turn Quality into Happier Clients and Higher Revenue',
  );
});

test('/contact is a 301 to /getting-started/#contact-form, at the form', async ({ page }) => {
  const response = await page.request.get('/contact', { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toBe('/getting-started/#contact-form');
  await page.goto('/contact');
  await expect(page).toHaveURL(/\/getting-started\/#contact-form$/);
  await expect(page.locator('#contact-form')).toBeInViewport();
  await expect(page.locator('#contact-form').getByLabel('Full name')).toBeVisible();
});

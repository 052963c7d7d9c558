import { expect, test } from './fixtures.ts';

test('/services/dev-shops ends on /services/devshops', async ({ page }) => {
  await page.goto('/services/dev-shops');
  await expect(page).toHaveURL(/\/services\/devshops$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Turn Quality into Happier Clients and Higher Revenue');
});

test('/contact ends on /getting-started#contact-form, at the form', async ({ page }) => {
  await page.goto('/contact');
  await expect(page).toHaveURL(/\/getting-started#contact-form$/);
  await expect(page.locator('#contact-form')).toBeInViewport();
  await expect(page.locator('#contact-form').getByLabel('Full name')).toBeVisible();
});

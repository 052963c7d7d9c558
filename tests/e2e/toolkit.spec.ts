import type { Page } from '@playwright/test';
import { expect, expectNoConsoleErrors, hydratedIsland, test, type SiteFixtures } from './fixtures.ts';
import { forms, toolkitText } from './site-data.ts';

/** Unlocks the POM files through the quick-access form (webhook answering 200). */
async function unlock(page: Page, captcha: SiteFixtures['captcha']): Promise<void> {
  await page.goto('/pom-files/');
  const form = (await hydratedIsland(page, 'ToolkitForm')).locator('form');
  await form.getByLabel('Name').fill('Grace Hopper');
  await form.getByLabel('Email').fill('grace@example.com');
  await form.getByLabel('Organization').fill('Navy');
  await captcha.solve();
  await form.getByRole('button', { name: forms.toolkit.submit }).click();
  await expect(page.getByRole('heading', { name: 'Your POM Files' })).toBeVisible();
}

test('after unlocking, the README and the Cursor rules are shown with the workshop invitation', async ({
  page,
  webhook,
  captcha,
}) => {
  await unlock(page, captcha);
  expect(webhook.requests).toHaveLength(1);
  const readme = page.getByRole('region', { name: 'README.md' });
  await expect(readme.locator('pre')).toContainText('http://localhost:5174');
  await expect(page.getByRole('region', { name: '.cursor/rules/pom.mdc' }).locator('pre')).toContainText(
    'Page Object Model rules (Playwright + TypeScript)',
  );
  const workshop = page.getByRole('region', { name: 'Join the Live Workshop' });
  await expect(workshop.getByRole('link')).toHaveAttribute('href', /^\/getting-started\/?$/);
  await expect(
    page.getByRole('heading', { name: 'Get Instant Access' }),
    'the form heading gives way to the files',
  ).toHaveCount(0);
  // The page says what happened, above the files.
  await expect(page.locator('.toolkit-files').getByRole('status')).toHaveText(toolkitText.unlocked.status);
});

test.describe('copy buttons', () => {
  test('Copy puts the README on the clipboard and reads Copied for 1.5 seconds', async ({
    page,
    context,
    webhook,
    captcha,
    consoleErrors,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await unlock(page, captcha);
    expect(webhook.requests).toHaveLength(1);
    const readme = page.getByRole('region', { name: 'README.md' });
    const copy = readme.getByRole('button');
    await expect(copy).toHaveText('Copy');

    const clickedAt = Date.now();
    await copy.click();
    await expect(copy).toHaveText('Copied');
    // Still 'Copied' at one second, back to 'Copy' well before two and a half.
    await page.waitForTimeout(Math.max(0, clickedAt + 1000 - Date.now()));
    await expect(copy).toHaveText('Copied', { timeout: 100 });
    await expect(copy).toHaveText('Copy', { timeout: Math.max(100, clickedAt + 2500 - Date.now()) });

    const clipboard = await page.evaluate(() => navigator.clipboard.readText());
    expect(clipboard).toBe(await readme.locator('pre').textContent());
    expect(clipboard).toContain('http://localhost:5174');
    expectNoConsoleErrors(consoleErrors);
  });

  test('the Cursor rules Copy button copies the rules text', async ({ page, context, webhook, captcha }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await unlock(page, captcha);
    expect(webhook.requests).toHaveLength(1);
    const rules = page.getByRole('region', { name: '.cursor/rules/pom.mdc' });
    await rules.getByRole('button', { name: 'Copy' }).click();
    await expect(rules.getByRole('button')).toHaveText('Copied');
    await expect(page.getByRole('region', { name: 'README.md' }).getByRole('button')).toHaveText('Copy');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await rules.locator('pre').textContent());
  });

  test('when the clipboard refuses, nothing is shown and nothing is logged as an error', async ({
    page,
    webhook,
    captcha,
    consoleErrors,
  }) => {
    await page.addInitScript(() => {
      (window as unknown as { __clipboardCalls: number }).__clipboardCalls = 0;
      Clipboard.prototype.writeText = function writeText() {
        (window as unknown as { __clipboardCalls: number }).__clipboardCalls += 1;
        return Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
      };
    });
    await unlock(page, captcha);
    expect(webhook.requests).toHaveLength(1);
    const readme = page.getByRole('region', { name: 'README.md' });
    const alertsBefore = await page.getByRole('alert').count();
    await readme.getByRole('button', { name: 'Copy' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __clipboardCalls: number }).__clipboardCalls))
      .toBe(1);
    await page.waitForTimeout(300);
    await expect(readme.getByRole('button')).toHaveText('Copy');
    await expect(page.getByRole('alert')).toHaveCount(alertsBefore);
    expectNoConsoleErrors(consoleErrors);
  });
});

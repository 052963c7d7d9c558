import type { Page } from '@playwright/test';
import { expect, expectNoConsoleErrors, test, waitForIslands } from './fixtures.ts';
import { caseStudies } from './site-data.ts';

const dialog = (page: Page) => page.getByRole('dialog');
const frame = (page: Page) => page.locator('dialog iframe');
const playParameter = (page: Page) => new URL(page.url()).searchParams.get('playVideo');
const first = caseStudies[0]!;
const playLink = (page: Page, company = first.company) => page.getByRole('link', { name: `Play video: ${company}` });

async function openGallery(page: Page, query = ''): Promise<void> {
  await page.goto(`/case-studies/${query}`);
  await waitForIslands(page);
}

/** Opens the first card's video with its play button and checks the dialog is up. */
async function playFirst(page: Page): Promise<void> {
  await playLink(page).click();
  await expect(dialog(page)).toBeVisible();
}

async function expectClosed(page: Page): Promise<void> {
  await expect(dialog(page)).toBeHidden();
  await expect(frame(page)).toHaveCount(0);
  expect(playParameter(page)).toBeNull();
}

test('shows 8 case-study cards, 3 of them before the promo block', async ({ page }) => {
  await openGallery(page);
  const gallery = page.locator('[data-island="CaseStudyGallery"]');
  await expect(gallery.getByRole('article')).toHaveCount(8);
  const order = await gallery.locator('article, aside.promo').evaluateAll((elements) => elements.map((element) => element.tagName));
  expect(order).toEqual(['ARTICLE', 'ARTICLE', 'ARTICLE', 'ASIDE', 'ARTICLE', 'ARTICLE', 'ARTICLE', 'ARTICLE', 'ARTICLE']);
  await expect(gallery.getByRole('complementary').getByRole('link')).toHaveAttribute('href', '/guides/playwright/');
});

test('the play button opens a modal dialog playing the embed URL and sets ?playVideo=', async ({ page }) => {
  await openGallery(page);
  await playFirst(page);
  await expect(frame(page)).toHaveAttribute('src', `${first.videoUrl}?autoplay=1`);
  expect(playParameter(page)).toBe(first.videoUrl);
  expect(await dialog(page).evaluate((element) => (element as HTMLDialogElement).matches(':modal'))).toBe(true);
});

test("'Watch Video' opens the same dialog for its card", async ({ page }) => {
  await openGallery(page);
  const wistia = caseStudies.find((study) => study.videoUrl.includes('wistia'))!;
  await page.getByRole('link', { name: new RegExp(`^Watch Video\\s*:\\s*${wistia.company}$`) }).click();
  await expect(dialog(page)).toBeVisible();
  await expect(frame(page)).toHaveAttribute('src', `${wistia.videoUrl}?autoplay=1`);
  expect(playParameter(page)).toBe(wistia.videoUrl);
});

test('focus moves into the dialog and Tab cycles inside it', async ({ page }) => {
  await openGallery(page);
  await playFirst(page);
  const close = dialog(page).getByRole('button', { name: 'Close video' });
  await expect(close).toBeFocused();
  // Where focus is: 'dialog' inside it, 'page' on anything behind it, 'away' when the page
  // has no focus at all (a native modal hands Tab past its last element to the browser's own
  // controls, and from there back to the dialog; the page behind stays inert).
  // Focus on <body> is no element at all (Chromium parks it there while Tab passes the
  // browser's own controls), so it counts as 'away' too.
  const whereIsFocus = () => page.evaluate(() => {
    const active = document.activeElement;
    if (!document.hasFocus() || !active || active === document.body || active === document.documentElement) return 'away';
    return document.querySelector('dialog')!.contains(active) ? 'dialog' : 'page';
  });
  for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expect(await whereIsFocus(), `after ${key}`).not.toBe('page');
  }
  let stepsBack = 0;
  while (!(await close.evaluate((element) => element === document.activeElement && document.hasFocus())) && stepsBack < 3) {
    await page.keyboard.press('Tab');
    stepsBack += 1;
  }
  await expect(close).toBeFocused();
});

for (const [how, close] of [
  ['Escape', async (page: Page) => {
    await dialog(page).getByRole('button', { name: 'Close video' }).focus();
    await page.keyboard.press('Escape');
  }],
  ['the close button', (page: Page) => dialog(page).getByRole('button', { name: 'Close video' }).click()],
  ['a click on the backdrop', (page: Page) => page.mouse.click(8, 8)],
] as const) {
  test(`${how} closes the dialog, drops ?playVideo=, removes the iframe and refocuses the opener`, async ({ page }) => {
    await openGallery(page);
    await playFirst(page);
    await close(page);
    await expectClosed(page);
    await expect(playLink(page)).toBeFocused();
  });
}

test('a click inside the video frame does not close the dialog', async ({ page }) => {
  await openGallery(page);
  await playFirst(page);
  const box = (await page.locator('dialog .video-frame').boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(dialog(page)).toBeVisible();
  await expect(frame(page)).toHaveCount(1);
});

test('loading /case-studies?playVideo=<encoded> opens the dialog on load', async ({ page, consoleErrors }) => {
  const study = caseStudies[2]!;
  await openGallery(page, `?playVideo=${encodeURIComponent(study.videoUrl)}`);
  await expect(dialog(page)).toBeVisible();
  await expect(frame(page)).toHaveAttribute('src', `${study.videoUrl}?autoplay=1`);
  await expect(dialog(page)).toHaveAccessibleName(new RegExp(study.company));
  await page.keyboard.press('Escape');
  await expectClosed(page);
  expectNoConsoleErrors(consoleErrors);
});

test('history back closes the dialog and forward reopens it', async ({ page }) => {
  await openGallery(page);
  await playFirst(page);
  await page.goBack();
  await expectClosed(page);
  await expect(page).toHaveURL(/\/case-studies\/$/);
  await page.goForward();
  await expect(dialog(page)).toBeVisible();
  await expect(frame(page)).toHaveAttribute('src', `${first.videoUrl}?autoplay=1`);
  expect(playParameter(page)).toBe(first.videoUrl);
});

test('a close event that arrives after the video reopened does not close it again', async ({ page }) => {
  // History back then forward in quick succession can reopen the dialog before the browser
  // dispatches the close event of the first viewing; closing and reopening in one task
  // reproduces that order exactly.
  await openGallery(page);
  await playFirst(page);
  await page.evaluate(() => {
    const element = document.querySelector('dialog')!;
    element.close();
    element.showModal();
  });
  await page.waitForTimeout(200);
  await expect(dialog(page)).toBeVisible();
  await expect(frame(page)).toHaveAttribute('src', `${first.videoUrl}?autoplay=1`);
  expect(playParameter(page)).toBe(first.videoUrl);
});

test.describe('playVideo URL rules (SPEC section 5)', () => {
  const opens = [
    ['a YouTube embed URL gets ?autoplay=1', 'https://www.youtube.com/embed/Qx7Lm2RtK9a', 'https://www.youtube.com/embed/Qx7Lm2RtK9a?autoplay=1'],
    ['an embed URL with a query gets &autoplay=1', 'https://www.youtube.com/embed/Qx7Lm2RtK9a?start=30', 'https://www.youtube.com/embed/Qx7Lm2RtK9a?start=30&autoplay=1'],
    ['a YouTube watch URL becomes an embed URL', 'https://www.youtube.com/watch?v=Qx7Lm2RtK9a', 'https://www.youtube.com/embed/Qx7Lm2RtK9a?autoplay=1'],
    ['a youtu.be short link becomes an embed URL', 'https://youtu.be/Qx7Lm2RtK9a', 'https://www.youtube.com/embed/Qx7Lm2RtK9a?autoplay=1'],
    ['a Wistia iframe URL is supported', 'https://fast.wistia.net/embed/iframe/k4x9q2mz7t', 'https://fast.wistia.net/embed/iframe/k4x9q2mz7t?autoplay=1'],
  ] as const;
  for (const [name, input, src] of opens) {
    test(name, async ({ page }) => {
      await openGallery(page, `?playVideo=${encodeURIComponent(input)}`);
      await expect(dialog(page)).toBeVisible();
      await expect(frame(page)).toHaveAttribute('src', src);
    });
  }

  const refused = [
    ['a javascript: URL', 'javascript:alert(1)'],
    ['an embed path on another host', 'https://evil.example/embed/x'],
    ['garbage', 'not a url at all'],
  ] as const;
  for (const [name, input] of refused) {
    test(`${name} opens nothing and logs a warning`, async ({ page, consoleErrors, consoleWarnings }) => {
      let dialogs = 0;
      page.on('dialog', (alert) => {
        dialogs += 1;
        void alert.dismiss();
      });
      await openGallery(page, `?playVideo=${encodeURIComponent(input)}`);
      await expect.poll(() => consoleWarnings.filter((text) => text.includes(input)).length).toBe(1);
      await expect(dialog(page)).toBeHidden();
      await expect(page.locator('dialog[open]')).toHaveCount(0);
      await expect(page.locator('iframe')).toHaveCount(0);
      expect(dialogs).toBe(0);
      expectNoConsoleErrors(consoleErrors);
    });
  }
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page, Request } from '@playwright/test';
import {
  mixedParameterForms,
  playerOf,
  urlForms,
  wistiaForms,
  youtubeForms,
  youtubePlayer,
} from '../helpers/video-url-forms.ts';
import { expect, expectNoConsoleErrors, hydratedIsland, hydrateAllIslands, test, waitForIslands } from './fixtures.ts';

// The case-study cards, the video lightbox and the home page's customer video: every video is
// a poster with a play button until the visitor asks for it (a press, or an address naming the
// video), and only then does a request leave the site, for the provider's privacy-enhanced
// player, which plays at once.

const readData = <T>(name: string): T =>
  JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, '..', '..', 'content', 'data', `${name}.json`), 'utf8'),
  ) as T;
interface Study {
  id: string;
  company: string;
  name: string;
  videoUrl: string;
  thumbnail?: string;
  logo: string;
}
const caseStudiesPage = readData<{ playLabel: string; watchLabel: string; closeLabel: string; studies: Study[] }>(
  'case-studies',
);
const home = readData<{
  closingCta: { secondary: { text: string } };
  customerVideo: { playLabel: string; title: string; videoUrl: string; story: string; poster?: string };
}>('home');
const testimonials = readData<{ company: string; name: string; videoUrl: string }[]>('testimonials');
const studies = caseStudiesPage.studies;
const first = studies[0]!;
const wistia = studies.find((study) => study.videoUrl.includes('wistia'))!;
const playName = (study: Study) => caseStudiesPage.playLabel.replace('{company}', study.company);

const dialog = (page: Page) => page.getByRole('dialog');
const frame = (page: Page) => page.locator('dialog iframe');
const playParameter = (page: Page) => new URL(page.url()).searchParams.get('playVideo');
const playButton = (page: Page, study = first) =>
  page.locator('.case-gallery').getByRole('button', { name: playName(study), exact: true });

async function openGallery(page: Page, query = ''): Promise<void> {
  await page.goto(`/case-studies/${query}`);
  await waitForIslands(page);
}

/** Opens the first card's video with its play button and checks the dialog is up. */
async function playFirst(page: Page): Promise<void> {
  await playButton(page).click();
  await expect(dialog(page)).toBeVisible();
}

async function expectClosed(page: Page): Promise<void> {
  await expect(dialog(page)).toBeHidden();
  await expect(frame(page)).toHaveCount(0);
  expect(playParameter(page)).toBeNull();
}

/** Every request the page makes to a host other than this machine, from any frame. */
function outsideRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request: Request) => {
    const { hostname } = new URL(request.url());
    if (hostname !== '127.0.0.1' && hostname !== 'localhost' && !request.url().startsWith('data:'))
      seen.push(request.url());
  });
  return seen;
}

/** Scrolls to the bottom and back so every lazy image and island of the page has loaded. */
async function loadWholePage(page: Page): Promise<void> {
  await hydrateAllIslands(page);
  for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 600) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
  }
  await page.waitForLoadState('networkidle');
}

const boxOf = async (locator: Locator) => (await locator.boundingBox())!;
/** Where an element sits in the document (not the viewport), so a scroll does not count as a move. */
const pageBoxOf = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return { x: box.x + window.scrollX, y: box.y + window.scrollY, width: box.width, height: box.height };
  });

test('shows 8 case-study cards, 3 of them before the promo block', async ({ page }) => {
  await openGallery(page);
  const gallery = page.locator('[data-island="CaseStudyGallery"]');
  await expect(gallery.getByRole('article')).toHaveCount(8);
  const order = await gallery
    .locator('article, aside.promo')
    .evaluateAll((elements) => elements.map((element) => element.tagName));
  expect(order).toEqual([
    'ARTICLE',
    'ARTICLE',
    'ARTICLE',
    'ASIDE',
    'ARTICLE',
    'ARTICLE',
    'ARTICLE',
    'ARTICLE',
    'ARTICLE',
  ]);
  await expect(gallery.getByRole('complementary').getByRole('link')).toHaveAttribute('href', '/guides/playwright/');
});

test("each thumbnail is one button named 'Play video: {company}' over its poster (without a still, the speaker's title card), with one play icon; each logo shows once", async ({
  page,
}) => {
  await openGallery(page);
  const cards = page.locator('.case-gallery article');
  for (const [index, study] of studies.entries()) {
    const card = cards.nth(index);
    const buttons = card.getByRole('button');
    await expect(buttons).toHaveCount(1);
    await expect(buttons).toHaveAccessibleName(playName(study));
    await expect(buttons).toHaveAttribute('type', 'button');
    if (study.thumbnail) {
      await expect(buttons.locator('img')).toHaveAttribute('src', study.thumbnail);
      await expect(buttons.locator('img')).toHaveAttribute('alt', '');
    } else {
      await expect(buttons.locator('.video-title-card')).toContainText(study.name);
      await expect(buttons.locator('.video-title-card')).toHaveAttribute('aria-hidden', 'true');
    }
    await expect(card.locator('.play-icon')).toHaveCount(1);
    await expect(card.getByRole('img', { name: study.company, exact: true })).toHaveCount(1);
    await expect(card.locator(`img[src="${study.logo}"]`)).toHaveCount(1);
  }
});

for (const width of [390, 800, 1440]) {
  test(`at ${width} px every row of cards is full or centred, so no slot is left empty`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openGallery(page);
    const grids = page.locator('.case-grid');
    await expect(grids).toHaveCount(2);
    for (const grid of await grids.all()) {
      const area = await boxOf(grid);
      const cells = await grid.locator(':scope > li').evaluateAll((items) =>
        items.map((item) => {
          const box = item.getBoundingClientRect();
          return { top: Math.round(box.top + window.scrollY), left: box.left, right: box.right, width: box.width };
        }),
      );
      const rows: (typeof cells)[] = [];
      for (const cell of cells) {
        if (rows.at(-1)?.[0]!.top === cell.top) rows.at(-1)!.push(cell);
        else rows.push([cell]);
      }
      const columns = rows[0]!.length;
      expect(columns, 'columns').toBe(width < 720 ? 1 : width < 1024 ? 2 : 3);
      for (const [index, row] of rows.entries()) {
        if (index < rows.length - 1) expect(row.length, `row ${index + 1} is full`).toBe(columns);
        for (const cell of row)
          expect(Math.abs(cell.width - cells[0]!.width), 'every card is as wide as the others').toBeLessThan(1);
        const before = row[0]!.left - area.x;
        const after = area.x + area.width - row.at(-1)!.right;
        expect(Math.abs(before - after), `row ${index + 1} is centred`).toBeLessThan(1.5);
        if (row.length === columns) expect(before, `a full row ${index + 1} spans the grid`).toBeLessThan(1);
      }
    }
  });
}

test('the play button opens a modal dialog playing the privacy-enhanced player at once, and sets ?playVideo=', async ({
  page,
}) => {
  await openGallery(page);
  await playFirst(page);
  await expect(frame(page)).toHaveAttribute('src', playerOf(first.videoUrl));
  await expect(frame(page)).toHaveAttribute('allow', /autoplay/);
  await expect(dialog(page).getByRole('button', { name: playName(first) })).toHaveCount(0);
  expect(playParameter(page)).toBe(first.videoUrl);
  expect(await dialog(page).evaluate((element) => (element as HTMLDialogElement).matches(':modal'))).toBe(true);
  await expect(dialog(page)).toHaveAccessibleName(`${first.company}: ${first.name}`);
});

test('Enter and Space on a focused thumbnail open the video too', async ({ page }) => {
  await openGallery(page);
  for (const key of ['Enter', ' ']) {
    await playButton(page).focus();
    await page.keyboard.press(key);
    await expect(frame(page)).toHaveAttribute('src', playerOf(first.videoUrl));
    await dialog(page).getByRole('button', { name: caseStudiesPage.closeLabel }).click();
    await expectClosed(page);
  }
});

test("'Watch Video' opens the same dialog for its card; Wistia plays with doNotTrack", async ({ page }) => {
  await openGallery(page);
  await page
    .getByRole('link', { name: new RegExp(`^${caseStudiesPage.watchLabel}\\s*:\\s*${wistia.company}$`) })
    .click();
  await expect(dialog(page)).toBeVisible();
  await expect(frame(page)).toHaveAttribute('src', playerOf(wistia.videoUrl));
  expect(playParameter(page)).toBe(wistia.videoUrl);
});

test('focus moves into the dialog and Tab cycles inside it', async ({ page }) => {
  await openGallery(page);
  await playFirst(page);
  const close = dialog(page).getByRole('button', { name: caseStudiesPage.closeLabel });
  await expect(close).toBeFocused();
  // Where focus is: 'dialog' inside it, 'page' on anything behind it, 'away' when the page
  // has no focus at all (a native modal hands Tab past its last element to the browser's own
  // controls, and from there back to the dialog; the page behind stays inert).
  // Focus on <body> is no element at all (Chromium parks it there while Tab passes the
  // browser's own controls), so it counts as 'away' too.
  const whereIsFocus = () =>
    page.evaluate(() => {
      const active = document.activeElement;
      if (!document.hasFocus() || !active || active === document.body || active === document.documentElement)
        return 'away';
      return document.querySelector('dialog')!.contains(active) ? 'dialog' : 'page';
    });
  for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expect(await whereIsFocus(), `after ${key}`).not.toBe('page');
  }
  let stepsBack = 0;
  while (
    !(await close.evaluate((element) => element === document.activeElement && document.hasFocus())) &&
    stepsBack < 3
  ) {
    await page.keyboard.press('Tab');
    stepsBack += 1;
  }
  await expect(close).toBeFocused();
});

for (const [how, close] of [
  [
    'Escape',
    async (page: Page) => {
      await dialog(page).getByRole('button', { name: caseStudiesPage.closeLabel }).focus();
      await page.keyboard.press('Escape');
    },
  ],
  ['the close button', (page: Page) => dialog(page).getByRole('button', { name: caseStudiesPage.closeLabel }).click()],
  ['a click on the backdrop', (page: Page) => page.mouse.click(8, 8)],
] as const) {
  test(`${how} closes the dialog, drops ?playVideo=, removes the iframe and refocuses the opener`, async ({ page }) => {
    await openGallery(page);
    await playFirst(page);
    await close(page);
    await expectClosed(page);
    await expect(playButton(page)).toBeFocused();
  });
}

test('a click inside the video frame does not close the dialog', async ({ page }) => {
  await openGallery(page);
  await playFirst(page);
  const box = await boxOf(page.locator('dialog .video-frame'));
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(dialog(page)).toBeVisible();
  await expect(frame(page)).toHaveCount(1);
});

test('loading /case-studies?playVideo=<encoded> opens the dialog playing the player at once, with no further click', async ({
  page,
  consoleErrors,
}) => {
  const study = studies[2]!;
  const outside = outsideRequests(page);
  await openGallery(page, `?playVideo=${encodeURIComponent(study.videoUrl)}`);
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page)).toHaveAccessibleName(`${study.company}: ${study.name}`);
  await expect(frame(page)).toBeVisible();
  await expect(frame(page)).toHaveAttribute('src', playerOf(study.videoUrl));
  await expect(frame(page)).toHaveAttribute('allow', /autoplay/);
  const box = await boxOf(page.locator('dialog .video-frame'));
  expect(box.width / box.height).toBeCloseTo(16 / 9, 1);
  expect(await boxOf(frame(page))).toEqual(box);
  await expect.poll(() => outside).toEqual([playerOf(study.videoUrl)]);
  await dialog(page).getByRole('button', { name: caseStudiesPage.closeLabel }).click();
  await expectClosed(page);
  expectNoConsoleErrors(consoleErrors);
});

test("the home page's 'Watch Full Video' plays its video in one click", async ({ page }) => {
  await page.goto('/');
  const carousel = await hydratedIsland(page, 'TestimonialCarousel');
  const first = testimonials[0]!;
  await carousel
    .getByRole('link', { name: new RegExp(`Watch Full Video`) })
    .first()
    .click();
  await expect(page).toHaveURL(/\/case-studies\/\?playVideo=/);
  await expect(frame(page)).toBeVisible();
  await expect(frame(page)).toHaveAttribute('src', playerOf(first.videoUrl));
  expect(playParameter(page)).toBe(first.videoUrl);
});

test('axe finds no serious or critical violation with the lightbox open', async ({ page }) => {
  await openGallery(page, `?playVideo=${encodeURIComponent(first.videoUrl)}`);
  await expect(frame(page)).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  const blocking = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    blocking.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
  ).toEqual([]);
});

test('history back closes the dialog and forward reopens it playing', async ({ page }) => {
  await openGallery(page);
  await playFirst(page);
  await page.goBack();
  await expectClosed(page);
  await expect(page).toHaveURL(/\/case-studies\/$/);
  await page.goForward();
  await expect(dialog(page)).toBeVisible();
  await expect(frame(page)).toHaveAttribute('src', playerOf(first.videoUrl));
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
  await expect(frame(page)).toHaveAttribute('src', playerOf(first.videoUrl));
  expect(playParameter(page)).toBe(first.videoUrl);
});

test('no request leaves the site on / and /case-studies/ until the visitor presses play, then exactly the player', async ({
  page,
}) => {
  const outside = outsideRequests(page);
  const played: string[] = [];
  await page.route(/^https:\/\/(www\.youtube-nocookie\.com|fast\.wistia\.net)\//, async (route) => {
    played.push(route.request().url());
    await route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title><p>player</p>' });
  });
  await page.goto('/');
  await loadWholePage(page);
  await page.goto('/case-studies/');
  await loadWholePage(page);
  expect(outside, 'requests to other hosts before any play').toEqual([]);

  await playButton(page, wistia).click();
  await expect(frame(page)).toHaveAttribute('src', playerOf(wistia.videoUrl));
  await expect.poll(() => outside).toEqual([playerOf(wistia.videoUrl)]);
  expect(played).toEqual([playerOf(wistia.videoUrl)]);
  await page.keyboard.press('Escape');
});

test.describe("the home page's customer video", () => {
  const player = playerOf(home.customerVideo.videoUrl);

  async function openVideo(page: Page): Promise<{ island: Locator; play: Locator }> {
    await page.goto('/');
    const island = await hydratedIsland(page, 'VideoFacade');
    return { island, play: island.getByRole('button', { name: home.customerVideo.playLabel, exact: true }) };
  }

  test("is a poster (a still through the image component, or the speaker's title card) with a play button, and no player in the page", async ({
    page,
  }) => {
    const { island, play } = await openVideo(page);
    await expect(island.locator('iframe')).toHaveCount(0);
    const speaker = studies.find((study) => study.id === home.customerVideo.story)!;
    const poster = home.customerVideo.poster ? play.locator('img') : play.locator('.video-title-card');
    if (home.customerVideo.poster) {
      await expect(poster).toHaveAttribute('src', home.customerVideo.poster);
      await expect(poster).toHaveAttribute('loading', 'lazy');
    } else {
      await expect(poster).toContainText(speaker.name);
    }
    await expect(island.locator('.play-icon')).toHaveCount(1);
    const box = await boxOf(island.locator('.video-frame'));
    expect(box.width / box.height).toBeCloseTo(16 / 9, 1);
    expect(await boxOf(poster)).toEqual(box);
  });

  test('is reached with Tab, and a click plays the privacy-enhanced player in the same box, focused', async ({
    page,
  }) => {
    const { island, play } = await openVideo(page);
    await page.getByRole('link', { name: home.closingCta.secondary.text }).last().focus();
    await page.keyboard.press('Tab');
    await expect(play).toBeFocused();
    const box = island.locator('.video-frame');
    const before = await pageBoxOf(box);
    const below = await pageBoxOf(page.locator('footer'));
    await play.click();
    const iframe = island.locator('iframe');
    await expect(iframe).toHaveAttribute('src', player);
    await expect(iframe).toHaveAttribute('title', home.customerVideo.title);
    await expect(iframe).toHaveAttribute('allow', /autoplay/);
    await expect(iframe).toBeFocused();
    expect(await pageBoxOf(box)).toEqual(before);
    expect(await pageBoxOf(iframe)).toEqual(before);
    expect(await pageBoxOf(page.locator('footer'))).toEqual(below);
  });

  for (const [name, key] of [
    ['Enter', 'Enter'],
    ['Space', ' '],
  ] as const) {
    test(`${name} on the focused play button starts it`, async ({ page }) => {
      const { island, play } = await openVideo(page);
      await play.focus();
      await page.keyboard.press(key);
      await expect(island.locator('iframe')).toHaveAttribute('src', player);
      await expect(play).toHaveCount(0);
    });
  }
});

test.describe('playVideo URL rules (SPEC section 5)', () => {
  // Every form, for every video of the site's data and for others, is tests/client/video-url.test.ts;
  // here, as the address parameter reaches the gallery: the first video of each provider, and
  // videos that are none of the site's.
  test('a video of each provider plays at once through every accepted URL form, with only its harmless parameters', async ({
    page,
  }) => {
    for (const videoUrl of [first.videoUrl, wistia.videoUrl]) {
      for (const { form, url, player } of urlForms(videoUrl)) {
        await openGallery(page, `?playVideo=${encodeURIComponent(url)}`);
        await expect(frame(page), `${form} of ${videoUrl}`).toBeVisible();
        await expect(frame(page), `${form} of ${videoUrl}`).toHaveAttribute('src', player);
      }
    }
  });

  test("any video on the two hosts plays, none of the site's included, in every accepted URL form, titled as a video", async ({
    page,
  }) => {
    for (const { form, url, player } of [...youtubeForms('Zz9Yy8Xx7Ww'), ...wistiaForms('zz9yy8xx7w')]) {
      await openGallery(page, `?playVideo=${encodeURIComponent(url)}`);
      await expect(frame(page), form).toBeVisible();
      await expect(frame(page), form).toHaveAttribute('src', player);
      await expect(dialog(page), form).toHaveAccessibleName(caseStudiesPage.watchLabel);
    }
  });

  for (const { form, url, player } of mixedParameterForms('Zz9Yy8Xx7Ww', 'zz9yy8xx7w')) {
    test(`${form}: the harmless player parameters reach the player, the others do not`, async ({ page }) => {
      await openGallery(page, `?playVideo=${encodeURIComponent(url)}`);
      await expect(frame(page)).toHaveAttribute('src', player);
    });
  }

  test('a card whose video is written as a watch URL with parameters plays its embed form, with the harmless ones kept', async ({
    page,
  }) => {
    const [mixed] = mixedParameterForms(first.videoUrl.split('/').pop()!, 'unused0000');
    // The card as the site's data could write it: the gallery's props, served with that one link changed.
    await page.route('**/case-studies/', async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        `"videoUrl":${JSON.stringify(first.videoUrl)}`,
        `"videoUrl":${JSON.stringify(mixed!.url)}`,
      );
      await route.fulfill({ response, body: html });
    });
    await openGallery(page);
    await playFirst(page);
    await expect(frame(page)).toHaveAttribute('src', mixed!.player);
    await expect(dialog(page)).toHaveAccessibleName(`${first.company}: ${first.name}`);
  });

  test('an embed URL with a start time keeps it: ?start=30 then &autoplay=1', async ({ page }) => {
    await openGallery(page, `?playVideo=${encodeURIComponent(`${first.videoUrl}?start=30`)}`);
    await expect(frame(page)).toHaveAttribute('src', youtubePlayer(first.videoUrl.split('/').pop()!, 'start=30'));
  });

  const refused = [
    ['a javascript: URL', 'javascript:alert(1)'],
    ['an embed path on another host', 'https://evil.example/embed/x'],
    ['garbage', 'not a url at all'],
    ['a YouTube channel page', 'https://www.youtube.com/channel/Zz9Yy8Xx7Ww'],
    ['a Wistia address that is no iframe path', 'https://fast.wistia.net/embed/medias/zz9yy8xx7w'],
  ] as const;
  for (const [name, input] of refused) {
    test(`${name} opens nothing and logs a warning`, async ({ page, consoleErrors, consoleWarnings }) => {
      let dialogs = 0;
      page.on('dialog', (alert) => {
        dialogs += 1;
        void alert.dismiss();
      });
      const outside = outsideRequests(page);
      await openGallery(page, `?playVideo=${encodeURIComponent(input)}`);
      await expect.poll(() => consoleWarnings.filter((text) => text.includes(input)).length).toBe(1);
      await expect(dialog(page)).toBeHidden();
      await expect(page.locator('dialog[open]')).toHaveCount(0);
      await expect(page.locator('iframe')).toHaveCount(0);
      expect(dialogs).toBe(0);
      expect(outside).toEqual([]);
      expectNoConsoleErrors(consoleErrors);
    });
  }
});

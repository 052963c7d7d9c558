import type { Locator, Page } from '@playwright/test';
import { expect, hydratedIsland, test } from './fixtures.ts';
import { testimonials } from './site-data.ts';

interface Carousel {
  root: Locator;
  slides: Locator;
  /** The one slide on screen. */
  current: Locator;
  next: Locator;
  previous: Locator;
  dots: Locator;
}

async function openCarousel(page: Page): Promise<Carousel> {
  await page.goto('/');
  const island = await hydratedIsland(page, 'TestimonialCarousel');
  const root = island.locator('[aria-roledescription="carousel"]');
  const slides = root.locator('[aria-roledescription="slide"]');
  return {
    root,
    slides,
    current: slides.locator('visible=true'),
    next: root.getByRole('button', { name: 'Next testimonial' }),
    previous: root.getByRole('button', { name: 'Previous testimonial' }),
    dots: root.locator('.carousel-dots').getByRole('button'),
  };
}

/** Expects exactly one slide on screen, the Nth (1-based), labelled 'N of 8'. */
async function expectSlide(carousel: Carousel, n: number): Promise<void> {
  await expect(carousel.current).toHaveCount(1);
  await expect(carousel.current).toHaveAttribute('aria-label', new RegExp(`^${n} of 8\\b`));
  await expect(carousel.current).toContainText(testimonials[n - 1]!.company);
  await expect(carousel.dots.nth(n - 1)).toHaveAttribute('aria-current', 'true');
}

test('has 8 slides and next from the last wraps to the first', async ({ page }) => {
  const carousel = await openCarousel(page);
  await expect(carousel.slides).toHaveCount(8);
  await expect(carousel.dots).toHaveCount(8);
  await expectSlide(carousel, 1);
  for (let n = 2; n <= 8; n += 1) {
    await carousel.next.click();
    await expectSlide(carousel, n);
  }
  await carousel.next.click();
  await expectSlide(carousel, 1);
});

test('previous from the first wraps to the last', async ({ page }) => {
  const carousel = await openCarousel(page);
  await expectSlide(carousel, 1);
  await carousel.previous.click();
  await expectSlide(carousel, 8);
  await carousel.previous.click();
  await expectSlide(carousel, 7);
});

test('a dot jumps to its slide', async ({ page }) => {
  const carousel = await openCarousel(page);
  await carousel.dots.nth(5).click();
  await expectSlide(carousel, 6);
  await carousel.dots.nth(2).click();
  await expectSlide(carousel, 3);
  await expect(carousel.root.locator('.carousel-dots [aria-current="true"]')).toHaveCount(1);
});

test('ArrowRight and ArrowLeft move the carousel while focus is inside it', async ({ page }) => {
  const carousel = await openCarousel(page);
  await carousel.next.focus();
  await page.keyboard.press('ArrowRight');
  await expectSlide(carousel, 2);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expectSlide(carousel, 8);
  await page.keyboard.press('ArrowRight');
  await expectSlide(carousel, 1);

  // Outside the carousel the arrow keys leave it alone.
  await page.getByRole('link', { name: 'View all case studies' }).focus();
  await page.keyboard.press('ArrowRight');
  await expectSlide(carousel, 1);
});

test('announces the current slide politely once the visitor moves it', async ({ page }) => {
  const carousel = await openCarousel(page);
  const live = carousel.root.locator('[aria-live]');
  await expect(live).toHaveAttribute('aria-live', 'off');
  await carousel.next.click();
  await expect(live).toHaveAttribute('aria-live', 'polite');
  await expect(live).toHaveAttribute('id', (await carousel.next.getAttribute('aria-controls'))!);
  await expect(carousel.current).toHaveAttribute('aria-roledescription', 'slide');
  await expect(carousel.current).toHaveAttribute('aria-label', `2 of 8: ${testimonials[1]!.company}`);
  await expect(carousel.current).toHaveRole('group');
});

test("each slide's 'Watch Full Video' links to /case-studies?playVideo= and its encoded embed URL", async ({
  page,
}) => {
  const carousel = await openCarousel(page);
  for (const [index, testimonial] of testimonials.entries()) {
    const watch = carousel.current.getByRole('link', { name: 'Watch Full Video' });
    await expect(watch).toHaveAttribute('href', `/case-studies/?playVideo=${encodeURIComponent(testimonial.videoUrl)}`);
    if (index < testimonials.length - 1) await carousel.next.click();
  }
  await carousel.current.getByRole('link', { name: 'Watch Full Video' }).click();
  await expect(page).toHaveURL(/\/case-studies\/\?playVideo=/);
  // The lightbox opens playing the privacy-enhanced player: the visitor asked for the video.
  const dialog = page.getByRole('dialog');
  const id = new URL(testimonials.at(-1)!.videoUrl).pathname.split('/').at(-1);
  await expect(dialog.locator('iframe')).toHaveAttribute(
    'src',
    `https://www.youtube-nocookie.com/embed/${id}?autoplay=1`,
  );
});

test('at 320 px its arrows and eight dots share one row', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  const { dots, next, previous } = await openCarousel(page);
  const tops = await Promise.all(
    [previous, next, dots.first(), dots.last()].map(async (control) => (await control.boundingBox())!),
  );
  for (const box of tops) expect(Math.abs(box.y + box.height / 2 - (tops[0]!.y + tops[0]!.height / 2))).toBeLessThan(2);
  // Still large enough to tap: at least 24 px square (WCAG 2.2 target size).
  for (const box of tops) expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24);
});

test('keeps the height of its tallest slide whichever slide shows, so nothing below it moves', async ({ page }) => {
  const carousel = await openCarousel(page);
  const below = page.getByRole('link', { name: 'View all case studies' });
  const measure = async () => ({
    height: (await carousel.root.boundingBox())!.height,
    below: await below.evaluate((element) => element.getBoundingClientRect().top + window.scrollY),
  });
  const first = await measure();
  const tallest = await carousel.slides.evaluateAll((slides) =>
    Math.max(...slides.map((slide) => slide.getBoundingClientRect().height)),
  );
  for (let n = 2; n <= 8; n += 1) {
    await carousel.next.click();
    await expectSlide(carousel, n);
    expect(await measure()).toEqual(first);
    expect((await carousel.current.boundingBox())!.height).toBeCloseTo(tallest, 0);
  }
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Element } from 'domhandler';
import { findAll } from 'domutils';
import type { SitePage } from '../../templates/site/routes.ts';
import { parsePage } from '../helpers/html.ts';
import { sitePages } from '../helpers/site-pages.ts';
import { sentencesOf } from '../../templates/site/sentences.ts';

// The server-rendered video markup: posters and play buttons, never a player frame.

const pages = await sitePages({ markdown: false });
const { model } = pages;
const render = (kind: SitePage['kind']) => pages.render(pages.routeOf(kind));
const home = render('home');
const caseStudies = render('case-studies');

test('no page ships a player frame: every video waits for the visitor', () => {
  for (const page of [home, caseStudies]) assert.doesNotMatch(page.html, /<iframe/i);
});

/** The one element of `root` (or the page) with this class, by its class list. */
const withClass = (name: string) => (e: Element) => (e.attribs.class ?? '').split(' ').includes(name);

/** A copy of the site's model with other case studies or home video: a still from content for each. */
function modelWithStills(): typeof model {
  const still = '/images/posts/exploratory-session-desk.jpg';
  const data = structuredClone(model.data);
  data['case-studies'].studies = data['case-studies'].studies.map((study) => ({ ...study, thumbnail: still }));
  data.home.customerVideo = { ...data.home.customerVideo, poster: still };
  return { ...model, data };
}

test("the home video is a lazy-loading island: a button named from content over the title card of its speaker's quote and name, with the privacy-enhanced player in its props", () => {
  const { customerVideo } = model.data.home;
  const story = model.data['case-studies'].studies.find((study) => study.id === customerVideo.story)!;
  const page = parsePage(home.html);
  const [marker] = page.all((e) => e.attribs['data-island'] === 'VideoFacade');
  assert.ok(marker);
  assert.equal(marker.attribs['data-when'], 'visible');
  const [button] = page.all((e) => e.name === 'button' && e.attribs.class === 'video-facade');
  assert.equal(button!.attribs['aria-label'], customerVideo.playLabel);
  assert.equal(customerVideo.poster, undefined, 'the content has no still from the video');
  const [card] = findAll(withClass('video-title-card'), button!.children);
  assert.ok(card, 'a title card stands in for the still');
  assert.equal(card.attribs['aria-hidden'], 'true', 'the button names the video; the card only shows it');
  assert.match(
    page.text(card),
    new RegExp(`^“${sentencesOf(story.quote)[0]!.replace(/[.!]$/, '').replace(/[?()]/g, '\\$&')}”`),
  );
  assert.ok(page.text(card).includes(`${story.name}${story.title}, ${story.company}`), page.text(card));
  assert.deepEqual(
    findAll((e) => e.name === 'img', button!.children),
    [],
    'no picture: not a cartoon, not an empty box',
  );
  const props = JSON.parse(
    page.text(page.all((e) => e.name === 'script' && e.attribs['data-island-props'] === marker.attribs['data-id'])[0]!),
  ) as { src: string };
  assert.equal(props.src, 'https://www.youtube-nocookie.com/embed/8Nq7bXy3mQ4?autoplay=1');
});

test('a still from the video, where content gives one, is the poster of the home video and of each case study', () => {
  const stills = modelWithStills();
  for (const kind of ['home', 'case-studies'] as const) {
    const page = parsePage(pages.render(pages.routeOf(kind), stills).html);
    const buttons = page.all((e) => e.name === 'button' && /\b(video-facade|case-thumb)\b/.test(e.attribs.class ?? ''));
    assert.equal(buttons.length, kind === 'home' ? 1 : 8);
    for (const button of buttons) {
      assert.deepEqual(findAll(withClass('video-title-card'), button.children), [], kind);
      const [image] = findAll((e) => e.name === 'img', button.children);
      assert.match(image?.attribs.src ?? '', /exploratory-session-desk/, kind);
      assert.equal(image!.attribs.alt, '');
    }
  }
});

test('each case-study thumbnail is one play button named "Play video: {company}", with one play icon and one logo per card', () => {
  const page = parsePage(caseStudies.html);
  const cards = page.all((e) => e.name === 'article' && e.attribs.class === 'case-card');
  assert.equal(cards.length, 8);
  for (const [index, study] of model.data['case-studies'].studies.entries()) {
    const within = (root: Element, predicate: (e: Element) => boolean) => findAll(predicate, root.children);
    const card = cards[index]!;
    const buttons = within(card, (e) => e.name === 'button');
    assert.equal(buttons.length, 1, study.company);
    assert.equal(buttons[0]!.attribs['aria-label'], `Play video: ${study.company}`);
    assert.equal(buttons[0]!.attribs.type, 'button');
    // No still in the content: the speaker's title card, with their name.
    assert.equal(study.thumbnail, undefined);
    assert.ok(page.text(within(buttons[0]!, withClass('video-title-card'))[0]!).includes(study.name), study.company);
    assert.equal(within(card, (e) => e.attribs.class === 'play-icon').length, 1, study.company);
    assert.equal(within(card, (e) => e.name === 'img' && e.attribs.src === study.logo).length, 1, study.company);
  }
});

test('each case study leads with its outcome and two or three figures, quotes at most two of its sentences, and keeps the whole quote behind a disclosure', () => {
  const page = parsePage(caseStudies.html);
  const cards = page.all((e) => e.name === 'article' && e.attribs.class === 'case-card');
  for (const [index, study] of model.data['case-studies'].studies.entries()) {
    const card = cards[index]!;
    const within = (predicate: (e: Element) => boolean) => findAll(predicate, card.children);
    const [outcome] = within((e) => e.name === 'h3');
    assert.equal(page.text(outcome!), study.outcome);
    const figures = within((e) => e.name === 'dd').map((dd) => page.text(dd));
    assert.deepEqual(
      figures,
      study.metrics.map((metric) => metric.value),
    );
    assert.ok(figures.length >= 2 && figures.length <= 3, study.company);
    const [quote] = within(withClass('case-quote'));
    const quoted = page.text(quote!).replace(/^“|”$/g, '');
    assert.ok(sentencesOf(quoted).length <= 2, study.company);
    for (const sentence of sentencesOf(quoted))
      assert.ok(sentencesOf(study.quote).includes(sentence), `${study.company}: "${sentence}" is the speaker's own`);
    const [story] = within((e) => e.name === 'details');
    assert.ok(story, study.company);
    assert.equal(page.text(findAll((e) => e.name === 'blockquote', story.children)[0]!), `“${study.quote}”`);
    // Outcome first: the heading comes before the figures, the figures before the quote.
    const order = within((e) => e.name === 'h3' || e.name === 'dl' || withClass('case-quote')(e)).map((e) => e.name);
    assert.deepEqual(order, ['h3', 'dl', 'blockquote']);
  }
});

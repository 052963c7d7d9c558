import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Element } from 'domhandler';
import { findAll } from 'domutils';
import type { SitePage } from '../../templates/site/routes.ts';
import { parsePage } from '../helpers/html.ts';
import { sitePages } from '../helpers/site-pages.ts';

// The server-rendered video markup: posters and play buttons, never a player frame.

const pages = await sitePages({ markdown: false });
const { model } = pages;
const render = (kind: SitePage['kind']) => pages.render(pages.routeOf(kind));
const home = render('home');
const caseStudies = render('case-studies');

test('no page ships a player frame: every video waits for the visitor', () => {
  for (const page of [home, caseStudies]) assert.doesNotMatch(page.html, /<iframe/i);
});

test("the home video is a lazy-loading island: a button named from content over the poster, with the privacy-enhanced player in its props", () => {
  const { customerVideo } = model.data.home;
  const page = parsePage(home.html);
  const [marker] = page.all((e) => e.attribs['data-island'] === 'VideoFacade');
  assert.ok(marker);
  assert.equal(marker.attribs['data-when'], 'visible');
  const [button] = page.all((e) => e.name === 'button' && e.attribs.class === 'video-facade');
  assert.equal(button!.attribs['aria-label'], customerVideo.playLabel);
  const [poster] = page.all((e) => e.name === 'img' && e.attribs.src === customerVideo.poster);
  assert.ok(poster, 'the poster is the configured image');
  assert.equal(poster.attribs.alt, '');
  assert.ok(Number(poster.attribs.width) > 0 && Number(poster.attribs.height) > 0);
  const props = JSON.parse(page.text(page.all((e) => e.name === 'script' && e.attribs['data-island-props'] === marker.attribs['data-id'])[0]!)) as { src: string };
  assert.equal(props.src, 'https://www.youtube-nocookie.com/embed/8Nq7bXy3mQ4?autoplay=1');
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
    assert.equal(within(buttons[0]!, (e) => e.name === 'img' && e.attribs.src === study.thumbnail && e.attribs.alt === '').length, 1, study.company);
    assert.equal(within(card, (e) => e.attribs.class === 'play-icon').length, 1, study.company);
    assert.equal(within(card, (e) => e.name === 'img' && e.attribs.src === study.logo).length, 1, study.company);
  }
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyEmbedRule } from '../../cli/render/markdown/markdown-embeds.ts';
import { renderMarkdown, type RenderedMarkdown } from '../../cli/render/markdown/render-markdown.ts';
import { parsePage } from '../helpers/html.ts';
import { sitePages } from '../helpers/site-pages.ts';
import { realSite } from '../helpers/real-site.ts';

// A video pasted into a post as its host's embed code plays on the site as every other video
// does: behind the click-to-load player, from the privacy-enhanced host, nothing loaded before.

const pages = await sitePages({ markdown: false });
const route = pages.routeOf('blog-post');
const post = pages.model.posts.find((candidate) => candidate.file === route.bodies[0])!;
const ui = pages.model.data.ui.embeddedVideo;

async function renderWith(markdown: string) {
  const written = await renderMarkdown(`${post.body}\n\n${markdown}\n`, post.bodyLine);
  const { body, warnings } = applyEmbedRule(written, realSite.definition.markdown?.embeds);
  // sitePages renders no body here (markdown: false) and keeps its bodies in a Map of its own.
  (pages.shared.markdown as Map<string, RenderedMarkdown>).set(post.file, body);
  return { page: pages.render(route), warnings };
}

test('a YouTube iframe in a post becomes the click-to-load player, named from its title, with no frame in the page', async () => {
  const { page, warnings } = await renderWith(
    '<iframe width="560" height="315" src="https://www.youtube.com/embed/dQw4w9WgXcQ?si=abc&start=30" title="Our QA process" frameborder="0" allowfullscreen></iframe>',
  );
  assert.deepEqual(warnings, []);
  assert.doesNotMatch(page.html, /<iframe/i);
  assert.deepEqual(page.islands, ['VideoFacade'], 'the page records the island, so the build adds its script');
  const html = parsePage(page.html);
  const [island] = html.all((element) => element.attribs['data-island'] === 'VideoFacade');
  assert.ok(island, 'the player island is in the post');
  const [button] = html.all((element) => element.name === 'button' && element.attribs.class === 'video-facade');
  assert.equal(button!.attribs['aria-label'], ui.playLabel.replace('{title}', 'Our QA process'));
  const props = JSON.parse(
    html.text(
      html.all(
        (element) => element.name === 'script' && element.attribs['data-island-props'] === island.attribs['data-id'],
      )[0]!,
    ),
  ) as { src: string; title: string };
  assert.deepEqual(props, {
    src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=30&autoplay=1',
    title: 'Our QA process',
    playLabel: ui.playLabel.replace('{title}', 'Our QA process'),
  });
});

test('a Wistia iframe without a title gets the generic title from content, and the author a finding; an iframe from another host is removed with a warning at its line', async () => {
  const { page, warnings } = await renderWith(
    '<iframe src="https://fast.wistia.net/embed/iframe/abc123xyz"></iframe>\n\n<iframe src="https://player.evil.example/v/1"></iframe>',
  );
  const html = parsePage(page.html);
  assert.equal(html.all((element) => element.attribs['data-island'] === 'VideoFacade').length, 1);
  assert.ok(page.html.includes(`aria-label="${ui.playLabel.replace('{title}', ui.title)}"`));
  assert.doesNotMatch(page.html, /evil\.example|sitegen-embed/);
  const lines = post.body.split('\n').length;
  // The player falls back to the site's generic title, and the content's accessibility check asks the author for the video's own.
  assert.deepEqual(
    warnings.map((warning) => `${warning.line} ${warning.code}`),
    [`${post.bodyLine + lines + 1} accessibility.embed-title`, `${post.bodyLine + lines + 3} markdown.html-removed`],
  );
  assert.match(
    warnings[1]!.message,
    /<iframe src=https:\/\/player\.evil\.example\/v\/1> removed: only videos from YouTube and Wistia are embedded/,
  );
});

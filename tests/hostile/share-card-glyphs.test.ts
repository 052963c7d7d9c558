import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Cache } from '../../cli/cache/cache.ts';
import type { ShareCardSpec } from '../../cli/config/share-card-spec.ts';
import { drawSharePictures } from '../../cli/share-card/draw-share-pictures.ts';
import type { ShareJob } from '../../cli/share-card/share-images.ts';
import { shareCard } from '../../templates/site/share-card.ts';
import { projectRoot } from '../helpers/content.ts';
import { loadSiteModel } from '../helpers/site-model.ts';

// A title in a script the card fonts lack is drawn with a Noto font for it, or, where no font
// has its characters, the page shares the home page's card and the build says so: never a card
// of "NO GLYPH" boxes in silence.

const { model } = await loadSiteModel();
const spec = shareCard as unknown as ShareCardSpec<never, never>;
const card = (route: string, title: string): ShareJob => ({
  file: `social${route === '/' ? '/index' : route}.png`,
  draw: 'card',
  card: { title, kind: 'Blog' },
  route,
  source: `content/posts${route}.md`,
});

test('titles in Arabic, Hebrew and mathematical letters are drawn with a fallback font; CJK, emoji and U+FFFD are reported and share the home card', async () => {
  const files = new Map<string, Uint8Array>();
  const jobs = [
    card('/', 'Embedded QA engineers'),
    card('/arabic', 'اختبار البرمجيات بالذكاء الاصطناعي'),
    card('/hebrew', 'בדיקות תוכנה'),
    card('/latin', 'Plain words'),
    card('/cjk', 'テスト自動化の基本'),
    card('/emoji', 'Launch day 🚀'),
    card('/math', 'The 𝐀𝐁𝐂 of tests'),
    card('/replacement', 'Broken \ufffd title'),
  ];
  const stats = await drawSharePictures(
    jobs,
    spec,
    () => shareCard.assets(model, projectRoot),
    { imagesDir: '', contentDir: '', cache: new Cache(undefined) },
    { write: (file, bytes) => void files.set(file, bytes) },
  );
  const warned = stats.warnings.map((warning) => [
    warning.code,
    warning.file,
    /the share card of (\S+)/.exec(warning.message)?.[1],
  ]);
  assert.deepEqual(
    warned,
    ['/cjk', '/emoji', '/replacement'].map((route) => ['share-card.missing-glyphs', `content/posts${route}.md`, route]),
  );
  assert.match(stats.warnings[0]!.message, /テ \(U\+30C6\)/);
  assert.match(stats.warnings[2]!.message, /U\+FFFD/);
  const home = Buffer.from(files.get('social/index.png')!);
  for (const route of ['/cjk', '/emoji', '/replacement'])
    assert.ok(home.equals(Buffer.from(files.get(`social${route}.png`)!)), `${route} shares the home card`);
  for (const route of ['/arabic', '/hebrew', '/math', '/latin'])
    assert.ok(!home.equals(Buffer.from(files.get(`social${route}.png`)!)), `${route} has its own card`);
});

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createElement } from 'react';
import type { CardAssets, ShareCardSpec } from '../../cli/config/share-card-spec.ts';
import type { TinyModel, TinyPage } from '../sites/tiny/templates/pages.tsx';
import { tinyRoot } from './sites.ts';

// A share card for the tiny site, for engine tests of planning and drawing cards: a small card,
// a flat background the spec draws once, the page's title in white in a box, the tiny site's
// square as its logo. A post may name a picture of its own (`pictures`), as a site's front matter would.

export const tinyCardColours = { background: '#123456', words: '#ffffff' } as const;

/** Posts that share a picture of their own, by slug: its site path, alt text and where the post names it. */
export type TinyPictures = Record<string, { image: string; alt?: string; line: number }>;

export interface TinyCardSpec extends ShareCardSpec<TinyModel, TinyPage> {
  /** How many times each part was drawn, for tests that count the work. */
  drawn: { background: number; words: number };
}

/** The tiny site's card spec; `words` may be replaced by a template of the test's own. */
export function tinyCard(
  options: { pictures?: TinyPictures; words?: ShareCardSpec<TinyModel, TinyPage>['words'] } = {},
): TinyCardSpec {
  const drawn = { background: 0, words: 0 };
  return {
    drawn,
    width: 400,
    height: 210,
    wordsBox: { left: 20, top: 60, width: 360, height: 120 },
    of(route, model) {
      const slug = route.page.kind === 'post' ? route.page.slug : undefined;
      const own = slug ? options.pictures?.[slug] : undefined;
      if (own)
        return {
          kind: 'image',
          image: own.image,
          alt: own.alt,
          file: path.join(tinyRoot, 'content', 'posts', `${slug}.md`),
          line: own.line,
        };
      const title =
        route.page.kind === 'post' ? model.posts.find((post) => post.slug === slug)!.title : model.site.title;
      return { kind: 'card', card: { title }, alt: `${title} | ${model.site.title}` };
    },
    assets: tinyCardAssets,
    async background(_assets, tools) {
      drawn.background += 1;
      // The engine's own rasteriser must work for a site's pictures: a small square, drawn into the corner.
      const mark = await tools.rasterise(
        readFileSync(path.join(tinyRoot, 'content', 'images', 'square.svg'), 'utf8'),
        10,
      );
      return createElement(
        'div',
        { style: { display: 'flex', width: 400, height: 210, backgroundColor: tinyCardColours.background } },
        createElement('div', {
          style: {
            display: 'flex',
            width: 10,
            height: 10,
            backgroundImage: `url(${mark})`,
            backgroundSize: '10px 10px',
          },
        }),
      );
    },
    words:
      options.words ??
      ((card, _assets) => {
        drawn.words += 1;
        return createElement(
          'div',
          {
            style: {
              display: 'flex',
              width: 360,
              height: 120,
              color: tinyCardColours.words,
              fontSize: 28,
              fontWeight: 600,
              fontFamily: 'Inter',
            },
          },
          String(card.title),
        );
      }),
    logoAlt: (model) => model.site.title,
  };
}

/** One weight of Inter from the npm registry and the tiny site's square as the logo. */
export function tinyCardAssets(model: TinyModel): CardAssets {
  const require = createRequire(import.meta.url);
  const font = readFileSync(require.resolve('@fontsource/inter/files/inter-latin-600-normal.woff'));
  const logoSvg = readFileSync(path.join(tinyRoot, 'content', 'images', 'square.svg'), 'utf8');
  const fingerprint = createHash('sha256').update(font).update(logoSvg).update(model.site.title).digest('hex');
  return { fonts: [{ name: 'Inter', data: font, weight: 600, style: 'normal' }], fingerprint, logoSvg, data: {} };
}

import { locateFrontMatterField, type ShareCardOf, type ShareCardSpec } from 'sitegen/site';
import ShareCardText, { cardSize, ShareCardFrame, textBox } from '../share-card/ShareCard.tsx';
import { readCardAssets, type CardData } from './card-assets.ts';
import type { Post, SiteModel } from './model.ts';
import type { SitePage } from './routes.ts';
import { termTitle } from './blog-terms.ts';
import { blogAuthorPath, blogIndexPath, blogTermListPath, blogTermPath } from './urls.ts';

// What each page's share card says: the page's title and what kind of page it is. The title is
// the page's own (without the brand the document title adds); the kind is a post's category,
// an audience page's hero eyebrow ("For Startups"), an author's role after the label of authors'
// pages, or the label content/data/share-cards.json gives that kind of page.

/** The words on one card. */
export interface CardText {
  title: string;
  kind: string;
}

/** The title and kind of the page a route renders. */
export function cardTextFor(route: { page: SitePage }, model: SiteModel): CardText {
  const { data } = model;
  const kinds = data['share-cards'].kinds;
  const page = route.page;
  switch (page.kind) {
    case 'home':
      return { title: data.home.meta.title, kind: kinds.home };
    case 'audience': {
      const audience = data.audiences.find((a) => a.slug === page.slug)!;
      return { title: audience.meta.title, kind: audience.hero.eyebrow };
    }
    case 'guide':
      return { title: data.guides.find((g) => g.topic === page.topic)!.overview.meta.title, kind: kinds.guide };
    case 'guide-article':
      return { title: model.guides.find((g) => g.topic === page.topic)!.title, kind: kinds['guide-article'] };
    case 'blog-index':
      return { title: data.blog.meta.title, kind: kinds['blog-index'] };
    case 'blog-term':
      return { title: termTitle(model, page.taxonomy, page.slug), kind: kinds['blog-index'] };
    case 'blog-terms':
      return { title: data.blog.termLists[page.taxonomy].title, kind: kinds['blog-index'] };
    case 'blog-post': {
      const post = postsBySlug(model).get(page.slug)!;
      return { title: post.title, kind: post.category };
    }
    case 'blog-author': {
      const person = model.people.get(page.id)!;
      return { title: person.name, kind: `${kinds['blog-author']}: ${person.role}` };
    }
    case 'case-studies':
      return { title: data['case-studies'].meta.title, kind: kinds['case-studies'] };
    case 'humans':
      return { title: data.humans.meta.title, kind: kinds.humans };
    case 'getting-started':
      return { title: data['getting-started'].meta.title, kind: kinds['getting-started'] };
    case 'toolkit':
      return { title: data.toolkit.meta.title, kind: kinds.toolkit };
    case 'legal':
      return { title: model.legal.find((l) => l.slug === page.slug)!.title, kind: kinds.legal };
    case 'search':
      return { title: data.search.meta.title, kind: kinds.search };
    case 'not-found':
      return { title: data.ui.notFound.metaTitle, kind: kinds['not-found'] };
    case 'redirect':
      return { title: data.home.meta.title, kind: kinds.home };
  }
}

const postIndexes = new WeakMap<Post[], Map<string, Post>>();

/** Posts by slug, indexed once per model: a blog of thousands of posts is not scanned per page. */
export function postsBySlug(model: SiteModel): Map<string, Post> {
  let index = postIndexes.get(model.posts);
  if (!index) postIndexes.set(model.posts, (index = new Map(model.posts.map((post) => [post.slug, post]))));
  return index;
}

/** The site's share cards: each page's title and kind on the brand's frame, or a post's own picture. */
export const shareCard: ShareCardSpec<SiteModel, SitePage> = {
  ...cardSize,
  wordsBox: textBox,
  of(route, model): ShareCardOf {
    // A list's later pages share its first page's card: the same words, drawn once.
    const page = route.page;
    if (page.kind === 'blog-index' && page.page > 1) return { kind: 'same-as', path: blogIndexPath };
    if (page.kind === 'blog-term' && page.page > 1)
      return { kind: 'same-as', path: blogTermPath(page.taxonomy, page.slug) };
    if (page.kind === 'blog-terms' && page.page > 1) return { kind: 'same-as', path: blogTermListPath(page.taxonomy) };
    if (page.kind === 'blog-author' && page.page > 1) return { kind: 'same-as', path: blogAuthorPath(page.id) };
    const post = route.page.kind === 'blog-post' ? postsBySlug(model).get(route.page.slug) : undefined;
    if (post?.socialImage) {
      const frontMatter =
        model.content.collections.posts!.find((entry) => entry.file === post.file)?.frontMatterText ?? '';
      return {
        kind: 'image',
        image: post.socialImage,
        alt: post.socialImageAlt,
        file: post.file,
        line: locateFrontMatterField(frontMatter, 'socialImage'),
      };
    }
    const text = cardTextFor(route, model);
    return { kind: 'card', card: { ...text }, alt: `${text.kind}: ${text.title} | ${model.data.site.brand}` };
  },
  assets: (model, root) => readCardAssets(root, model),
  async background(assets, tools) {
    const { brand, host, colours, brandMark } = assets.data as CardData;
    const [mark, watermark] = await Promise.all([
      tools.rasterise(brandMark, 60),
      tools.rasterise(brandMark, 460, 0.07),
    ]);
    return ShareCardFrame({ brand, host, colours, brandMark: mark, watermark });
  },
  words: (card, assets) =>
    ShareCardText({ ...(card as unknown as CardText), colours: (assets.data as CardData).colours }),
  logoAlt: (model) => model.data.site.brand,
};

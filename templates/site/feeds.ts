// The blog's RSS feeds: every post, and each tag's and category's posts, newest first.
import type { FeedSpec } from 'sitegen/site';
import { fillTerm, termFeedTitle, termWords } from './blog-terms.ts';
import type { Post, SiteModel } from './model.ts';
import { postsBySlug } from './share-card.ts';
import { blogIndexPath, blogPostPath, blogTermFeedPath, blogTermPath, feedPath, type BlogTaxonomy } from './urls.ts';

/** How many posts a feed carries: readers poll feeds, and a reader wants what is new. */
const feedLength = 50;

function items(posts: readonly Post[]): FeedSpec['items'] {
  return posts.slice(0, feedLength).map((post) => ({
    title: post.title,
    path: blogPostPath(post.slug),
    date: post.date,
    category: post.category,
    description: post.excerpt,
  }));
}

/** The whole blog's feed at /feed.xml, then one per tag and per category beside its page. */
export function blogFeeds(model: SiteModel): FeedSpec[] {
  const { site, blog } = model.data;
  const bySlug = postsBySlug(model);
  const termFeeds = (taxonomy: BlogTaxonomy) =>
    (taxonomy === 'tag' ? model.terms.tags : model.terms.categories).map((term): FeedSpec => ({
      path: blogTermFeedPath(taxonomy, term.slug),
      title: termFeedTitle(model, taxonomy, term.name),
      description: fillTerm(termWords(model, taxonomy).description, taxonomy, term.name),
      link: blogTermPath(taxonomy, term.slug),
      language: 'en',
      items: items(term.items.map((slug) => bySlug.get(slug)!)),
    }));
  return [
    {
      path: feedPath,
      title: `${site.brand} ${blog.post.titleSuffix}`,
      description: blog.meta.description,
      link: blogIndexPath,
      language: 'en',
      items: items(model.posts),
    },
    ...termFeeds('tag'),
    ...termFeeds('category'),
  ];
}

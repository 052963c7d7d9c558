import { fillText } from '../../client/islands/blog-filter.ts';
import { PagerHead } from '../components/blog/Pager.tsx';
import PostList from '../components/blog/PostList.tsx';
import TermLinks from '../components/blog/TermLinks.tsx';
import Icon from '../components/Icon.tsx';
import Layout, { useTitle } from '../components/Layout.tsx';
import PageHero from '../components/PageHero.tsx';
import SiteLink from '../components/SiteLink.tsx';
import { usePage } from '../components/page-context.ts';
import { pageCount, pageItems, pagerProps, postSummary, termLinks } from '../site/blog-list.ts';
import { fillTerm, termFeedTitle, termOf, termWords } from '../site/blog-terms.ts';
import { postsBySlug } from '../site/share-card.ts';
import { blogIndexPath, blogTermFeedPath, blogTermPath, type BlogTaxonomy } from '../site/urls.ts';

/**
 * A page of one tag's or category's posts: a static list with its pager, its feed, and the
 * sidebar's links to the most used tags and categories (and to the pages listing them all). It needs no JavaScript and loads none.
 */
export default function BlogTermPage({ taxonomy, slug, page }: { taxonomy: BlogTaxonomy; slug: string; page: number }) {
  const { model, images } = usePage();
  const blog = model.data.blog;
  const term = termOf(model, taxonomy, slug);
  const words = termWords(model, taxonomy);
  const count = pageCount(term.items.length, blog.pageSize);
  const bySlug = postsBySlug(model);
  const posts = pageItems(term.items, blog.pageSize, page).map((postSlug) =>
    postSummary(bySlug.get(postSlug)!, model, images),
  );
  const pager = pagerProps(model, blogTermPath(taxonomy, slug), page, count);
  const links = termLinks(model, { taxonomy, slug });
  const onPage = (text: string) => (page === 1 ? text : fillText(blog.pager.pageTitle, { title: text, page, count }));
  const title = onPage(fillTerm(words.title, taxonomy, term.name));
  const feed = blogTermFeedPath(taxonomy, slug);
  const feedTitle = termFeedTitle(model, taxonomy, term.name);
  const labels = { readMore: blog.readMore, readMoreContext: blog.readMoreContext, tags: model.data.ui.tagsLabel };
  const postCount = fillTerm(
    term.items.length === 1 ? words.count.one : words.count.other,
    taxonomy,
    term.name,
    term.items.length,
  );
  return (
    <Layout
      meta={{
        title: useTitle(title),
        description: fillTerm(words.description, taxonomy, term.name),
        head: (
          <>
            <link rel="alternate" type="application/rss+xml" title={feedTitle} href={feed} />
            <PagerHead pager={pager} />
          </>
        ),
      }}
    >
      <PageHero
        before={
          <SiteLink href={blogIndexPath} className="back-link">
            <Icon name="arrow-left" size={16} />
            {blog.post.backLabel}
          </SiteLink>
        }
        headline={onPage(fillTerm(words.heading, taxonomy, term.name))}
        text={postCount}
      />
      <div className="container">
        <div className="blog-layout">
          <aside className="blog-sidebar" aria-label={model.data.ui.filterPostsLabel}>
            <TermLinks
              kind="categories"
              heading={blog.categoriesHeading}
              all={{ name: blog.allCategories, href: links.all }}
              terms={links.categories}
              more={links.more.categories}
              current={taxonomy === 'category' ? term.name : undefined}
            />
            <TermLinks
              kind="tags"
              heading={blog.tagsHeading}
              all={{ name: blog.allTags, href: links.all }}
              terms={links.tags}
              more={links.more.tags}
              current={taxonomy === 'tag' ? term.name : undefined}
            />
          </aside>
          <div className="blog-main">
            <section className="blog-results" aria-labelledby="all-posts-heading">
              <div className="results-header">
                <h2 id="all-posts-heading">{blog.allPostsHeading}</h2>
                <a className="feed-link" href={feed} type="application/rss+xml">
                  <Icon name="rss" size={16} />
                  {blog.feedLink}
                  <span className="visually-hidden">: {feedTitle}</span>
                </a>
              </div>
              <PostList posts={posts} labels={labels} pager={pager} />
            </section>
          </div>
        </div>
      </div>
    </Layout>
  );
}

import { fillText } from '../../client/islands/blog-filter.ts';
import Pager, { PagerHead } from '../components/blog/Pager.tsx';
import Icon from '../components/Icon.tsx';
import Layout, { useTitle } from '../components/Layout.tsx';
import PageHero from '../components/PageHero.tsx';
import SiteLink from '../components/SiteLink.tsx';
import { usePage } from '../components/page-context.ts';
import { pageCount, pageItems, pagerProps } from '../site/blog-list.ts';
import { termList } from '../site/blog-terms.ts';
import { blogIndexPath, blogTermListPath, blogTermPath, type BlogTaxonomy } from '../site/urls.ts';

/**
 * A page of the list of every tag or every category, alphabetical, each with how many posts it
 * has: where the sidebars of the blog's lists lead once a blog has more than they show. Plain
 * links and a pager; it needs no JavaScript and loads none.
 */
export default function BlogTermsPage({ taxonomy, page }: { taxonomy: BlogTaxonomy; page: number }) {
  const { model } = usePage();
  const blog = model.data.blog;
  const words = blog.termLists[taxonomy];
  const terms = termList(model, taxonomy);
  const count = pageCount(terms.length, blog.termLists.pageSize);
  const pager = pagerProps(model, blogTermListPath(taxonomy), page, count);
  const onPage = (text: string) => (page === 1 ? text : fillText(blog.pager.pageTitle, { title: text, page, count }));
  const posts = blog.results.posts;
  const postCount = (n: number) =>
    fillText(n === 1 ? (posts.one ?? posts.other) : posts.other, { count: n.toLocaleString('en-US') });
  return (
    <Layout
      meta={{ title: useTitle(onPage(words.title)), description: words.description, head: <PagerHead pager={pager} /> }}
    >
      <PageHero
        before={
          <SiteLink href={blogIndexPath} className="back-link">
            <Icon name="arrow-left" size={16} />
            {blog.post.backLabel}
          </SiteLink>
        }
        headline={onPage(words.heading)}
        text={fillText(terms.length === 1 ? words.count.one : words.count.other, {
          count: terms.length.toLocaleString('en-US'),
        })}
      />
      <div className="container">
        <ul className={`term-index term-index-${taxonomy}`}>
          {pageItems(terms, blog.termLists.pageSize, page).map((term) => (
            <li key={term.slug}>
              <SiteLink href={blogTermPath(taxonomy, term.slug)}>{term.name}</SiteLink>
              <span className="term-count">{postCount(term.items.length)}</span>
            </li>
          ))}
        </ul>
        {pager ? <Pager pager={pager} /> : null}
      </div>
    </Layout>
  );
}

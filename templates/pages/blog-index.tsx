import type { BlogLabels } from '../../client/islands/BlogExplorer.tsx';
import { PagerHead } from '../components/blog/Pager.tsx';
import Island from '../components/Island.tsx';
import Layout, { useTitle } from '../components/Layout.tsx';
import PageHero from '../components/PageHero.tsx';
import { usePage } from '../components/page-context.ts';
import { fillText } from '../../client/islands/blog-filter.ts';
import { pageCount, pageItems, pagerProps, postSummary, termLinks } from '../site/blog-list.ts';
import { blogIndexPath, blogPostsIndexPath } from '../site/urls.ts';

/**
 * Runs before first paint: arriving with a filter in the address (`?tag=AI`), the list is kept
 * out of sight until the explorer has applied it (BlogExplorer removes the class), so the posts
 * the filter hides never show and then move. Three seconds at most, should the script not come.
 */
const hideUntilFiltered =
  "if(/[?&](q|tag|category)=[^&]/.test(location.search)){var d=document.documentElement;d.classList.add('blog-pending');setTimeout(function(){d.classList.remove('blog-pending')},3000)}";

/** The words the explorer shows, from content/data/blog.json and ui.json. */
function useBlogLabels(): BlogLabels {
  const { model } = usePage();
  const blog = model.data.blog;
  return {
    featuredHeading: blog.featuredHeading,
    allPostsHeading: blog.allPostsHeading,
    searchLabel: blog.searchLabel,
    searchPlaceholder: blog.searchPlaceholder,
    clearLabel: blog.clearLabel,
    categoriesHeading: blog.categoriesHeading,
    allCategories: blog.allCategories,
    tagsHeading: blog.tagsHeading,
    allTags: blog.allTags,
    empty: blog.empty,
    clearFilters: blog.clearFilters,
    results: blog.results,
    readMore: blog.readMore,
    readMoreContext: blog.readMoreContext,
    filterPosts: model.data.ui.filterPostsLabel,
    tags: model.data.ui.tagsLabel,
    loading: blog.loading,
    loadFailed: blog.loadFailed,
    retry: blog.retry,
    showMore: blog.showMore,
  };
}

/**
 * A page of the blog's list: on the first, the featured posts; on each, its posts, the pager
 * and the sidebar's filters (the search needs JavaScript; the tag and category links and the
 * pager do not).
 */
export default function BlogIndexPage({ page }: { page: number }) {
  const { model, images } = usePage();
  const blog = model.data.blog;
  const labels = useBlogLabels();
  const count = pageCount(model.posts.length, blog.pageSize);
  const posts = pageItems(model.posts, blog.pageSize, page).map((post) => postSummary(post, model, images));
  const pager = pagerProps(model, blogIndexPath, page, count);
  const links = termLinks(model);
  const title = page === 1 ? blog.meta.title : fillText(blog.pager.pageTitle, { title: blog.meta.title, page, count });
  const featured = page === 1 ? model.posts.slice(0, 3).map((post) => postSummary(post, model, images)) : [];
  return (
    <Layout
      meta={{
        title: useTitle(title),
        description: blog.meta.description,
        head: (
          <>
            <script dangerouslySetInnerHTML={{ __html: hideUntilFiltered }} />
            <PagerHead pager={pager} />
          </>
        ),
      }}
    >
      <PageHero
        headline={page === 1 ? blog.heading : fillText(blog.pager.pageTitle, { title: blog.heading, page, count })}
        text={blog.intro}
      />
      <div className="container">
        <Island
          name="BlogExplorer"
          when="idle"
          props={{
            labels,
            posts,
            featured,
            pager,
            categories: links.categories,
            tags: links.tags,
            more: links.more,
            allHref: links.all,
            indexUrl: blogPostsIndexPath,
            pageSize: blog.pageSize,
          }}
        />
      </div>
    </Layout>
  );
}

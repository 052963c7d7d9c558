import type { BlogLabels } from '../../client/islands/BlogExplorer.tsx';
import type { PostSummary } from '../../client/islands/blog-filter.ts';
import { useSizedImage } from '../components/form-props.ts';
import { imageSizes } from '../components/image-sizes.ts';
import Island from '../components/Island.tsx';
import Layout, { useTitle } from '../components/Layout.tsx';
import PageHero from '../components/PageHero.tsx';
import { usePage } from '../components/page-context.ts';
import { usePageHref } from '../components/SiteLink.tsx';
import { blogPostPath } from '../site/urls.ts';

/**
 * Runs before first paint: arriving with a filter in the address (`?tag=AI`), the list is kept
 * out of sight until the explorer has applied it (BlogExplorer removes the class), so the posts
 * the filter hides never show and then move. Three seconds at most, should the script not come.
 */
const hideUntilFiltered = "if(/[?&](q|tag|category)=[^&]/.test(location.search)){var d=document.documentElement;d.classList.add('blog-pending');setTimeout(function(){d.classList.remove('blog-pending')},3000)}";

/** The blog list: featured posts, filters and every post (filters need JavaScript; the list and its links do not). */
export default function BlogIndexPage() {
  const { model } = usePage();
  const blog = model.data.blog;
  const sized = useSizedImage();
  const href = usePageHref();
  const posts: PostSummary[] = model.posts.map((post) => ({
    slug: post.slug,
    href: href(blogPostPath(post.slug)),
    title: post.title,
    excerpt: post.excerpt,
    dateText: post.dateText,
    readTime: post.readTime,
    category: post.category,
    tags: post.tags,
    image: sized(post.image, post.imageAlt, imageSizes.postCard),
  }));
  const labels: BlogLabels = {
    featuredHeading: blog.featuredHeading, allPostsHeading: blog.allPostsHeading, searchLabel: blog.searchLabel,
    searchPlaceholder: blog.searchPlaceholder, clearLabel: blog.clearLabel, categoriesHeading: blog.categoriesHeading,
    allCategories: blog.allCategories, tagsHeading: blog.tagsHeading, allTags: blog.allTags, empty: blog.empty,
    clearFilters: blog.clearFilters, results: blog.results, readMore: blog.readMore, readMoreContext: blog.readMoreContext,
    filterPosts: model.data.ui.filterPostsLabel, tags: model.data.ui.tagsLabel,
  };
  return (
    <Layout meta={{ title: useTitle(blog.meta.title), description: blog.meta.description, head: <script dangerouslySetInnerHTML={{ __html: hideUntilFiltered }} /> }}>
      <PageHero headline={blog.heading} text={blog.intro} />
      <div className="container">
        <Island
          name="BlogExplorer"
          when="load"
          props={{ posts, labels }}
        />
      </div>
    </Layout>
  );
}

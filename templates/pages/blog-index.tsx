import type { PostSummary } from '../../client/islands/blog-filter.ts';
import { useSizedImage } from '../components/form-props.ts';
import { imageSizes } from '../components/image-sizes.ts';
import Island from '../components/Island.tsx';
import Layout, { useTitle } from '../components/Layout.tsx';
import PageHero from '../components/PageHero.tsx';
import { usePage } from '../components/page-context.ts';
import { usePageHref } from '../components/SiteLink.tsx';
import { blogPostPath } from '../../cli/route/urls.ts';

/** The blog list: featured posts, filters and every post (filters need JavaScript; the list does not). */
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
  return (
    <Layout meta={{ title: useTitle(blog.meta.title), description: blog.meta.description }}>
      <PageHero headline={blog.heading} text={blog.intro} />
      <div className="container">
        <Island
          name="BlogExplorer"
          when="load"
          props={{
            posts,
            labels: {
              featuredHeading: blog.featuredHeading, allPostsHeading: blog.allPostsHeading, searchLabel: blog.searchLabel,
              searchPlaceholder: blog.searchPlaceholder, clearLabel: blog.clearLabel, categoriesHeading: blog.categoriesHeading,
              allCategories: blog.allCategories, tagsHeading: blog.tagsHeading, allTags: blog.allTags, empty: blog.empty, readMore: blog.readMore,
              filterPosts: model.data.ui.filterPostsLabel, tags: model.data.ui.tagsLabel,
            },
          }}
        />
      </div>
    </Layout>
  );
}

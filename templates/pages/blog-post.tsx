import type { PostSummary } from '../../client/islands/blog-filter.ts';
import { useSizedImage } from '../components/form-props.ts';
import Avatar from '../components/Avatar.tsx';
import Icon from '../components/Icon.tsx';
import Img from '../components/Img.tsx';
import { imageSizes } from '../components/image-sizes.ts';
import Layout from '../components/Layout.tsx';
import NextSteps from '../components/NextSteps.tsx';
import PageHero from '../components/PageHero.tsx';
import PostCard from '../components/PostCard.tsx';
import Prose from '../components/Prose.tsx';
import { relatedPosts } from '../components/related-posts.ts';
import SiteLink from '../components/SiteLink.tsx';
import { usePage } from '../components/page-context.ts';
import { blogAuthorPath, blogIndexPath, blogTagPath, guidePath } from '../site/urls.ts';
import { postSummary } from '../site/blog-list.ts';
import type { Post, SiteModel } from '../site/model.ts';

type Guide = SiteModel['data']['guides'][number];

const postIndexes = new WeakMap<Post[], Map<string, Post>>();

/** The post with this slug, from a map built once per model (not a scan of every post per page). */
function postBySlug(model: SiteModel, slug: string): Post | undefined {
  let index = postIndexes.get(model.posts);
  if (!index) postIndexes.set(model.posts, (index = new Map(model.posts.map((post) => [post.slug, post]))));
  return index.get(slug);
}

/**
 * A blog post (/blog/{slug}): header, image, highlighted body, tags and the guides sidebar, then
 * the next step: related posts and the call to action.
 */
export default function BlogPostPage({ slug }: { slug: string }) {
  const { model, markdown } = usePage();
  const { blog, site, guides, ui } = model.data;
  const post = postBySlug(model, slug)!;
  const sidebarGuides = blog.post.guides.map((topic) => guides.find((g) => g.topic === topic)!);
  const related = relatedPosts(post, model.posts);
  const summary = usePostSummary();
  const author = post.author === undefined ? undefined : model.people.get(post.author);
  const sized = useSizedImage();
  return (
    <Layout
      meta={{
        title: `${post.title} | ${site.brand} ${blog.post.titleSuffix}`,
        description: post.excerpt,
        type: 'article',
        search: {
          title: post.title,
          section: model.data.search.sections.blog,
          summary: post.excerpt,
          tags: post.tags,
          category: post.category,
        },
      }}
    >
      <article className="article">
        <PageHero
          className="article-header"
          before={
            <>
              <SiteLink href={blogIndexPath} className="back-link" data-pagefind-ignore="">
                <Icon name="arrow-left" size={16} />
                {blog.post.backLabel}
              </SiteLink>
              <p className="badge">{post.category}</p>
            </>
          }
          headline={post.title}
          after={
            <div className="article-byline">
              {author ? (
                <p className="byline">
                  <Avatar
                    person={{
                      name: author.name,
                      ...(author.photo ? { photo: sized(author.photo, '', imageSizes.avatar) } : {}),
                    }}
                    size="lg"
                  />
                  <span className="byline-text">
                    <SiteLink href={blogAuthorPath(author.id)} className="byline-name" rel="author">
                      {author.name}
                    </SiteLink>
                    <span className="byline-role">{author.role}</span>
                  </span>
                </p>
              ) : null}
              <p className="page-hero-meta">
                <time dateTime={post.date.toISOString().slice(0, 10)}>{post.dateText}</time>
                <span aria-hidden="true"> · </span>
                <span>{post.readTime}</span>
              </p>
            </div>
          }
        />
        <div className="container article-layout">
          <div className="article-main">
            <div className="article-frame">
              <Img src={post.image} alt={post.imageAlt} className="article-image" sizes={imageSizes.article} />
            </div>
            <Prose body={markdown.get(post.file)!} />
            {post.tags.length > 0 ? (
              <footer className="article-footer">
                <h2 className="sidebar-heading">{blog.post.tagsHeading}</h2>
                <ul className="tag-list">
                  {post.tags.map((tag) => (
                    <li key={tag}>
                      <SiteLink href={blogTagPath(tag)} className="tag tag-link">
                        {tag}
                      </SiteLink>
                    </li>
                  ))}
                </ul>
              </footer>
            ) : null}
          </div>
          <GuidesSidebar heading={blog.post.guidesHeading} guides={sidebarGuides} />
        </div>
      </article>
      {related.length > 0 ? (
        <NextSteps heading={ui.nextSteps.relatedPostsHeading}>
          {related.map((other) => (
            <PostCard
              key={other.slug}
              post={summary(other)}
              variant="grid"
              labels={{ readMore: blog.readMore, readMoreContext: blog.readMoreContext, tags: ui.tagsLabel }}
            />
          ))}
        </NextSteps>
      ) : null}
    </Layout>
  );
}

/** A post as a card shows it, its link written as the site publishes it (recorded for check-links). */
function usePostSummary(): (post: Post) => PostSummary {
  const page = usePage();
  const sized = useSizedImage();
  return (post) => {
    const summary = postSummary(post, page.model, page.images);
    page.links.push({ href: summary.href, origin: { kind: 'template', file: page.templateFile } });
    return { ...summary, image: sized(post.image, post.imageAlt, imageSizes.cardGrid) };
  };
}

/** The 'Explore Our Guides' sidebar of a post. */
function GuidesSidebar({ heading, guides }: { heading: string; guides: Guide[] }) {
  return (
    <aside className="article-sidebar" aria-labelledby="guides-sidebar-heading" data-pagefind-ignore="">
      <h2 id="guides-sidebar-heading" className="sidebar-heading">
        {heading}
      </h2>
      <ul className="sidebar-links">
        {guides.map((guide) => (
          <li key={guide.topic}>
            <SiteLink href={guidePath(guide.topic)}>
              <Icon name={guide.icon} size={18} />
              {guide.name}
            </SiteLink>
          </li>
        ))}
      </ul>
    </aside>
  );
}

import { fillText } from '../../client/islands/blog-filter.ts';
import Avatar from '../components/Avatar.tsx';
import { PagerHead } from '../components/blog/Pager.tsx';
import PostList from '../components/blog/PostList.tsx';
import { useSizedImage } from '../components/form-props.ts';
import Icon from '../components/Icon.tsx';
import { imageSizes } from '../components/image-sizes.ts';
import Layout, { useTitle } from '../components/Layout.tsx';
import PageHero from '../components/PageHero.tsx';
import SiteLink from '../components/SiteLink.tsx';
import { usePage } from '../components/page-context.ts';
import { pageCount, pageItems, pagerProps, postSummary } from '../site/blog-list.ts';
import { postsBySlug } from '../site/share-card.ts';
import { blogAuthorPath, blogIndexPath } from '../site/urls.ts';

/**
 * A page of one author's posts (/blog/authors/{id}): who they are (portrait or initials, role
 * and bio from content/data/people.json), then their posts, newest first, with a pager. Plain
 * links; it needs no JavaScript and loads none.
 */
export default function BlogAuthorPage({ id, page }: { id: string; page: number }) {
  const { model, images } = usePage();
  const blog = model.data.blog;
  const words = blog.authorPage;
  const person = model.people.get(id)!;
  const slugs = model.authors.find((author) => author.id === id)!.posts;
  const count = pageCount(slugs.length, blog.pageSize);
  const bySlug = postsBySlug(model);
  // Every card of the page is theirs: the cards leave the byline out.
  const posts = pageItems(slugs, blog.pageSize, page).map((slug) => {
    const { author: _author, ...summary } = postSummary(bySlug.get(slug)!, model, images);
    return summary;
  });
  const pager = pagerProps(model, blogAuthorPath(id), page, count);
  const sized = useSizedImage();
  const onPage = (text: string) => (page === 1 ? text : fillText(blog.pager.pageTitle, { title: text, page, count }));
  const labels = { readMore: blog.readMore, readMoreContext: blog.readMoreContext, tags: model.data.ui.tagsLabel };
  const heading = fillText(words.heading, { name: person.name });
  return (
    <Layout
      meta={{
        title: useTitle(onPage(fillText(words.title, { name: person.name }))),
        description: fillText(words.description, { name: person.name, role: person.role }),
        head: <PagerHead pager={pager} />,
      }}
    >
      <PageHero
        className="author-hero"
        before={
          <>
            <SiteLink href={blogIndexPath} className="back-link">
              <Icon name="arrow-left" size={16} />
              {blog.post.backLabel}
            </SiteLink>
            <Avatar
              person={{
                name: person.name,
                ...(person.photo ? { photo: sized(person.photo, '', imageSizes.avatarLarge) } : {}),
              }}
              size="xl"
            />
          </>
        }
        eyebrow={person.role}
        headline={onPage(person.name)}
        text={person.bio}
      />
      <div className="container">
        <section className="author-posts" aria-labelledby="author-posts-heading">
          <div className="results-header">
            <h2 id="author-posts-heading">{heading}</h2>
            <p className="results-summary">
              {fillText(slugs.length === 1 ? words.count.one : words.count.other, {
                count: slugs.length.toLocaleString('en-US'),
              })}
            </p>
          </div>
          <PostList posts={posts} labels={labels} pager={pager} />
        </section>
      </div>
    </Layout>
  );
}

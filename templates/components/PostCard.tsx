import type { PostSummary } from '../../client/islands/blog-filter.ts';
import { fillText } from '../../client/islands/blog-filter.ts';
import Avatar from './Avatar.tsx';
import Picture from './Picture.tsx';

/** The words a post card shows around a post, from content/data/blog.json and ui.json. */
export interface PostCardLabels {
  /** The visible link text, such as 'Read more'. */
  readMore: string;
  /** Read by assistive technology after `readMore`, naming the post: 'about {title}'. */
  readMoreContext: string;
  /** The accessible name of the tag list. */
  tags: string;
}

/** How a card is laid out: the featured lead post, a featured runner-up, or a grid entry. */
export type PostCardVariant = 'large' | 'small' | 'grid';

/** How many tags a small featured card shows before an ellipsis. */
export const smallCardTagLimit = 3;

/**
 * One post as a card: its illustration in a frame of the illustration's own shape, date and
 * read time, title, excerpt (not on small cards), its author (their role too, but on small
 * cards), tags and a 'Read more' link whose
 * accessible name and text content name the post. No hooks: templates and islands render it alike.
 */
export default function PostCard({
  post,
  labels,
  variant,
  headingLevel = 3,
}: {
  post: PostSummary;
  labels: PostCardLabels;
  variant: PostCardVariant;
  headingLevel?: 2 | 3 | 4;
}) {
  const Heading = `h${headingLevel}` as const;
  const tags = variant === 'small' ? post.tags.slice(0, smallCardTagLimit) : post.tags;
  return (
    <article className={`post-card post-card-${variant}`}>
      <div className="post-card-frame">
        <Picture image={post.image} loading={variant === 'grid' ? 'lazy' : 'eager'} />
      </div>
      <div className="post-card-body">
        <p className="post-meta">
          <span>{post.dateText}</span>
          <span aria-hidden="true"> · </span>
          <span>{post.readTime}</span>
        </p>
        <Heading className="post-card-title">
          <a href={post.href}>{post.title}</a>
        </Heading>
        {variant === 'small' ? null : <p className="post-excerpt">{post.excerpt}</p>}
        {post.author ? (
          <p className="byline post-card-author">
            <Avatar person={post.author} size="sm" />
            <span className="byline-text">
              <span className="byline-name">{post.author.name}</span>
              {variant === 'small' ? null : <span className="byline-role">{post.author.role}</span>}
            </span>
          </p>
        ) : null}
        {tags.length > 0 ? (
          <ul className="tag-list" aria-label={labels.tags}>
            {tags.map((tag) => (
              <li key={tag} className="tag">
                {tag}
              </li>
            ))}
            {variant === 'small' && post.tags.length > smallCardTagLimit ? (
              <li className="tag tag-more" aria-hidden="true">
                …
              </li>
            ) : null}
          </ul>
        ) : null}
        {/* The post's title follows the visible words as visually hidden text (not aria-label), so
            the link's text itself names the post for search engines and link lists alike. */}
        <a className="read-more" href={post.href}>
          {labels.readMore}
          <span className="visually-hidden"> {fillText(labels.readMoreContext, { title: post.title })}</span>
        </a>
      </div>
    </article>
  );
}

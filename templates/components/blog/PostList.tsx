import type { PostSummary } from '../../../client/islands/blog-filter.ts';
import PostCard, { type PostCardLabels } from '../PostCard.tsx';
import Pager, { type PagerProps } from './Pager.tsx';

/** A static page of a list of posts, as grid cards, and its pager when the list has more pages. No hooks. */
export default function PostList({
  posts,
  labels,
  pager,
}: {
  posts: PostSummary[];
  labels: PostCardLabels;
  pager: PagerProps | null;
}) {
  return (
    <>
      <ul className="post-grid">
        {posts.map((post) => (
          <li key={post.slug}>
            <PostCard post={post} labels={labels} variant="grid" />
          </li>
        ))}
      </ul>
      {pager ? <Pager pager={pager} /> : null}
    </>
  );
}

import type { Archetype } from 'sitegen/site';

/** What new-post and import write: a post named by its slug, with its title, date and tags. */
export const postArchetype: Archetype = {
  collection: 'posts',
  fields: [],
  frontMatter: ({ title, date, draft }) => ({ title, date, ...(draft ? { draft: true } : {}) }),
  body: 'Body.\n',
  path: (slug) => `/posts/${slug}`,
  imported: (post) => ({
    title: post.title,
    date: post.date,
    ...(post.tags.length > 0 ? { tags: post.tags } : {}),
    ...(post.image && post.imageAlt ? { image: post.image, imageAlt: post.imageAlt } : {}),
    ...(post.draft ? { draft: true } : {}),
  }),
};

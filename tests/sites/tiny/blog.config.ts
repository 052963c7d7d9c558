// The tiny site as a blog that other blogs move into: its posts take `aliases` (their old
// addresses, each redirected to the post), the old feed addresses of other generators redirect
// to its feed, and YouTube's player is embedded beside video.example's. The import tests bring
// posts into it, then build it and serve it as a host would.
import { z } from 'zod';
import { defineSite, formerFeedPaths, redirectSource, type ImportedEntry, type RedirectSpec } from 'sitegen/site';
import tiny from './sitegen.config.ts';
import { postSchema as tinyPostSchema } from './templates/schemas.ts';
import { renderPage, type TinyModel, type TinyPage } from './templates/pages.tsx';

const postSchema = tinyPostSchema.extend({ aliases: z.array(redirectSource).optional() }).strict();

type BlogModel = TinyModel & { aliases: RedirectSpec[] };

const posts = tiny.content.collections.posts!;
const archetype = tiny.archetypes!.post!;

export default defineSite<BlogModel, TinyPage>({
  ...tiny,
  content: { ...tiny.content, collections: { posts: { ...posts, schema: postSchema } } },
  model: (content, options) => ({
    ...tiny.model(content, options),
    aliases: content.collections.posts!.flatMap((entry) =>
      ((entry.data.aliases as string[] | undefined) ?? []).map((from) => ({
        from,
        to: `/posts/${entry.name}`,
        origin: { kind: 'markdown' as const, file: entry.file, field: 'aliases' },
      })),
    ),
  }),
  redirects: (model) => [
    ...tiny.redirects!(model),
    ...model.aliases,
    ...formerFeedPaths.filter((from) => from !== '/feed.xml').map((from) => ({ from, to: '/feed.xml' })),
  ],
  render: renderPage,
  markdown: {
    embeds: {
      accepts: (src) =>
        src.startsWith('https://video.example/') || src.startsWith('https://www.youtube-nocookie.com/embed/'),
      description: 'videos from video.example and YouTube',
    },
  },
  archetypes: {
    post: {
      ...archetype,
      imported: (post: ImportedEntry) => ({
        ...archetype.imported!(post),
        ...(post.aliases.length > 0 ? { aliases: post.aliases } : {}),
      }),
    },
  },
});

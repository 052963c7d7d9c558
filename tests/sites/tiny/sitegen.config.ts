// A tiny site built by the same engine in the tests: a few posts, a home page, a search page, a
// 404 page, one stylesheet. Engine behaviour is tested on sites like it, never on the marketing site.
import { defineSite } from 'sitegen/site';
import { postArchetype } from './templates/archetypes.ts';
import { renderPage, type TinyModel, type TinyPage } from './templates/pages.tsx';
import { postSchema, siteSchema } from './templates/schemas.ts';

export default defineSite<TinyModel, TinyPage>({
  content: {
    // A post is a file, or a page bundle (`posts/<name>/index.md` with its files) published beside its page.
    collections: {
      posts: { folder: 'posts', schema: postSchema, dated: true, bundles: { page: (entry) => `/posts/${entry.name}` } },
    },
    data: { site: siteSchema },
    images: 'images',
  },
  model: (content) => ({
    site: content.data.site as TinyModel['site'],
    posts: content.collections.posts!.map((entry) => ({
      file: entry.file,
      slug: entry.name,
      title: String(entry.data.title),
      date: entry.date!,
      tags: (entry.data.tags as string[] | undefined) ?? [],
    })),
  }),
  settings: (model) => ({ siteUrl: model.site.url, trailingSlash: 'always', language: 'en' }),
  // Each post and the home page have a Markdown copy: a post's is its body, the home page's Markdown the site writes.
  routes: (model) => [
    {
      path: '/',
      page: { kind: 'home' },
      source: 'content/data/site.json',
      markdown: {
        section: 'Pages',
        title: model.site.title,
        description: 'Where to start.',
        body: { markdown: 'Start with [the first post](/posts/hello/), or [search](/search/).\n' },
      },
    },
    ...model.posts.map((post) => ({
      path: `/posts/${post.slug}`,
      page: { kind: 'post', slug: post.slug } as const,
      source: post.file,
      bodies: [post.file],
      lastModified: post.date,
      markdown: {
        section: 'Posts',
        title: post.title,
        description: `${post.title}, a post of ${model.site.title}.`,
        date: post.date,
        tags: post.tags,
        body: { file: post.file },
      },
    })),
    // The posts mark themselves for search; the home page does not.
    { path: '/search', page: { kind: 'search' }, source: 'templates/pages.tsx', indexable: false },
    { path: '/404', page: { kind: 'not-found' }, source: 'templates/pages.tsx', notFound: true },
  ],
  redirects: () => [{ from: '/old-home', to: '/' }],
  llms: (model) => ({
    title: model.site.title,
    summary: 'A tiny site the engine tests build.',
    sections: ['Posts'],
    full: { title: 'Every page', description: 'The Markdown of every page, in one file.' },
  }),
  render: renderPage,
  client: { styles: 'templates/styles.css' },
  search: { page: '/search' },
  // Iframes from one made-up video host stay (in slots the template fills); any other is removed with a warning.
  markdown: {
    embeds: { accepts: (src) => src.startsWith('https://video.example/'), description: 'videos from video.example' },
  },
  archetypes: { post: postArchetype },
  feeds: (model) => [
    {
      path: '/feed.xml',
      title: model.site.title,
      description: 'Posts',
      link: '/',
      language: 'en',
      items: model.posts.map((post) => ({
        title: post.title,
        path: `/posts/${post.slug}`,
        date: post.date,
        description: post.title,
      })),
    },
  ],
});

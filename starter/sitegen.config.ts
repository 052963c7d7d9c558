// This site, as sitegen builds it: its content and schemas, the model its pages read, its pages
// and where each one is, and its stylesheet. docs/start-a-new-site.md in sitegen's repository
// says what else a definition may hold.
import { defineSite } from 'sitegen/site';
import { pageKinds, renderPage, type Model, type Page } from './templates/pages.tsx';
import { postSchema, siteSchema, type SiteData } from './templates/schemas.ts';

export default defineSite<Model, Page>({
  content: {
    collections: { posts: { folder: 'posts', schema: postSchema, dated: true } },
    data: { site: siteSchema },
    images: 'images',
  },
  model: (content) => ({
    site: content.data.site as SiteData,
    posts: content.collections.posts!.map((entry) => ({
      file: entry.file,
      slug: entry.name,
      title: String(entry.data.title),
      summary: String(entry.data.summary),
      date: entry.date!,
    })),
  }),
  settings: (model) => ({ siteUrl: model.site.url, trailingSlash: 'always' }),
  routes: (model) => [
    { path: '/', page: { kind: 'home' }, source: 'content/data/site.json' },
    { path: '/blog', page: { kind: 'blog' }, source: 'content/posts' },
    ...model.posts.map((post) => ({
      path: `/blog/${post.slug}`,
      page: { kind: 'post', slug: post.slug } as const,
      source: post.file,
      bodies: [post.file],
      lastModified: post.date,
    })),
    { path: '/404', page: { kind: 'not-found' }, source: pageKinds['not-found'].file, notFound: true },
  ],
  render: renderPage,
  templateFile: (page) => pageKinds[page.kind].file,
  client: { styles: 'templates/styles.css' },
  feeds: (model) => [
    {
      path: '/feed.xml',
      title: model.site.title,
      description: model.site.description,
      link: '/blog',
      language: 'en',
      items: model.posts.map((post) => ({
        title: post.title,
        path: `/blog/${post.slug}`,
        date: post.date,
        description: post.summary,
      })),
    },
  ],
});

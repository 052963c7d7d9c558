import type { ReactElement, ReactNode } from 'react';
import {
  fillSlots,
  formatPostDate,
  pageHref,
  pictureSources,
  type RenderContext,
  type RenderedMarkdown,
} from 'sitegen/site';
import type { SiteData } from './schemas.ts';

export interface Post {
  file: string;
  slug: string;
  title: string;
  summary: string;
  date: Date;
}

/** What every page reads: the site's data and its posts, newest first. */
export interface Model {
  site: SiteData;
  posts: Post[];
}

export type Page = { kind: 'home' } | { kind: 'blog' } | { kind: 'post'; slug: string } | { kind: 'not-found' };

type Context = RenderContext<Model, Page>;

/** A link the page writes, recorded so the build's link check can name where a broken one comes from. */
function Link({ href, children, context }: { href: string; children: ReactNode; context: Context }) {
  const target = pageHref(href, 'always');
  context.links.push({ href: target, origin: { kind: 'template', file: context.templateFile } });
  return <a href={target}>{children}</a>;
}

function Layout({ title, children, context }: { title: string; children: ReactNode; context: Context }) {
  const { site } = context.model;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title === site.title ? title : `${title} | ${site.title}`}</title>
        <meta name="description" content={site.description} />
        <link rel="stylesheet" href={context.assets.stylesheet} />
        <link rel="alternate" type="application/rss+xml" title={site.title} href="/feed.xml" />
      </head>
      <body>
        <header>
          <Link href="/" context={context}>
            {site.title}
          </Link>{' '}
          <Link href="/blog" context={context}>
            Blog
          </Link>
        </header>
        <main>{children}</main>
      </body>
    </html>
  );
}

/** A post's Markdown body as HTML, each image it names in its slot. */
function bodyHtml(body: RenderedMarkdown | undefined, context: Context): string {
  if (!body) return '';
  const attribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
  return fillSlots(body, (slot) => {
    const image = slot.kind === 'image' ? body.images?.[slot.index] : undefined;
    const entry = image && context.images.get(image.src);
    if (!image || !entry) return '';
    const sources = pictureSources(image.src, entry);
    return `<img src="${attribute(sources.src)}" alt="${attribute(image.alt)}" width="${entry.width}" height="${entry.height}">`;
  });
}

function PostList({ posts, context }: { posts: Post[]; context: Context }) {
  return (
    <ul className="posts">
      {posts.map((post) => (
        <li key={post.slug}>
          <Link href={`/blog/${post.slug}`} context={context}>
            {post.title}
          </Link>
          <p>
            <time dateTime={post.date.toISOString().slice(0, 10)}>{formatPostDate(post.date)}</time> · {post.summary}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** Each page kind: its template file, relative to the project, and what it renders. */
export const pageKinds: {
  [K in Page['kind']]: { file: string; render: (page: Extract<Page, { kind: K }>, context: Context) => ReactElement };
} = {
  home: {
    file: 'templates/pages.tsx',
    render: (_page, context) => (
      <Layout title={context.model.site.title} context={context}>
        <h1>{context.model.site.title}</h1>
        <p>{context.model.site.description}</p>
        <h2>Latest posts</h2>
        <PostList posts={context.model.posts.slice(0, 3)} context={context} />
      </Layout>
    ),
  },
  blog: {
    file: 'templates/pages.tsx',
    render: (_page, context) => (
      <Layout title="Blog" context={context}>
        <h1>Blog</h1>
        <PostList posts={context.model.posts} context={context} />
      </Layout>
    ),
  },
  post: {
    file: 'templates/pages.tsx',
    render: (page, context) => {
      const post = context.model.posts.find((candidate) => candidate.slug === page.slug)!;
      return (
        <Layout title={post.title} context={context}>
          <article>
            <h1>{post.title}</h1>
            <p>
              <time dateTime={post.date.toISOString().slice(0, 10)}>{formatPostDate(post.date)}</time>
            </p>
            <div dangerouslySetInnerHTML={{ __html: bodyHtml(context.markdown.get(post.file), context) }} />
          </article>
        </Layout>
      );
    },
  },
  'not-found': {
    file: 'templates/pages.tsx',
    render: (_page, context) => (
      <Layout title="Page not found" context={context}>
        <h1>Page not found</h1>
        <p>
          <Link href="/" context={context}>
            Back to the home page
          </Link>
        </p>
      </Layout>
    ),
  },
};

/** The page of a route, with the template of its kind. */
export function renderPage<K extends Page['kind']>(page: Extract<Page, { kind: K }>, context: Context): ReactElement {
  return pageKinds[page.kind as K].render(page, context);
}

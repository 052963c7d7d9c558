import type { ReactNode } from 'react';
import { fillSlots, pictureSources, type RenderContext, type RenderedMarkdown } from 'sitegen/site';

export interface TinyModel {
  site: { title: string; url: string };
  posts: { file: string; slug: string; title: string; date: Date; tags: string[] }[];
}

export type TinyPage = { kind: 'home' } | { kind: 'post'; slug: string } | { kind: 'search' } | { kind: 'not-found' };

type Context = RenderContext<TinyModel, TinyPage>;

/** A link the page writes, recorded for the link checker. */
function Link({ href, children, context }: { href: string; children: ReactNode; context: Context }) {
  context.links.push({ href, origin: { kind: 'template', file: context.templateFile } });
  return <a href={href}>{children}</a>;
}

function Layout({
  title,
  children,
  context,
  head,
}: {
  title: string;
  children: ReactNode;
  context: Context;
  head?: ReactNode;
}) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>{title}</title>
        <link rel="stylesheet" href={context.assets.stylesheet} />
        {context.route.copy ? <link rel="alternate" type="text/markdown" href={context.route.copy.url} /> : null}
        {head}
      </head>
      <body>
        <main>{children}</main>
      </body>
    </html>
  );
}

/**
 * A body's HTML with each image's slot filled by a plain `<img>` of the image's widest variant,
 * with every width in `srcset`, and each accepted embed's by its iframe.
 */
function bodyHtml(body: RenderedMarkdown | undefined, context: Context): string {
  if (!body) return '';
  const attribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
  return fillSlots(body, (slot) => {
    if (slot.kind === 'embed') {
      const embed = body.embeds?.[slot.index];
      return embed
        ? `<iframe src="${attribute(embed.src)}" title="${attribute(embed.title ?? 'Video')}"></iframe>`
        : '';
    }
    const image = body.images?.[slot.index];
    const entry = image && context.images.get(image.src);
    if (!image || !entry) return '';
    const sources = pictureSources(image.src, entry);
    return `<img src="${attribute(sources.src)}"${sources.srcSet ? ` srcset="${attribute(sources.srcSet)}"` : ''} alt="${attribute(image.alt)}" width="${entry.width}" height="${entry.height}">`;
  });
}

export function renderPage(page: TinyPage, context: Context) {
  const { model } = context;
  switch (page.kind) {
    case 'home':
      return (
        <Layout title={model.site.title} context={context}>
          <h1>{model.site.title}</h1>
          <ul>
            {model.posts.map((post) => (
              <li key={post.slug}>
                <Link href={`/posts/${post.slug}/`} context={context}>
                  {post.title}
                </Link>
              </li>
            ))}
          </ul>
        </Layout>
      );
    case 'post': {
      const post = model.posts.find((candidate) => candidate.slug === page.slug)!;
      // Indexed for search: the title and body, with the post's tags as a filter; the link home is not.
      return (
        <Layout
          title={post.title}
          context={context}
          head={post.tags.map((tag) => (
            <meta key={tag} data-pagefind-filter="tag[content]" content={tag} />
          ))}
        >
          <div data-pagefind-body="">
            <h1>{post.title}</h1>
            <article dangerouslySetInnerHTML={{ __html: bodyHtml(context.markdown.get(post.file), context) }} />
          </div>
          <Link href="/" context={context}>
            Home
          </Link>
        </Layout>
      );
    }
    case 'search': {
      // Loads the index's script only when asked to (the marketing site's island does it as a visitor types).
      return (
        <Layout title="Search" context={context}>
          <h1>Search</h1>
          <div id="search" data-script={context.assets.search} />
        </Layout>
      );
    }
    case 'not-found':
      return (
        <Layout title="Not found" context={context}>
          <h1>Not found</h1>
        </Layout>
      );
  }
}

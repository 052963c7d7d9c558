// The tiny site with long lists, as a site would build them with the engine's list helpers: a
// list of every post, one a page, and a page per tag, each linked to its neighbours.
import type { RouteSpec, SiteDefinition } from '../../cli/config/site-definition.ts';
import type { RenderContext } from '../../cli/config/render-context.ts';
import { listPagePath, pagerEntries, paginate } from '../../cli/route/paginate.ts';
import { collectTerms } from '../../cli/route/taxonomy.ts';
import tinyDefinition from '../sites/tiny/sitegen.config.ts';
import type { TinyModel, TinyPage } from '../sites/tiny/templates/pages.tsx';

export type ListModel = TinyModel & { tags: Map<string, string[]> };
export type ListPage = TinyPage | { kind: 'list'; first: string; number: number; slugs: string[]; count: number };

/** The tiny site with a list of every post, one a page, and a page per tag, each linked to its neighbours. */
export function listSite(files: SiteDefinition<ListModel, ListPage>['files']): SiteDefinition<ListModel, ListPage> {
  const tiny = tinyDefinition as unknown as SiteDefinition<TinyModel, TinyPage>;
  return {
    ...(tiny as unknown as SiteDefinition<ListModel, ListPage>),
    model: (content, options) => {
      const model = tiny.model(content, options);
      const tags = collectTerms(
        content.collections.posts!,
        (entry) => (entry.data.tags as string[] | undefined) ?? [],
      ).terms;
      const slugOf = (file: string) => model.posts.find((post) => post.file === file)!.slug;
      return {
        ...model,
        tags: new Map(tags.map((term) => [term.slug, term.items.map((entry) => slugOf(entry.file))])),
      };
    },
    routes: (model) => {
      const lists: [string, string[]][] = [
        ['/posts', model.posts.map((post) => post.slug)],
        ...[...model.tags].map(([slug, slugs]): [string, string[]] => [`/tags/${slug}`, slugs]),
      ];
      const listRoutes = lists.flatMap(([first, slugs]) =>
        paginate(slugs, 1, first).map((list): RouteSpec<ListPage> => ({
          path: listPagePath(first, list.number),
          page: { kind: 'list', first, number: list.number, slugs: list.items, count: list.count },
          source: 'content/data/site.json',
        })),
      );
      return [...(tiny.routes(model) as RouteSpec<ListPage>[]), ...listRoutes];
    },
    render: (page, context) => {
      if (page.kind !== 'list') return tiny.render(page, context as unknown as RenderContext<TinyModel, TinyPage>);
      const href = (n: number) => `${listPagePath(page.first, n)}/`.replace('//', '/');
      for (const entry of pagerEntries(page.number, page.count))
        if ('page' in entry)
          context.links.push({ href: href(entry.page), origin: { kind: 'template', file: 'lists' } });
      return (
        <html lang="en">
          <head>
            <meta charSet="utf-8" />
            <title>{`${page.first} ${page.number}`}</title>
          </head>
          <body>
            <main>
              <ul>
                {page.slugs.map((slug) => (
                  <li key={slug}>
                    <a href={`/posts/${slug}/`}>{slug}</a>
                  </li>
                ))}
              </ul>
              <nav>
                {pagerEntries(page.number, page.count).map((entry, i) =>
                  'page' in entry ? (
                    <a key={i} href={href(entry.page)}>
                      {entry.page}
                    </a>
                  ) : (
                    <span key={i}>…</span>
                  ),
                )}
              </nav>
            </main>
          </body>
        </html>
      );
    },
    files,
  };
}

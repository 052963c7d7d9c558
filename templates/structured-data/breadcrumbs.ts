import type { BreadcrumbList, WithContext } from 'schema-dts';
import { pageHref, type Route } from 'sitegen/site';
import type { SitePage } from '../site/routes.ts';
import { termTitle } from '../site/blog-terms.ts';
import { absoluteUrl, blogIndexPath, guidePath, homePath } from '../site/urls.ts';
import type { SiteModel } from '../site/model.ts';
import { postsBySlug } from '../site/share-card.ts';

/** One step of a trail: its name and site path (the page itself ends the trail at its canonical URL). */
interface Crumb {
  name: string;
  path?: string;
}

/**
 * The trail from the home page to a nested page (a post, a guide, a guide article, a service
 * page), as search results show it; undefined for the home page and top-level pages.
 */
export function breadcrumbsJsonLd(
  route: Route<SitePage>,
  model: SiteModel,
  canonical: string,
): WithContext<BreadcrumbList> | undefined {
  const trail = trailOf(route, model);
  if (!trail) return undefined;
  const { siteUrl, trailingSlash, brand } = model.data.site;
  const crumbs: Crumb[] = [{ name: brand, path: homePath }, ...trail];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: crumb.path === undefined ? canonical : absoluteUrl(siteUrl, pageHref(crumb.path, trailingSlash)),
    })),
  };
}

/** The steps after the home page; the last one is the page itself. */
function trailOf(route: Route<SitePage>, model: SiteModel): Crumb[] | undefined {
  const { data } = model;
  const page = route.page;
  switch (page.kind) {
    case 'blog-post':
      return [{ name: data.blog.meta.title, path: blogIndexPath }, { name: postsBySlug(model).get(page.slug)!.title }];
    case 'blog-term':
      return [
        { name: data.blog.meta.title, path: blogIndexPath },
        { name: termTitle(model, page.taxonomy, page.slug) },
      ];
    case 'blog-terms':
      return [{ name: data.blog.meta.title, path: blogIndexPath }, { name: data.blog.termLists[page.taxonomy].title }];
    case 'blog-author':
      return [{ name: data.blog.meta.title, path: blogIndexPath }, { name: model.people.get(page.id)!.name }];
    case 'guide':
      return [{ name: data.guides.find((g) => g.topic === page.topic)!.name }];
    case 'guide-article': {
      const guide = data.guides.find((g) => g.topic === page.topic)!;
      return [
        { name: guide.name, path: guidePath(page.topic) },
        { name: model.guides.find((g) => g.topic === page.topic)!.title },
      ];
    }
    case 'audience':
      return [{ name: data.audiences.find((a) => a.slug === page.slug)!.meta.title }];
    default:
      return undefined;
  }
}

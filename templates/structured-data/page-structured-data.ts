import type { Thing, WithContext } from 'schema-dts';
import { pageHref, type Route } from 'sitegen/site';
import type { SitePage } from '../site/routes.ts';
import { postsBySlug } from '../site/share-card.ts';
import { absoluteUrl, blogAuthorPath } from '../site/urls.ts';
import type { SiteModel } from '../site/model.ts';
import { blogPostingJsonLd } from './blog-posting.ts';
import { breadcrumbsJsonLd } from './breadcrumbs.ts';
import { organizationJsonLd, type SiteAddresses } from './organization.ts';

/** Where the page is and what it shares, as absolute URLs the layout computed for its head. */
export interface PageAddresses extends SiteAddresses {
  /** The page's canonical URL. */
  url: string;
  /** Its share picture; absent when the build drew none (a render without the share-card step). */
  image?: string;
}

/**
 * The JSON-LD items of a page: `Organization` on the home page, `BlogPosting` on a post, and a
 * `BreadcrumbList` on every nested page. Every address comes from the layout, so the structured
 * data names the same URLs as the canonical link and `og:image`.
 */
export function pageStructuredData(
  route: Route<SitePage>,
  model: SiteModel,
  page: PageAddresses,
): WithContext<Thing>[] {
  const site = model.data.site;
  const items: (WithContext<Thing> | undefined)[] = [];
  if (route.page.kind === 'home') items.push(organizationJsonLd(site, page, model.data.navigation.footer.social));
  if (route.page.kind === 'blog-post') {
    const post = postsBySlug(model).get(route.page.slug)!;
    const person = post.author === undefined ? undefined : model.people.get(post.author);
    const author = person && {
      person,
      url: absoluteUrl(site.siteUrl, pageHref(blogAuthorPath(person.id), site.trailingSlash)),
    };
    items.push(blogPostingJsonLd(post, site, page, page, author));
  }
  items.push(breadcrumbsJsonLd(route, model, page.url));
  return items.filter((item) => item !== undefined);
}

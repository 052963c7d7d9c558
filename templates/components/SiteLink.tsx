import { useContext, type AnchorHTMLAttributes, type ReactNode } from 'react';
import { LayoutScope, usePage } from './page-context.ts';
import { type LinkOrigin, pageHref } from 'sitegen/site';

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** A link from a dataset (its origin is known), or a path the template builds. */
  link?: { href: string; text?: string };
  href?: string;
  children?: ReactNode;
};

/**
 * An internal link that records where its href came from, for check-links, written under the
 * site's trailing-slash policy (`/blog` → `/blog/`). On the home page, `/#section` becomes
 * `#section` so header anchors scroll instead of reloading.
 */
export default function SiteLink({ link, href, children, ...rest }: Props) {
  const page = usePage();
  const inLayout = useContext(LayoutScope);
  const target = link?.href ?? href ?? '/';
  const written =
    hrefStyle(page.route) === 'home' && target.startsWith('/#')
      ? target.slice(1)
      : pageHref(target, page.model.data.site.trailingSlash);
  const known = link ? page.model.origins.get(link) : undefined;
  const origin = known ?? templateOrigin(inLayout ? 'templates/components/Layout.tsx' : page.templateFile);
  page.links.push({ href: written, origin: inLayout ? layoutOrigin(origin) : origin });
  return (
    <a href={written} {...rest}>
      {children ?? link?.text}
    </a>
  );
}

/** Writes a site path the way the site publishes it (its trailing-slash policy), for hrefs handed to islands. */
export function usePageHref(): (sitePath: string) => string {
  const policy = usePage().model.data.site.trailingSlash;
  return (sitePath) => pageHref(sitePath, policy);
}

/** How links are written on a page: on the home page, `/#section` becomes `#section`. */
export function hrefStyle(route: { path: string }): 'home' | 'other' {
  return route.path === '/' ? 'home' : 'other';
}

// Origins are shared by every page that renders the same link (the layout's links repeat on
// every page), instead of a new object per link per page.
const templateOrigins = new Map<string, LinkOrigin>();
const layoutOrigins = new WeakMap<LinkOrigin, LinkOrigin>();

function templateOrigin(file: string): LinkOrigin {
  let origin = templateOrigins.get(file);
  if (!origin) templateOrigins.set(file, (origin = { kind: 'template', file }));
  return origin;
}

function layoutOrigin(origin: LinkOrigin): LinkOrigin {
  let layout = layoutOrigins.get(origin);
  if (!layout) layoutOrigins.set(origin, (layout = { ...origin, kind: 'layout' }));
  return layout;
}

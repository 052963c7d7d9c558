import path from 'node:path';
import type { RecordedLink } from '../../templates/components/page-context.ts';
import type { RawContent } from './content.ts';
import { locateJsonField } from './locate.ts';
import type { LinkOrigin } from './origins.ts';
import type { RenderedPage } from './render.tsx';
import type { Redirect } from './routes.ts';

/** The file check-links reads to name the source of a broken link; see README "Route manifest". */
export const manifestFile = '.sitegen-manifest.json';

export interface SiteManifest {
  version: 1;
  siteUrl: string;
  routes: { path: string; file: string; ids: string[] }[];
  redirects: { from: string; to: string; origin?: LinkOrigin }[];
  links: { page: string; href: string; origin: LinkOrigin }[];
}

/** Every element id in a page, for fragment checks. */
export function collectIds(html: string): string[] {
  return [...html.matchAll(/\s(?:id|name)="([^"]+)"/g)].map((match) => match[1]!);
}

/** Builds the manifest from what the render recorded; file paths are made relative to `root`. */
export function buildManifest(options: { siteUrl: string; root: string; raw: RawContent; pages: RenderedPage[]; redirects: Redirect[]; extraLinks: Map<string, RecordedLink[]> }): SiteManifest {
  const { siteUrl, root, raw, pages, redirects, extraLinks } = options;
  const relative = (origin: LinkOrigin): LinkOrigin => ({ ...origin, file: path.isAbsolute(origin.file) ? path.relative(root, origin.file) : origin.file });
  const redirectsData = raw.data.get('redirects');
  const routePath = (p: string) => (p === '/' || p.endsWith('/') ? p : `${p}/`);
  return {
    version: 1,
    siteUrl,
    routes: pages.map((page) => ({ path: routePath(page.route.path), file: page.route.file, ids: collectIds(page.html) })),
    redirects: redirects.map((redirect, index) => ({
      from: redirect.from,
      to: redirect.to,
      origin: redirectsData
        ? relative({ kind: 'data', file: redirectsData.file, field: `[${index}].to`, ...locateJsonField(redirectsData.source, [index, 'to']) })
        : undefined,
    })),
    links: pages.flatMap((page) => [...page.links, ...(extraLinks.get(page.route.path) ?? [])].map((link) => ({
      page: routePath(page.route.path),
      href: link.href,
      origin: relative(link.origin),
    }))),
  };
}

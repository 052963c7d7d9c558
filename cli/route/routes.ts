import type { PageSpec, RedirectSpec, RouteSpec, SiteSettings } from '../config/site-definition.ts';
import type { Route } from '../config/render-context.ts';
import type { LinkOrigin } from '../shared/link-origins.ts';
import { pageFileFor, pageHref } from './trailing-slash.ts';
import { withoutTrailingSlash } from './urls.ts';

// A route's type is part of what a template reads (config/render-context.ts); other steps import it from here too.
export type { Route };

/** An old or alternative address that forwards to a page of the site. */
export interface Redirect {
  /** The old address without a trailing slash, %-encoded as `_redirects` and hosts take it (`redirectFrom`). */
  from: string;
  /** The target under the site's trailing-slash policy, query and fragment kept. */
  to: string;
  /**
   * The stub page written at `from`, for hosts that read no `_redirects` (GitHub Pages); at `from`
   * itself for an old `.html` address.
   */
  file: string;
  origin?: LinkOrigin;
}

/**
 * The site's pages as routes under its trailing-slash policy (two that write one file are refused
 * when the build claims its paths: pipeline/claim-step.ts). A page whose source or copied body is
 * one of `drafts` gets no Markdown copy: drafts never reach answer engines.
 */
export function buildRoutes<Page extends PageSpec>(
  specs: RouteSpec<Page>[],
  settings: SiteSettings,
  drafts: ReadonlySet<string> = new Set(),
): Route<Page>[] {
  const routes = specs.map((spec): Route<Page> => {
    const common = {
      page: spec.page,
      source: spec.source,
      bodies: spec.bodies ?? [],
      ...(spec.lastModified ? { lastModified: spec.lastModified } : {}),
    };
    // Hosts serve `404.html` for every unknown path; it has no address of its own.
    if (spec.notFound) {
      if (spec.markdown)
        throw new Error(
          `the site gives its not-found page ${spec.path} a Markdown copy: a copy goes beside a page's own address, which that page has not`,
        );
      return { path: spec.path, url: spec.path, file: '404.html', indexable: false, ...common };
    }
    const file = pageFileFor(spec.path, settings.trailingSlash);
    const copied =
      spec.markdown &&
      !drafts.has(spec.source) &&
      !('file' in spec.markdown.body && drafts.has(spec.markdown.body.file));
    if (spec.markdown && 'file' in spec.markdown.body && !common.bodies.includes(spec.markdown.body.file)) {
      throw new Error(
        `the Markdown copy of ${spec.path} names the body ${spec.markdown.body.file}, which is not one of the bodies its route shows`,
      );
    }
    const copy = copied ? { copy: { file: copyFileOf(file), url: `/${copyFileOf(file)}`, spec: spec.markdown! } } : {};
    return {
      path: spec.path,
      url: pageHref(spec.path, settings.trailingSlash),
      file,
      indexable: spec.indexable ?? true,
      ...common,
      ...copy,
    };
  });
  return routes;
}

/**
 * The file of a page's Markdown copy: its HTML file's, `.md` in place of `.html` (`a/index.md`, or `a.md` without
 * trailing slashes).
 */
export function copyFileOf(pageFile: string): string {
  return pageFile.replace(/\.html$/, '.md');
}

/** The site's redirects, each with its stub page (claimed with the pages: pipeline/claim-step.ts). */
export function buildRedirects(specs: RedirectSpec[], settings: SiteSettings): Redirect[] {
  const redirects = specs.map((spec): Redirect => {
    const decoded = decodedOldAddress(spec.from);
    // The site's schemas refuse such an address (`redirectSource`); a stub is never written above its folder.
    if (decoded.split('/').some((segment) => segment === '.' || segment === '..'))
      throw new Error(`the site redirects from ${JSON.stringify(spec.from)}: an old address has no . or .. segments`);
    return {
      from: withoutTrailingSlash(redirectFrom(spec.from)),
      to: pageHref(spec.to, settings.trailingSlash),
      // The stub is a file named as the host decodes the address it answers.
      file: /\.html?$/.test(decoded) ? decoded.replace(/^\/+/, '') : pageFileFor(decoded, settings.trailingSlash),
      ...(spec.origin ? { origin: spec.origin } : {}),
    };
  });
  return redirects;
}

/** An old address with its %-encoding decoded; a `%` that starts no `%XX` is a percent sign. */
export function decodedOldAddress(from: string): string {
  try {
    return decodeURIComponent(from.replace(/%(?![0-9A-Fa-f]{2})/g, '%25'));
  } catch {
    return from;
  }
}

/**
 * An old address as the build writes it (`_redirects`, the route manifest): each segment
 * decoded, then %-encoded as UTF-8 except for letters, digits, `-._~` and the characters browsers
 * send as they are (`!$&'()+,;=@`). A space or `%` in it is then no break in a `_redirects`
 * line, and a `:` or `*` is no placeholder or splat: `/notes/c'est:fini*` is written
 * `/notes/c'est%3Afini%2A`. Written either way, one address is one rule.
 */
export function redirectFrom(from: string): string {
  return decodedOldAddress(from)
    .split('/')
    .map((segment) =>
      encodeURIComponent(segment)
        .replace(/%(21|24|26|27|28|29|2B|2C|3B|3D|40)/g, (escape) => decodeURIComponent(escape))
        .replace(/\*/g, '%2A'),
    )
    .join('/');
}

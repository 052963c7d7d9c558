import type { ShareCardSpec, ShareImage, ShareImages } from '../config/share-card-spec.ts';
import type { PageSpec } from '../config/site-definition.ts';
import { SiteErrorList, type SiteError } from '../errors.ts';
import type { Route } from '../config/render-context.ts';
import { socialImageProblems, type SocialImageSource } from './social-image.ts';

// The pictures' types are part of what a template reads (config/share-card-spec.ts); other steps
// import them from here too.
export type { ShareImage, ShareImages };

// Which picture each page shares, decided before any page renders: the layout writes its
// address, size and alt text into the page while the pictures are still being drawn.

/** The folder of the output that holds every share picture and the logo. */
export const shareFolder = 'social';

/** The square logo search engines show beside the organisation's results. */
export const logoSize = 512;

/** One file to produce: a card drawn from its words, a page's own picture fitted to size, or the logo. */
export type ShareJob =
  /** `route` and `source` name the page in a warning about its card. */
  | { file: string; draw: 'card'; card: Record<string, unknown>; route: string; source: string }
  | { file: string; draw: 'social-image'; image: SocialImageSource }
  | { file: string; draw: 'logo' };

/** Every page's picture and the jobs that produce them. */
export interface SharePlan {
  images: ShareImages;
  jobs: ShareJob[];
}

/**
 * Plans one picture per route: its card, or the site's own picture when the page names one
 * (checked here for what its source shows: format and alt text; the file is read when it is
 * fitted).
 */
export function planShareImages<Model, Page extends PageSpec>(
  routes: readonly Route<Page>[],
  spec: ShareCardSpec<Model, Page>,
  model: Model,
): SharePlan {
  const size = { width: spec.width, height: spec.height };
  const byPath = new Map<string, ShareImage>();
  const jobs: ShareJob[] = [];
  const problems: SiteError[] = [];
  const shared: [string, string][] = [];
  for (const route of routes) {
    const of = spec.of(route, model);
    if (of.kind === 'same-as') {
      shared.push([route.path, of.path]);
    } else if (of.kind === 'image') {
      const source: SocialImageSource = { url: of.image, socialImageAlt: of.alt, file: of.file, line: of.line };
      problems.push(...socialImageProblems(source));
      const image = picture(route.path, /\.png$/i.test(of.image) ? 'image/png' : 'image/jpeg', of.alt ?? '', size);
      byPath.set(route.path, image);
      jobs.push({ file: image.path.slice(1), draw: 'social-image', image: source });
    } else {
      const image = picture(route.path, 'image/png', of.alt, size);
      byPath.set(route.path, image);
      jobs.push({ file: image.path.slice(1), draw: 'card', card: of.card, route: route.path, source: route.source });
    }
  }
  // Pages that share another's picture get it once every drawn picture is known; a page that is
  // not among the routes leaves them the fallback.
  for (const [path, other] of shared) {
    const image = byPath.get(other);
    if (image) byPath.set(path, image);
  }
  const logo: ShareImage = {
    path: `/${shareFolder}/logo.png`,
    width: logoSize,
    height: logoSize,
    type: 'image/png',
    alt: spec.logoAlt(model),
  };
  if (problems.length > 0) throw new SiteErrorList(problems);
  jobs.push({ file: logo.path.slice(1), draw: 'logo' });
  const fallback = byPath.get('/') ?? [...byPath.values()][0] ?? logo;
  return { images: { byPath, fallback, logo }, jobs };
}

function picture(
  routePath: string,
  type: ShareImage['type'],
  alt: string,
  size: { width: number; height: number },
): ShareImage {
  const name = routePath === '/' ? 'index' : routePath.replace(/^\/+|\/+$/g, '');
  const extension = type === 'image/png' ? 'png' : 'jpg';
  return { path: `/${shareFolder}/${name}.${extension}`, ...size, type, alt };
}

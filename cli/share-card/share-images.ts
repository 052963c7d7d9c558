import { SiteErrorList, type SiteError } from '../errors.ts';
import type { RawContent } from '../load/load-content.ts';
import { homePath } from '../route/urls.ts';
import type { Route } from '../route/routes.ts';
import { locateFrontMatterField } from '../validate/locate-field.ts';
import type { Post, SiteModel } from '../validate/model.ts';
import { cardTextFor, postsBySlug, type CardText } from './card-text.ts';
import { logoSize, sharePictureSize } from './picture-sizes.ts';
import { socialImageProblems, type SocialImageSource } from './social-image.ts';

// Which picture each page shares, decided before any page renders: the layout writes its
// address, size and alt text into the page while the pictures are still being drawn.

/** The folder of the output that holds every share picture and the logo. */
export const shareFolder = 'social';

/** A picture as the page's head names it. */
export interface ShareImage {
  /** Site path of the file: `/social/blog/a.png`. */
  path: string;
  width: number;
  height: number;
  type: 'image/png' | 'image/jpeg';
  alt: string;
}

/** What the build publishes for pages to share and search engines to show. */
export interface ShareImages {
  /** Each route's picture, by route path. */
  byPath: ReadonlyMap<string, ShareImage>;
  /** The picture of a page that has none of its own (a redirect's page): the home page's. */
  fallback: ShareImage;
  logo: ShareImage;
}

/** One file to produce: a card drawn from its text, a post's own picture fitted to size, or the logo. */
export type ShareJob =
  | { file: string; draw: 'card'; text: CardText }
  | { file: string; draw: 'social-image'; image: SocialImageSource }
  | { file: string; draw: 'logo' };

/** Every page's picture and the jobs that produce them. */
export interface SharePlan {
  images: ShareImages;
  jobs: ShareJob[];
}

/**
 * Plans one picture per route: its card, or the post's `socialImage` when it sets one (checked
 * here for what its front matter shows: format and alt text; the file is read when it is fitted).
 */
export function planShareImages(routes: readonly Route[], model: SiteModel, raw: RawContent): SharePlan {
  const brand = model.data.site.brand;
  const byPath = new Map<string, ShareImage>();
  const jobs: ShareJob[] = [];
  const problems: SiteError[] = [];
  for (const route of routes) {
    const post = route.page.kind === 'blog-post' ? postsBySlug(model).get(route.page.slug) : undefined;
    if (post?.socialImage) {
      const source = socialImageSource(post, post.socialImage, raw);
      problems.push(...socialImageProblems(source));
      const type = /\.png$/i.test(post.socialImage) ? 'image/png' : 'image/jpeg';
      const image = picture(route.path, type, post.socialImageAlt ?? post.title);
      byPath.set(route.path, image);
      jobs.push({ file: image.path.slice(1), draw: 'social-image', image: source });
    } else {
      const text = cardTextFor(route, model);
      const image = picture(route.path, 'image/png', `${text.kind}: ${text.title} | ${brand}`);
      byPath.set(route.path, image);
      jobs.push({ file: image.path.slice(1), draw: 'card', text });
    }
  }
  const logo: ShareImage = { path: `/${shareFolder}/logo.png`, width: logoSize, height: logoSize, type: 'image/png', alt: brand };
  if (problems.length > 0) throw new SiteErrorList(problems);
  jobs.push({ file: logo.path.slice(1), draw: 'logo' });
  const fallback = byPath.get(homePath) ?? [...byPath.values()][0] ?? logo;
  return { images: { byPath, fallback, logo }, jobs };
}

function socialImageSource(post: Post, url: string, raw: RawContent): SocialImageSource {
  const frontMatter = raw.posts.find((file) => file.file === post.file)?.frontMatterText ?? '';
  return { url, socialImageAlt: post.socialImageAlt, file: post.file, line: locateFrontMatterField(frontMatter, 'socialImage') };
}

function picture(routePath: string, type: ShareImage['type'], alt: string): ShareImage {
  const name = routePath === homePath ? 'index' : routePath.replace(/^\/+|\/+$/g, '');
  const extension = type === 'image/png' ? 'png' : 'jpg';
  return { path: `/${shareFolder}/${name}.${extension}`, ...sharePictureSize, type, alt };
}

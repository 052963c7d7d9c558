import type { Comment, Element, Text } from 'hast';
import { isImageFile, supportedFormatNames } from '../../images/raster-formats.ts';
import { altHints } from '../../images/alt-hints.ts';
import { isRelativeReference } from './relative-url.ts';
import type { MarkdownProblem } from './render-markdown.ts';

/** An image the site publishes, written in a Markdown body, at its line and column. */
export interface MarkdownImage {
  /**
   * Its path in the site, decoded: /images/posts/shot.png. As rendered, an image written with a
   * relative path keeps it (`./shot.png`, decoded); the build resolves it against the Markdown
   * file's folder (relative-references.ts).
   */
  src: string;
  /** Empty for an image marked decorative. */
  alt: string;
  title?: string;
  line: number;
  column: number;
}

/** The title that marks an image as decoration: `![](/images/divider.png "decorative")`. */
const decorativeTitle = 'decorative';

/** The HTML comment standing for image `index` of a body (raw HTML in Markdown is dropped, so no author can write one). */
export const imageMarker = (index: number): string => `sitegen-image:${index}`;

/** Finds the markers in a body's HTML; the first group is the image's index. */
export const imageMarkerPattern = /<!--sitegen-image:(\d+)-->/g;

/**
 * Checks one `img` of a body: it needs alt text unless its title is "decorative" (the title is
 * then dropped). An image from content/images (`/images/...`), or one beside the Markdown file
 * (a relative path, resolved by the build), is recorded and its element is to be replaced by the
 * returned marker; its extension must be one the build publishes. An image on another host is
 * refused, and its element replaced by nothing.
 */
export function recordSiteImage(element: Element, images: MarkdownImage[], problems: MarkdownProblem[]): Comment | Text | undefined {
  const { properties } = element;
  const line = element.position?.start.line ?? 1;
  const column = element.position?.start.column ?? 1;
  const src = typeof properties.src === 'string' ? properties.src : '';
  const decorative = typeof properties.title === 'string' && properties.title.trim().toLowerCase() === decorativeTitle;
  if (decorative) delete properties.title;
  const alt = typeof properties.alt === 'string' ? properties.alt.trim() : '';
  if (!decorative && alt === '') {
    problems.push({ code: 'image.missing-alt', message: `Image ${JSON.stringify(src.slice(0, 80))} has no alt text`, hint: altHints.markdown, line, column });
  }
  if (/^(?:[a-z][a-z0-9+.-]*:)?\/\//i.test(src)) {
    // The site's own policy lets pages load images from the site alone: another host's image
    // would be a broken one in production (and a tracking pixel where the policy is not applied).
    const message = `Image ${JSON.stringify(src.slice(0, 80))} is on another host; pages show only images the site publishes`;
    problems.push({ code: 'markdown.external-image', message, hint: 'Download it into the images folder (or beside the post) and link it by its path.', line, column });
    return { type: 'text', value: '' };
  }
  if (!src.startsWith('/images/') && !isRelativeReference(src)) return undefined;
  const sitePath = decodedPath(src);
  if (!isImageFile(sitePath)) {
    const message = `Image ${JSON.stringify(src.slice(0, 80))} is not in a format the build publishes`;
    problems.push({ code: 'image.unsupported-format', message, hint: `Export it as PNG (screenshots) or JPEG (photos); the build reads ${supportedFormatNames}.`, line, column });
    return undefined;
  }
  const title = typeof properties.title === 'string' ? properties.title : undefined;
  images.push({ src: sitePath, alt: decorative ? '' : alt, ...(title ? { title } : {}), line, column });
  return { type: 'comment', value: imageMarker(images.length - 1) };
}

/** The path of an image URL as content/images names files: without query or fragment, percent-decoded. */
function decodedPath(src: string): string {
  const pathOnly = src.split(/[?#]/)[0]!;
  try {
    return decodeURI(pathOnly);
  } catch {
    return pathOnly;
  }
}

import type { Element, Text } from 'hast';
import { isImageFile, supportedFormatNames } from '../../images/raster-formats.ts';
import { altHints } from '../../images/alt-hints.ts';
import { readUrlReference } from '../../shared/url-reference.ts';
import { bodySlot, type SlotNode } from './body-slots.ts';
import type { MarkdownProblem } from './render-markdown.ts';

/** An image the site publishes, written in a Markdown body, at its line and column. */
export interface MarkdownImage {
  /**
   * Its path in the site, decoded: /images/posts/shot.png. As rendered, an image written with a
   * relative path has it instead, normalised as a browser reads it and decoded (`shots/run.png`
   * for `./shots\run.png`; never starting with `/`); the build resolves it against the Markdown
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

/**
 * Checks one `img` of a body: it needs alt text unless its title is "decorative" (the title is
 * then dropped). Its `src` is read as a browser reads it (url-reference.ts): an image from
 * content/images (`/images/...`), or one beside the Markdown file (a relative path, resolved by
 * the build), is recorded and its element is to be replaced by the returned slot (body-slots.ts); its
 * extension must be one the build publishes. An image on another host (`//host/x.png`, and so
 * `/\host/x.png` and, on an https page, `http:host/x.png`) is refused, and its element replaced
 * by nothing. Any other path of the site keeps its element, its `src` written as the browser
 * would resolve it, so what the link checker reads is what a browser loads.
 */
export function recordSiteImage(
  element: Element,
  images: MarkdownImage[],
  problems: MarkdownProblem[],
): SlotNode | Text | undefined {
  const { properties } = element;
  const line = element.position?.start.line ?? 1;
  const column = element.position?.start.column ?? 1;
  const src = typeof properties.src === 'string' ? properties.src : '';
  const decorative = typeof properties.title === 'string' && properties.title.trim().toLowerCase() === decorativeTitle;
  if (decorative) delete properties.title;
  const alt = typeof properties.alt === 'string' ? properties.alt.trim() : '';
  if (!decorative && alt === '') {
    problems.push({
      code: 'image.missing-alt',
      message: `Image ${JSON.stringify(src.slice(0, 80))} has no alt text`,
      hint: altHints.markdown,
      line,
      column,
    });
  }
  const reference = readUrlReference(src);
  if (reference.kind === 'external') {
    // The site's own policy lets pages load images from the site alone: another host's image
    // would be a broken one in production (and a tracking pixel where the policy is not applied).
    const message = `Image ${JSON.stringify(src.slice(0, 80))} is on another host (${reference.url.host || reference.url.protocol}); pages show only images the site publishes`;
    problems.push({
      code: 'markdown.external-image',
      message,
      hint: 'Download it into the images folder (or beside the post) and link it by its path.',
      line,
      column,
    });
    return { type: 'text', value: '' };
  }
  if (reference.kind === 'site' && !reference.path.startsWith('/images/')) {
    properties.src = reference.href;
    return undefined;
  }
  if (reference.kind !== 'site' && reference.kind !== 'relative') return undefined;
  const sitePath = reference.path;
  if (!isImageFile(sitePath)) {
    const message = `Image ${JSON.stringify(src.slice(0, 80))} is not in a format the build publishes`;
    problems.push({
      code: 'image.unsupported-format',
      message,
      hint: `Export it as PNG (screenshots) or JPEG (photos); the build reads ${supportedFormatNames}.`,
      line,
      column,
    });
    return undefined;
  }
  const title = typeof properties.title === 'string' ? properties.title : undefined;
  images.push({ src: sitePath, alt: decorative ? '' : alt, ...(title ? { title } : {}), line, column });
  return bodySlot('image', images.length - 1);
}

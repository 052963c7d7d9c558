import { closestPath } from '../../shared/suggest.ts';
import { errorCatalogue } from '../../error-catalogue.ts';
import { SiteError } from '../../errors.ts';
import type { RenderedMarkdown } from './render-markdown.ts';
import type { ImageEntry } from '../../images/picture-sources.ts';

const missingImage = errorCatalogue['content.missing-image'];

/**
 * An error at its line for each image of a rendered body, named by its site path, that the site
 * does not publish. (A relative path that named no file beside the body was reported when it was
 * resolved: relative-references.ts.)
 */
export function missingMarkdownImages(
  file: string,
  body: RenderedMarkdown,
  index: ReadonlyMap<string, ImageEntry>,
): SiteError[] {
  return (body.images ?? [])
    .filter((image) => image.src.startsWith('/') && !index.has(image.src))
    .map((image) => {
      const closest = closestPath(image.src, [...index.keys()]);
      return new SiteError({
        code: 'content.missing-image',
        message: missingImage.message('image', image.src),
        hint: closest ? `did you mean ${closest}?` : 'Add the file under content/images, or correct the path.',
        file,
        line: image.line,
        column: image.column,
      });
    });
}

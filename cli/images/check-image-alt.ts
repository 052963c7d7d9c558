import { SiteError, SiteErrorList } from '../errors.ts';
import type { RawContent } from '../load/load-content.ts';
import { formatFieldPath, locateFrontMatterField, locateJsonField, type FieldPath } from '../validate/locate-field.ts';
import type { SiteModel } from '../validate/model.ts';
import { altHints } from './alt-hints.ts';

/**
 * Every image a dataset or post names says what it shows: an image object with an empty `alt`
 * is an error at that line unless it has `"decorative": true`; a post's `imageAlt` may not be
 * empty (a post's image is its cover, never decoration). Markdown images are checked where
 * they are rendered (cli/render/markdown).
 */
export function checkImageAlt(raw: RawContent, model: SiteModel): void {
  const errors: SiteError[] = [];
  for (const post of model.posts) {
    if (post.imageAlt.trim() !== '') continue;
    const frontMatter = raw.posts.find((entry) => entry.file === post.file)?.frontMatterText ?? '';
    errors.push(missingAlt(`imageAlt: ${post.image} has no alt text`, altHints.frontMatter, post.file, locateFrontMatterField(frontMatter, 'imageAlt')));
  }
  for (const [name, dataset] of raw.data) {
    walkObjects(model.data[name], [], (object, fieldPath) => {
      const { src, alt, decorative } = object;
      if (typeof src !== 'string' || typeof alt !== 'string' || alt.trim() !== '' || decorative === true) return;
      const { line, column } = locateJsonField(dataset.source, [...fieldPath, 'alt']);
      errors.push(missingAlt(`${formatFieldPath([...fieldPath, 'alt'])}: ${src} has no alt text`, altHints.dataset, dataset.file, line, column));
    });
  }
  if (errors.length > 0) throw new SiteErrorList(errors);
}

function missingAlt(message: string, hint: string, file: string, line: number, column?: number): SiteError {
  return new SiteError({ code: 'image.missing-alt', message, hint, file, line, column });
}

function walkObjects(value: unknown, fieldPath: FieldPath, visit: (object: Record<string, unknown>, fieldPath: FieldPath) => void): void {
  if (Array.isArray(value)) value.forEach((item, index) => walkObjects(item, [...fieldPath, index], visit));
  else if (value && typeof value === 'object') {
    visit(value as Record<string, unknown>, fieldPath);
    for (const [key, child] of Object.entries(value)) walkObjects(child, [...fieldPath, key], visit);
  }
}

import { SiteError, SiteErrorList } from '../errors.ts';
import type { LoadedContent } from '../load/load-content.ts';
import { formatFieldPath, locateFrontMatterField, locateJsonField, type FieldPath } from '../shared/locate-field.ts';
import { altHints } from '../images/alt-hints.ts';

/**
 * Every image a dataset or an entry names says what it shows: in a dataset, an object with a
 * `src` and an empty `alt` is an error at that line unless it has `"decorative": true`; in front
 * matter, an `image` field's `imageAlt` may not be empty (an entry's image is its cover, never
 * decoration). Markdown images are checked where they are rendered (cli/render/markdown).
 */
export function checkImageAlt(content: LoadedContent): void {
  const errors: SiteError[] = [];
  for (const entries of Object.values(content.collections)) {
    for (const entry of entries) {
      const { image, imageAlt } = entry.data;
      if (typeof image !== 'string' || typeof imageAlt !== 'string' || imageAlt.trim() !== '') continue;
      errors.push(
        missingAlt(
          `imageAlt: ${image} has no alt text`,
          altHints.frontMatter,
          entry.file,
          locateFrontMatterField(entry.frontMatterText, 'imageAlt'),
        ),
      );
    }
  }
  for (const [name, dataset] of content.raw.data) {
    walkObjects(content.data[name], [], (object, fieldPath) => {
      const { src, alt, decorative } = object;
      if (typeof src !== 'string' || typeof alt !== 'string' || alt.trim() !== '' || decorative === true) return;
      const { line, column } = locateJsonField(dataset.source, [...fieldPath, 'alt']);
      errors.push(
        missingAlt(
          `${formatFieldPath([...fieldPath, 'alt'])}: ${src} has no alt text`,
          altHints.dataset,
          dataset.file,
          line,
          column,
        ),
      );
    });
  }
  if (errors.length > 0) throw new SiteErrorList(errors);
}

function missingAlt(message: string, hint: string, file: string, line: number, column?: number): SiteError {
  return new SiteError({ code: 'image.missing-alt', message, hint, file, line, column });
}

function walkObjects(
  value: unknown,
  fieldPath: FieldPath,
  visit: (object: Record<string, unknown>, fieldPath: FieldPath) => void,
): void {
  if (Array.isArray(value)) value.forEach((item, index) => walkObjects(item, [...fieldPath, index], visit));
  else if (value && typeof value === 'object' && !(value instanceof Date)) {
    visit(value as Record<string, unknown>, fieldPath);
    for (const [key, child] of Object.entries(value)) walkObjects(child, [...fieldPath, key], visit);
  }
}

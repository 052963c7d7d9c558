import { SiteError, SiteErrorList } from '../errors.ts';
import { errorCatalogue } from '../error-catalogue.ts';
import type { LoadedContent } from '../load/load-content.ts';
import { closestPath } from '../shared/suggest.ts';
import { formatFieldPath, locateFrontMatterField, locateJsonField, type FieldPath } from '../shared/locate-field.ts';
import type { Redirect, Route } from '../route/routes.ts';

const unknownRoute = errorCatalogue['content.unknown-route'];
const missingImage = errorCatalogue['content.missing-image'];

/** Dataset fields that hold a site path: a link's `href`, a menu's `anchor`, a redirect's `to`. */
const pathKeys = new Set(['href', 'anchor', 'to']);

/**
 * Checks that every site path a dataset names (in a field called `href`, `anchor` or `to`) is a
 * page or redirect of the site, and that every image a dataset or a front matter field names
 * (a value starting with `/images/`) is one the site has; reports each at its file and line.
 */
export function checkReferences(
  content: LoadedContent,
  routes: Route[],
  redirects: Redirect[],
  imageUrls: Set<string>,
): void {
  const paths = new Set([...routes.map((r) => r.path), ...redirects.map((r) => r.from)]);
  const errors: SiteError[] = [];
  for (const [name, dataset] of content.raw.data) {
    walkStrings(content.data[name], [], (value, fieldPath) => {
      const key = fieldPath[fieldPath.length - 1];
      const located = () => ({ file: dataset.file, ...locateJsonField(dataset.source, fieldPath) });
      if (typeof key === 'string' && pathKeys.has(key) && value.startsWith('/')) {
        const target = value.split(/[?#]/)[0]!.replace(/(.)\/+$/, '$1');
        if (!paths.has(target)) {
          errors.push(
            new SiteError({
              code: 'content.unknown-route',
              message: unknownRoute.message(formatFieldPath(fieldPath), value),
              hint: suggestRoute(
                target,
                routes.map((r) => r.path),
              ),
              ...located(),
            }),
          );
        }
      } else if (value.startsWith('/images/') && !imageUrls.has(value)) {
        errors.push(
          new SiteError({
            code: 'content.missing-image',
            message: missingImage.message(formatFieldPath(fieldPath), value),
            ...located(),
          }),
        );
      }
    });
  }
  for (const entries of Object.values(content.collections)) {
    for (const entry of entries) {
      walkStrings(entry.data, [], (value, fieldPath) => {
        if (!value.startsWith('/images/') || imageUrls.has(value)) return;
        errors.push(
          new SiteError({
            code: 'content.missing-image',
            message: missingImage.message(formatFieldPath(fieldPath), value),
            file: entry.file,
            line: locateFrontMatterField(entry.frontMatterText, fieldPath[0]),
          }),
        );
      });
    }
  }
  if (errors.length > 0) throw new SiteErrorList(errors);
}

function walkStrings(value: unknown, fieldPath: FieldPath, visit: (value: string, fieldPath: FieldPath) => void): void {
  if (typeof value === 'string') visit(value, fieldPath);
  else if (Array.isArray(value)) value.forEach((item, i) => walkStrings(item, [...fieldPath, i], visit));
  else if (value && typeof value === 'object' && !(value instanceof Date))
    for (const [key, child] of Object.entries(value)) walkStrings(child, [...fieldPath, key], visit);
}

function suggestRoute(target: string, paths: string[]): string {
  const match = closestPath(target, paths);
  return match ? `did you mean ${match}?` : unknownRoute.hint;
}

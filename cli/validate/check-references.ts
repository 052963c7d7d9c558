import { SiteError, SiteErrorList } from '../errors.ts';
import { errorCatalogue } from '../error-catalogue.ts';
import type { RawContent } from '../load/load-content.ts';
import { closestPath } from '../check/suggest.ts';
import { formatFieldPath, locateFrontMatterField, locateJsonField } from './locate-field.ts';
import type { SiteModel } from './model.ts';
import type { Redirect, Route } from '../route/routes.ts';

const unknownRoute = errorCatalogue['content.unknown-route'];
const missingImage = errorCatalogue['content.missing-image'];

/**
 * Checks that every site path a dataset names is a page or redirect of the site, and that every
 * image a dataset or post names is in content/images; reports each at its file and line.
 */
export function checkReferences(raw: RawContent, model: SiteModel, routes: Route[], redirects: Redirect[], imageUrls: Set<string>): void {
  const paths = new Set([...routes.map((r) => r.path), ...redirects.map((r) => r.from)]);
  const errors: SiteError[] = [];
  for (const [name, dataset] of raw.data) {
    walkStrings(model.data[name], [], (value, fieldPath) => {
      const key = fieldPath[fieldPath.length - 1];
      const located = () => ({ file: dataset.file, ...locateJsonField(dataset.source, fieldPath) });
      if ((key === 'href' || key === 'anchor' || key === 'to') && value.startsWith('/')) {
        const target = value.split(/[?#]/)[0]!.replace(/(.)\/+$/, '$1');
        if (!paths.has(target)) {
          errors.push(new SiteError({ code: 'content.unknown-route', message: unknownRoute.message(formatFieldPath(fieldPath), value), hint: suggestRoute(target, routes.map((r) => r.path)), ...located() }));
        }
      } else if (value.startsWith('/images/') && !imageUrls.has(value)) {
        errors.push(new SiteError({ code: 'content.missing-image', message: missingImage.message(formatFieldPath(fieldPath), value), ...located() }));
      }
    });
  }
  for (const post of model.posts) {
    if (!imageUrls.has(post.image)) {
      errors.push(new SiteError({ code: 'content.missing-image', message: missingImage.message('image', post.image), file: post.file, line: locateFrontMatterField(raw.posts.find((p) => p.file === post.file)?.frontMatterText ?? '', 'image') }));
    }
  }
  if (errors.length > 0) throw new SiteErrorList(errors);
}

function walkStrings(value: unknown, fieldPath: (string | number)[], visit: (value: string, fieldPath: (string | number)[]) => void): void {
  if (typeof value === 'string') visit(value, fieldPath);
  else if (Array.isArray(value)) value.forEach((item, i) => walkStrings(item, [...fieldPath, i], visit));
  else if (value && typeof value === 'object') for (const [key, child] of Object.entries(value)) walkStrings(child, [...fieldPath, key], visit);
}

function suggestRoute(target: string, paths: string[]): string {
  const match = closestPath(target, paths);
  return match ? `did you mean ${match}?` : unknownRoute.hint;
}

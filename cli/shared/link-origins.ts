import { formatFieldPath, locateJsonField } from './locate-field.ts';

/** Where a link written into the HTML came from, so a broken one can be fixed at its source. */
export interface LinkOrigin {
  kind: 'layout' | 'data' | 'markdown' | 'template';
  /** Source file; project-relative in the manifest, e.g. `content/data/navigation.json`. */
  file: string;
  line?: number;
  column?: number;
  /** Path inside a data file, e.g. `footer.columns[0].links[3].href`. */
  field?: string;
}

/** Fields that hold a site path: `href` on links, `anchor` on header menus. */
const linkKeys = ['href', 'anchor'] as const;

/** Maps each validated dataset object that carries an `href` to where that `href` is written. */
export type OriginIndex = WeakMap<object, LinkOrigin>;

/**
 * Walks the raw JSON and the validated copy side by side (the schemas add no fields and drop
 * none, so their shapes match) and indexes every object that has an `href`.
 */
export function recordDataOrigins(
  dataset: { file: string; source: string },
  validated: unknown,
  index: OriginIndex,
): void {
  const visit = (value: unknown, fieldPath: (string | number)[]): void => {
    if (Array.isArray(value)) {
      value.forEach((item, i) => visit(item, [...fieldPath, i]));
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    const key = linkKeys.find((k) => typeof record[k] === 'string');
    if (key) {
      const hrefPath = [...fieldPath, key];
      const { line, column } = locateJsonField(dataset.source, hrefPath);
      index.set(record, { kind: 'data', file: dataset.file, line, column, field: formatFieldPath(hrefPath) });
    }
    for (const [key, child] of Object.entries(record)) visit(child, [...fieldPath, key]);
  };
  visit(validated, []);
}

import { SiteError, SiteErrorList } from '../errors.ts';
import type { RawMarkdown } from '../load/load-content.ts';
import { configPlaceholders, findPlaceholders, isPlaceholderName } from '../render/config-placeholders.ts';

const known = configPlaceholders.map((name) => `{{${name}}}`).join(', ');

/**
 * Refuses a `{{…}}` in a legal page that names no site config value, at its line and column:
 * left alone it would be published as written.
 */
export function checkLegalPlaceholders(legal: readonly RawMarkdown[]): void {
  const errors: SiteError[] = [];
  for (const page of legal) {
    for (const { name, line, column } of findPlaceholders(page.body, page.bodyLine)) {
      if (isPlaceholderName(name)) continue;
      errors.push(new SiteError({
        code: 'content.unknown-placeholder',
        message: `{{${name.slice(0, 60)}}} is not a placeholder the site config fills in`,
        hint: `Use one of ${known} (set in content/data/site.json).`,
        file: page.file,
        line,
        column,
      }));
    }
  }
  if (errors.length > 0) throw new SiteErrorList(errors);
}

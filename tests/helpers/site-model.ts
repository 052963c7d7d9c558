import path from 'node:path';
import { loadContent, type RawContent } from '../../cli/load/load-content.ts';
import type { SiteModel } from '../../cli/validate/model.ts';
import { validateContent } from '../../cli/validate/validate-content.ts';
import { projectRoot } from './content.ts';

/** The real site's content folder. */
export const contentRoot = path.join(projectRoot, 'content');

/**
 * Loads and validates the real site's content, for modules that need a whole model; call once
 * per test file. Dates are fixed so future-dated posts do not change the result over time.
 */
export async function loadSiteModel(): Promise<{ raw: RawContent; model: SiteModel }> {
  const raw = await loadContent(contentRoot);
  return { raw, model: validateSiteModel(raw) };
}

/** A new model of already loaded content, with its own origin index, for tests that record origins. */
export function validateSiteModel(raw: RawContent): SiteModel {
  return validateContent(raw, { now: new Date('2026-11-21T00:00:00Z') });
}

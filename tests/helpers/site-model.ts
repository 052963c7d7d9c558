import path from 'node:path';
import { loadContent, type RawContent } from '../../cli/load/load-content.ts';
import { validateContent } from '../../cli/validate/validate-content.ts';
import type { SiteModel } from '../../templates/site/model.ts';
import { projectRoot } from './content.ts';
import { realSite } from './real-site.ts';

/** The real site's content folder. */
export const contentRoot = path.join(projectRoot, 'content');

/** Dates are fixed so future-dated posts do not change the result over time. */
const now = new Date('2026-11-21T00:00:00Z');

/**
 * Loads and validates the real site's content and builds its model, for modules that need a
 * whole model; call once per test file.
 */
export async function loadSiteModel(): Promise<{ raw: RawContent; model: SiteModel }> {
  const raw = await loadContent(contentRoot, realSite.definition.content);
  return { raw, model: validateSiteModel(raw) };
}

/** A new model of already loaded content, with its own origin index, for tests that record origins. */
export function validateSiteModel(
  raw: RawContent,
  options: { drafts?: boolean; env?: Record<string, string | undefined>; siteUrl?: string } = {},
): SiteModel {
  const content = validateContent(raw, realSite.definition.content, { now, drafts: options.drafts });
  return realSite.definition.model(content, {
    now,
    drafts: options.drafts,
    env: options.env ?? {},
    siteUrl: options.siteUrl,
  });
}

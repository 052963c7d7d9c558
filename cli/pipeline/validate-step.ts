import type { ModelOptions, SiteSettings } from '../config/site-definition.ts';
import { SiteError, SiteErrorList } from '../errors.ts';
import { defaultTermLimits, type TermLimits } from '../route/taxonomy.ts';
import type { LoadedContent } from '../load/load-content.ts';
import { placeBundles, type PlacedBundle } from '../validate/place-bundles.ts';
import { validateContent } from '../validate/validate-content.ts';
import type { LoadedStep } from './load-step.ts';

export interface ValidateOptions extends Partial<ModelOptions> {
  /** Refuse what the site's production checks find instead of returning it as warnings. */
  production?: boolean;
}

/** The loaded site with its content validated and its model built. */
export interface ValidatedStep extends LoadedStep {
  content: LoadedContent;
  model: unknown;
  settings: SiteSettings;
  /** What `production` refuses; a build without it reports these as warnings. */
  productionProblems: SiteError[];
  /** The page bundles of the entries built, each file at its address beside the entry's page. */
  pageBundles: PlacedBundle[];
  /** Problems of the drafts left out of this build: warnings (see `LoadedContent.draftWarnings`). */
  draftWarnings: SiteError[];
}

/**
 * Validate: every file against its schema, the files of page bundles placed beside their pages,
 * then the site's model; every problem is collected before it throws.
 */
export function validateStep(loaded: LoadedStep, options: ValidateOptions = {}): ValidatedStep {
  const site = loaded.site.definition;
  // One instant for the whole build: what is scheduled and what the pages say the year is agree.
  const now = options.now ?? new Date();
  const content = validateContent(loaded.raw, site.content, { ...options, now });
  const errors: SiteError[] = [];
  const placed = placeBundles(content.collections, site.content.collections, loaded.bundles, loaded.images, errors);
  if (errors.length > 0) throw new SiteErrorList(errors);
  const draftWarnings = [
    ...content.draftWarnings,
    ...content.draftsLeftOut.flatMap((file) => (file.bundle ? (loaded.bundles.get(file.bundle)?.problems ?? []) : [])),
  ];
  const modelOptions: ModelOptions = {
    drafts: options.drafts,
    future: options.future,
    now,
    env: options.env ?? {},
    siteUrl: options.siteUrl,
    termLimits: termLimitsOf(loaded),
  };
  const model = site.model(content, modelOptions);
  const productionProblems = site.productionProblems?.(model, content, modelOptions) ?? [];
  if (options.production && productionProblems.length > 0) throw new SiteErrorList(productionProblems);
  return {
    ...loaded,
    images: placed.images,
    pageBundles: placed.bundles,
    draftWarnings,
    content,
    model,
    settings: site.settings(model),
    productionProblems,
  };
}

/** The site's term limits: its definition's `terms` over the defaults, each a whole number of at least 1. */
function termLimitsOf(loaded: LoadedStep): TermLimits {
  const limits = { ...defaultTermLimits, ...loaded.site.definition.terms };
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isInteger(value) || value < 1) {
      throw new SiteError({
        code: 'config.invalid',
        message: `terms.${name}: ${JSON.stringify(value)} is not a whole number of terms, at least 1`,
        hint: `Leave it out for the default (${defaultTermLimits[name as keyof TermLimits].toLocaleString('en-US')}), or give a whole number.`,
        file: loaded.site.file,
      });
    }
  }
  return limits;
}

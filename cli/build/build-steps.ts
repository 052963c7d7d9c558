// The steps of a build, in the order `buildSite` runs them; each takes the last one's result.
export { loadInputs, markdownSources, type LoadedSite } from './load-inputs.ts';
export { validateSite, routeSite, type ValidatedSite, type RoutedSite, type ValidateSiteOptions } from './validate-site.ts';
export { processImages, imageCacheDir, ImageProcessor, type ProcessedImages, type ImageOptions } from './process-images.ts';
export { prepareShareCards, type ShareCards, type ShareCardOptions, type SharePictureStats } from '../share-card/share-cards-step.ts';
export { renderContext, renderSite, type PageReuse, type RenderedSite, type RenderSiteOptions, type Renderer } from './render-site.ts';
export { bundleSite, pageBudgets, type PageBudget } from './bundle-site.ts';
export { siteFiles, StagedWrites } from './stage-output.ts';
export { checkStagedOutput, hasBrokenLinks, hasStagingFolder, linkWarnings } from './check-staged-output.ts';
export { SiteFacts } from '../check/site-facts.ts';

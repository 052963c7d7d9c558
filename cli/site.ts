// `sitegen/site`: everything a site may import from the engine, and nothing else. A site's
// definition, templates, islands and server code import the engine from here alone
// (tests/engine-boundary.test.ts holds them to it), as Astro's sites import `astro/config`. The
// engine hands a site's compiled definition this very module at run time (config/load-site.ts),
// so the site and the engine share one copy of every class here. Re-exports only.

// The definition and its parts.
export { defineSite } from './config/site-definition.ts';
export type {
  ClientEntries,
  CspAdditions,
  DevMiddleware,
  DevSetup,
  FeedSpec,
  FormEndpoint,
  MarkdownSpec,
  ModelOptions,
  PageSpec,
  PublishedFile,
  RedirectSpec,
  RouteSpec,
  SearchSpec,
  SiteDefinition,
  SiteSettings,
  TermLimits,
  TrailingSlash,
} from './config/site-definition.ts';
export type { CollectionSpec, ContentSpec, Entry, LoadedContent, RawContent, RawJson, RawMarkdown } from './config/content-spec.ts';
export type { Archetype, ArchetypeField, ImportedEntry } from './config/archetype-spec.ts';
export type { CardAssets, CardFont, CardTools, ShareCardOf, ShareCardSpec, ShareImage, ShareImages } from './config/share-card-spec.ts';
export type {
  BuiltSiteFacts,
  FetchHandler,
  HandlerContext,
  ServerSpec,
  SiteCommandFactory,
  SiteCommandTools,
  SqlDatabase,
  SqlDatabaseSpec,
  SqlStatement,
  SqlValue,
} from './config/server-spec.ts';
export type { MarkdownEmbedSpec } from './render/markdown/markdown-embeds.ts';

// What a template reads while it renders.
export type { ImageIndex, PageAssets, RecordedLink, RenderContext, Route } from './config/render-context.ts';
export type { LinkOrigin, OriginIndex } from './shared/link-origins.ts';
export type { RenderedMarkdown } from './render/markdown/render-markdown.ts';
export { changeBodyHtml, fillSlots } from './render/markdown/body-slots.ts';
export { pictureSources, type ImageEntry, type PictureSources } from './images/picture-sources.ts';

// Errors a site raises: located, with a code from the catalogue or the site's own.
export { SiteError, SiteErrorList } from './errors.ts';
export { locateFrontMatterField, locateJsonField } from './shared/locate-field.ts';

// Field schemas for the site's own schemas.
export { imagePath, imageRef, lineText, text } from './validate/fields.ts';
export { absoluteUrlProblem, externalUrl, href, redirectSource, siteOrigin, sitePath, type UrlRules } from './validate/url-fields.ts';
export { formatPostDate } from './validate/post-date.ts';
export { estimateReadTime } from './validate/read-time.ts';

// Addresses, lists and terms.
export { defaultTrailingSlash, pageHref } from './route/trailing-slash.ts';
export { absoluteUrl, withoutTrailingSlash, withTrailingSlash } from './route/urls.ts';
export { sectionIdFromHeading } from './route/slugs.ts';
export { listPagePath, pagerEntries, paginate, type ListPage, type PagerEntry } from './route/paginate.ts';
export { collectTerms, defaultTermLimits, mostUsedTerms, termSlug, type Term } from './route/taxonomy.ts';

// Requests a site's dev middleware answers.
export { isOwnPagePost, requestPathOf } from './static-host/request-guard.ts';

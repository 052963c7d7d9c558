// The part of `sitegen/site` that runs anywhere: in Node, in a browser and in a Worker. Islands
// and server routes are bundled for those runtimes with this face of the entry (the `browser`
// condition of package.json's exports); the whole entry (site.ts) adds what needs Node or only
// runs while the site builds. Re-exports only.

// The definition and its parts.
export { defineSite } from './config/site-definition.ts';
export type {
  ClientEntries,
  CspAdditions,
  DevMiddleware,
  DevSetup,
  FeedSpec,
  FormEndpoint,
  LlmsSpec,
  MarkdownCopySpec,
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
export type {
  CollectionSpec,
  ContentSpec,
  Entry,
  LoadedContent,
  RawContent,
  RawJson,
  RawMarkdown,
} from './config/content-spec.ts';
export type { Archetype, ArchetypeField, ImportedEntry } from './config/archetype-spec.ts';
export type {
  CardAssets,
  CardFont,
  CardTools,
  ShareCardOf,
  ShareCardSpec,
  ShareImage,
  ShareImages,
} from './config/share-card-spec.ts';
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
export { markdownLink, markdownText } from './render/markdown-text.ts';
export { pictureSources, type ImageEntry, type PictureSources } from './images/picture-sources.ts';

// Errors a site raises: located, with a code from the catalogue or the site's own.
export { SiteError, SiteErrorList, type SiteErrorCode, type SiteErrorCodes } from './errors.ts';
export type { ErrorData } from './error-catalogue.ts';

// Dates and reading times as pages show them.
export { formatPostDate } from './validate/post-date.ts';
export { estimateReadTime } from './validate/read-time.ts';

// Addresses, lists and terms.
export { defaultTrailingSlash, pageHref } from './route/trailing-slash.ts';
export { absoluteUrl, formerFeedPaths, withoutTrailingSlash, withTrailingSlash } from './route/urls.ts';
export { sectionIdFromHeading } from './route/slugs.ts';
export { listPagePath, pagerEntries, paginate, type ListPage, type PagerEntry } from './route/paginate.ts';
export { collectTerms, defaultTermLimits, mostUsedTerms, termSlug, type Term } from './route/taxonomy.ts';

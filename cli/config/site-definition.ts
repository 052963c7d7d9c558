// What a site hands the engine: its content and schemas, its model, routes and redirects, its
// pages, islands, share card, headers, checks, archetypes, dev middleware and server routes. The engine knows
// nothing of any one site; it is generic over the site's model and page kinds. A site exports
// one definition from `sitegen.config.ts` at its root (see load-site.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ReactElement } from 'react';
import type { BundledTheme } from 'shiki';
import type { ErrorData } from '../error-catalogue.ts';
import type { SiteError } from '../errors.ts';
import type { LinkOrigin } from '../shared/link-origins.ts';
import type { InputLimits } from '../input-limits.ts';
import type { MarkdownEmbedSpec } from '../render/markdown/markdown-embeds.ts';
import type { ImageIndex, RenderContext } from './render-context.ts';
import type { Archetype } from './archetype-spec.ts';
import type { ContentSpec, LoadedContent } from './content-spec.ts';
import type { ServerSpec } from './server-spec.ts';
import type { ShareCardSpec } from './share-card-spec.ts';

/** A page kind and its props, as the site's routes name them: `{ kind: 'blog-post', slug: 'a' }`. */
export interface PageSpec {
  kind: string;
}

/**
 * How many terms one entry may carry and a site may have. Each term gets pages of its own and
 * a site lists its terms, so what a build writes grows with these: bounded, a contributed post
 * cannot make a build write millions of links or run out of memory. A site changes them with
 * `terms` in its definition.
 */
export interface TermLimits {
  /** Distinct terms of one taxonomy on one entry (a post's tags). */
  perEntry: number;
  /** Distinct terms of one taxonomy across the site. */
  perSite: number;
}

/**
 * - `always`: pages are written as `a/index.html` and addressed `/a/`. Every static host
 *   (Netlify, Cloudflare Pages, GitHub Pages, S3 website hosting) serves `/a/` from that file
 *   and answers `/a` with a redirect to `/a/`.
 * - `never`: pages are written as `a.html` and addressed `/a`. Netlify, Cloudflare Pages and
 *   GitHub Pages serve `/a` from that file; S3 website hosting does not (it has no `.html` lookup).
 */
export type TrailingSlash = 'always' | 'never';

/** What the build asks of the site's model. */
export interface ModelOptions {
  drafts?: boolean;
  future?: boolean;
  now?: Date;
  /** Environment variables that may override site settings (the dev server adds its own). */
  env: Record<string, string | undefined>;
  /** `--site-url`: the site's origin for this build. */
  siteUrl?: string;
  /**
   * How many terms (tags, categories) an entry may carry and the site may have: the definition's
   * `terms`, or the defaults (`collectTerms` in cli/route/taxonomy.ts).
   */
  termLimits?: TermLimits;
}

/** What the engine needs of a site's settings. */
export interface SiteSettings {
  /** The site's origin, without a trailing slash: canonical URLs, sitemap and feeds. */
  siteUrl: string;
  trailingSlash: TrailingSlash;
  /**
   * The language its pages are written in, as a BCP 47 tag (`en`, `pt-BR`, `sr-Latn`): text in a
   * body written in a script that language is not written in (Cyrillic on an English site), and
   * marked with no `lang`, is an accessibility finding. Without it, that check is off.
   */
  language?: string;
}

/**
 * A page's Markdown copy, for answer engines (docs/answer-engines.md): written beside the page's
 * HTML (`index.md` beside `index.html`), linked from its head (`context.route.copy`), listed in
 * `/llms.txt` and joined into `/llms-full.txt`. It starts with a short front matter (title,
 * description, canonical URL, date, tags) and the title as a heading. Never made for a draft.
 */
export interface MarkdownCopySpec {
  /**
   * The section of llms.txt that lists the page: "Blog". Sections come in the order of `llms.sections`, then of first
   * use.
   */
  section: string;
  title: string;
  /** One line: what llms.txt says of the page, and the copy's `description`. */
  description: string;
  date?: Date;
  tags?: readonly string[];
  /**
   * What the copy holds under its title: `{ file }`, a Markdown body the route shows (one of its
   * `bodies`), as its author wrote it, with every link and image that is relative or a path of the
   * site made absolute to the site's URL (where the page leads and shows them); or
   * `{ markdown }`, Markdown the site writes for a page made from data, from the same data its
   * template renders (its links absolute: `absoluteUrl` of cli/route/urls.ts).
   */
  body: { file: string } | { markdown: string };
  /** Joined into llms-full.txt too; true unless false. */
  full?: boolean;
}

/**
 * What `/llms.txt` (llmstxt.org) says of the site: its name and summary, then each page with a
 * Markdown copy (`RouteSpec.markdown`), by section, as a link to its copy with its description.
 */
export interface LlmsSpec {
  title: string;
  /** One line, under the title. */
  summary: string;
  /** The order of the sections; a section not named here follows them, in the order pages first use it. */
  sections?: readonly string[];
  /**
   * `/llms-full.txt`: the copies of the pages joined into one file, listed in llms.txt with this
   * title and description, before the sections. Whole copies in llms.txt's order, up to `bytes`
   * (1,000,000 unless given): the copy that would pass it is left out, with every one after it.
   * None without it.
   */
  full?: { title: string; description: string; bytes?: number };
}

/** A page of the site, as the site's routes list it. */
export interface RouteSpec<Page extends PageSpec> {
  /** The page's address without a trailing slash: `/`, `/blog/a`. */
  path: string;
  page: Page;
  /** The content file the page comes from, named in error messages. */
  source: string;
  /** Markdown files whose rendered bodies the page shows; a page is rendered again when one changes. */
  bodies?: string[];
  /** Listed in the sitemap; true unless false. */
  indexable?: boolean;
  /** Written as `404.html`, the page hosts answer unknown paths with; it has no address of its own. */
  notFound?: boolean;
  /** The sitemap's `lastmod`. */
  lastModified?: Date;
  /** The page's Markdown copy for answer engines; none without it. */
  markdown?: MarkdownCopySpec;
}

/** An old or alternative address that forwards to a page of the site. */
export interface RedirectSpec {
  from: string;
  to: string;
  /** Where the redirect is declared, for errors and the link checker. */
  origin?: LinkOrigin;
}

/** A file the site publishes as it is. */
export interface PublishedFile {
  /** Site path of the file: `/blog/posts.json`. */
  path: string;
  contents: string | Uint8Array;
}

/** An RSS feed of the site. */
export interface FeedSpec {
  /** Site path of the feed file: `/feed.xml`. */
  path: string;
  title: string;
  description: string;
  /** Site path of the page the feed stands for. */
  link: string;
  language: string;
  items: { title: string; path: string; date: Date; category?: string; description: string }[];
}

/** Content-Security-Policy sources a site adds to the engine's own policy, by directive. */
export type CspAdditions = Partial<
  Record<'script-src' | 'style-src' | 'img-src' | 'connect-src' | 'frame-src' | 'form-action', string[]>
>;

/**
 * Search across the site with Pagefind (docs/search.md). The pages to index mark themselves in
 * their HTML with Pagefind's own attributes (`data-pagefind-body` around what is indexed,
 * `data-pagefind-filter` and `data-pagefind-meta`); the build indexes them after rendering and
 * publishes the index with Pagefind's script, which the search page loads.
 */
export interface SearchSpec {
  /**
   * The path of the page visitors search from (`/search`). It alone may compile WebAssembly
   * (its Content-Security-Policy adds `'wasm-unsafe-eval'`), so no other page or redirect may
   * share its first folder.
   */
  page: string;
  /**
   * The folder of the index and Pagefind's script under the output: `pagefind`
   * (`/pagefind/pagefind.js`) by default.
   */
  folder?: string;
  /**
   * How many pages one part of the index holds (a whole number, at least 1). A site with more
   * pages to index is indexed in parts, each kept in the cache, so that an edit indexes its
   * part again and not the whole site; the browser searches the parts as one. By default 250,
   * or an eighth of the site's pages when that is more, so a site has at most about 8 parts.
   */
  pagesPerPart?: number;
  /**
   * CSS selectors of parts of the indexed pages that search leaves out (Pagefind's
   * `excludeSelectors`): neither found by their words nor quoted in an excerpt. `['pre']` leaves
   * out code blocks, whose lines make poor excerpts.
   */
  ignore?: string[];
}

/** What a site says about the Markdown bodies it shows. */
export interface MarkdownSpec {
  /** The iframes it embeds; none without it. */
  embeds?: MarkdownEmbedSpec;
  /** The Shiki theme its code blocks are highlighted with (shiki.style/themes): github-dark-default unless it says. */
  theme?: BundledTheme;
}

/** A form's endpoint and a test submission for it. */
export interface FormEndpoint {
  name: string;
  url: string;
  /** What a test submission sends, marked as a test so the receiving automation can discard it. */
  body: Record<string, string>;
}

/** A request handler the dev server tries before serving pages; true when it answered. */
export type DevMiddleware = (request: IncomingMessage, response: ServerResponse) => boolean | Promise<boolean>;

/** What a site adds to the dev server. */
export interface DevSetup {
  /** Environment values the dev build uses (a local form endpoint in place of the webhook, say). */
  env?: Record<string, string>;
  middleware?: DevMiddleware;
  /** One line the server prints under its address (where forms go, say). */
  note?: string;
}

/** The stylesheet and scripts of a site's pages, relative to the project root. */
export interface ClientEntries {
  styles: string;
  /** The small script every page loads; none without it. */
  script?: string;
  /** Hydrates the islands of a page; loaded only where there are islands. */
  hydrate?: string;
  /** Each island's component file, by name. */
  islands?: Record<string, string>;
}

/** A site, as the engine builds it. */
export interface SiteDefinition<Model = unknown, Page extends PageSpec = PageSpec> {
  /** What the site is called where the engine names it: the heading of its own codes in docs/errors.md. */
  name?: string;
  /**
   * The error codes the site raises itself (`area.problem`, none of the engine's), each with its
   * title, and the message and hint where they are shared: merged into the catalogue, listed in
   * docs/errors.md under the site's name, and typed once the site adds them to `SiteErrorCodes`.
   */
  errors?: Readonly<Record<string, ErrorData>>;
  content: ContentSpec;
  /** Environment variables the model reads (`ModelOptions.env` holds only these). */
  env?: readonly string[];
  /**
   * Builds the site's model from validated content; throws located errors (`SiteErrorList`) for
   * what the schemas cannot see.
   */
  model(content: LoadedContent, options: ModelOptions): Model;
  /**
   * How many terms of a taxonomy (tags, categories) one entry may carry and the site may have,
   * where the defaults (50 and 10,000: `defaultTermLimits` in cli/route/taxonomy.ts) do not suit.
   * Handed to the model as `options.termLimits`, for `collectTerms`.
   */
  terms?: Partial<TermLimits>;
  /**
   * The limits on what one content file may hold (bytes of a Markdown file, an SVG or a raster
   * image, an SVG's elements, the pixels of an animation…), where the defaults
   * (`defaultInputLimits` in cli/load/input-limits.ts) do not suit the site's content. Each is
   * a whole number of at least 1; docs/security.md lists them.
   */
  limits?: Partial<InputLimits>;
  settings(model: Model): SiteSettings;
  routes(model: Model): RouteSpec<Page>[];
  redirects?(model: Model): RedirectSpec[];
  /** The page at a route, as a React element (the site wraps it in its own context). */
  render(page: Page, context: RenderContext<Model, Page>): ReactElement;
  /**
   * The page left at a redirect's old address, rendered with `render`; without it the engine
   * writes a page that refreshes to the new address and links it.
   */
  redirectPage?(to: string): Page;
  /**
   * The template file of a page kind, relative to the project: named as the origin of the links
   * the page writes itself and of its render errors. Without it, the definition's own file.
   */
  templateFile?(page: Page): string;
  /** Scripts and styles the site's pages load, relative to the project root. */
  client: ClientEntries;
  shareCard?: ShareCardSpec<Model, Page>;
  feeds?(model: Model): FeedSpec[];
  /** Files the site publishes beside its pages, such as a JSON index an island fetches; made once images are known. */
  files?(model: Model, context: { images: ImageIndex; settings: SiteSettings }): PublishedFile[];
  csp?(model: Model): CspAdditions;
  /** Search across the pages that mark themselves for it; none without it. */
  search?: SearchSpec;
  /** What its Markdown bodies may embed. */
  markdown?: MarkdownSpec;
  /** `/llms.txt`, the index of the pages' Markdown copies (and `/llms-full.txt`); none without it. */
  llms?(model: Model): LlmsSpec;
  /** Problems `build --production` refuses; a build without it prints them as warnings. */
  productionProblems?(model: Model, content: LoadedContent, options: ModelOptions): SiteError[];
  archetypes?: Record<string, Archetype>;
  /**
   * Where the site's forms send what visitors type, with a marked test body for each: `sitegen
   * check-forms` sends it.
   */
  forms?(model: Model): FormEndpoint[];
  dev?(options: {
    root: string;
    url: string;
    ownHosts: ReadonlySet<string>;
    log: (line: string) => void;
    env: Record<string, string | undefined>;
  }): DevSetup;
  /** Requests it answers itself, beside its pages (docs/architecture.md#server-routes); none without it. */
  server?: ServerSpec<Model>;
}

/** Declares a site; the identity, typed. */
export function defineSite<Model, Page extends PageSpec>(
  definition: SiteDefinition<Model, Page>,
): SiteDefinition<Model, Page> {
  return definition;
}

// Rendered pages kept between builds. A page is rendered again exactly when something it is made
// from changed; the key of its cache entry is a hash of all of that, so the decision is a pure
// function of the inputs and a lookup:
// - what every page is made from: the engine, the site's compiled code, the client bundle's
//   files, the images and their variants, the share pictures, where every entry's page and every
//   page-bundle file is published (a body's relative references lead there), and the site's model with the
//   Markdown bodies left out (every dataset, every front matter field and whatever the model
//   derives, such as a post's read time);
// - what is the page's own: its route (its Markdown copy's spec included), and the bodies it
//   shows (its route's `bodies`; a page sees no other body, see render-page.ts).
// An edit to a post's prose re-renders that post's page alone, unless it changes what the model
// derives from it.
import type { Cache } from '../cache/cache.ts';
import { cacheKey } from '../cache/cache.ts';
import type { ScannedHtml } from '../check/html-scan.ts';
import type { SiteError } from '../errors.ts';
import type { MarkdownCopy } from '../render/markdown-copy.ts';
import type { RecordedLink } from '../config/render-context.ts';
import type { Route } from '../route/routes.ts';
import type { SearchRecord } from '../search/search-record.ts';

/**
 * What the build's later steps found in a page's HTML, kept with it so that a page taken from the
 * cache is not read for it again.
 */
export interface PageFacts {
  /** What the link checker found in the HTML. */
  scan?: ScannedHtml;
  /**
   * What search indexes of the page (cli/search/search-record.ts), null when it marks nothing for
   * search. Read with the site's search settings, which are part of every page's key (the site's code).
   */
  search?: SearchRecord | null;
}

/** What the build needs of a page it does not render: its HTML, what rendering it recorded, and its facts. */
export interface CachedPage extends PageFacts {
  html: string;
  links: RecordedLink[];
  islands: string[];
  /** The links of the Markdown bodies the page shows, for the route manifest. */
  bodyLinks: RecordedLink[];
  /**
   * The warnings of the Markdown bodies the page shows (HTML removed), reported again by every
   * build that takes the page from here. A page is stored only when its bodies have no problem
   * (render-step.ts): a cache may save time, never change what a build reports.
   */
  bodyWarnings: {
    code: SiteError['code'];
    message: string;
    hint?: string;
    file: string;
    line?: number;
    column?: number;
  }[];
  /** The page's Markdown copy, made with it from the same inputs (its route's `copy` is part of the key). */
  copy?: MarkdownCopy;
  /**
   * The inline scripts the page runs (inline-scripts.ts), kept so that a page taken from here is
   * not searched for them again; an entry written before they were kept is searched.
   */
  inlineScripts?: string[];
}

/** The part of every page's key that all pages share: a hash of the parts (see the top of this file). */
export function sharedPageKey(parts: {
  engine: string;
  code: string;
  bundle: unknown;
  images: unknown;
  shareImages: unknown;
  addresses: unknown;
  model: unknown;
  bodies: ReadonlySet<string>;
  content: unknown;
}): string {
  const { model, bodies, content, ...rest } = parts;
  const modelText = JSON.stringify(model, (_key, value: unknown) => {
    if (value === content) return undefined;
    if (typeof value === 'string' && bodies.has(value)) return '';
    return value instanceof Map ? [...value] : value;
  });
  return cacheKey(
    'page 2',
    JSON.stringify(rest, (_key, value: unknown) => (value instanceof Map ? [...value] : value)),
    modelText,
  );
}

/** A page's key: the shared part, its route and the text of each body it shows. */
export function pageKey(
  shared: string,
  route: Route,
  bodyOf: (file: string) => { body: string; bodyLine: number } | undefined,
): string {
  const bodies = route.bodies.map((file) => {
    const body = bodyOf(file);
    return body ? `${file}\n${body.bodyLine}\n${body.body}` : `${file} (none)`;
  });
  return cacheKey(
    shared,
    route.path,
    route.url,
    route.file,
    JSON.stringify(route.page),
    route.copy ? JSON.stringify(route.copy) : '',
    ...bodies,
  );
}

/** The cached page under `key`, when there is a sound one. */
export function readCachedPage(cache: Cache, key: string): CachedPage | undefined {
  return cache.getJson('pages', key, isCachedPage);
}

export function storePage(cache: Cache, key: string, page: CachedPage): void {
  cache.putJson('pages', key, page);
}

function isCachedPage(value: unknown): value is CachedPage {
  const page = value as Partial<CachedPage> | null;
  return (
    typeof page?.html === 'string' &&
    Array.isArray(page.links) &&
    Array.isArray(page.islands) &&
    Array.isArray(page.bodyLinks) &&
    Array.isArray(page.bodyWarnings) &&
    (page.search === undefined || page.search === null || isSearchRecord(page.search)) &&
    (page.inlineScripts === undefined ||
      (Array.isArray(page.inlineScripts) && page.inlineScripts.every((script) => typeof script === 'string'))) &&
    (page.copy === undefined || (typeof page.copy.text === 'string' && Array.isArray(page.copy.refs)))
  );
}

function isSearchRecord(value: unknown): value is SearchRecord {
  const record = value as Partial<SearchRecord>;
  const isMap = (map: unknown): map is object => typeof map === 'object' && map !== null && !Array.isArray(map);
  const isTextMap = (map: unknown) => isMap(map) && Object.values(map).every((each) => typeof each === 'string');
  return (
    typeof record === 'object' &&
    typeof record.content === 'string' &&
    typeof record.language === 'string' &&
    isTextMap(record.meta) &&
    isTextMap(record.sort) &&
    isMap(record.filters) &&
    Object.values(record.filters).every(
      (values) => Array.isArray(values) && values.every((each) => typeof each === 'string'),
    )
  );
}

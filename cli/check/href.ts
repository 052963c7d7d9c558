import { readUrlReference, siteOrigin } from '../shared/url-reference.ts';
import type { FindingCode } from './types.ts';

/**
 * Stand-in origin for site-internal URLs; `.invalid` can never be a real host. Over https, as the
 * site is served in production: `http:host/x` is another host's there, as a browser reads it.
 */
export const siteBase = siteOrigin;

/** What an href points at once resolved against its document. */
export type HrefTarget =
  | { type: 'skip' }
  | { type: 'external'; url: string }
  | { type: 'internal'; path: string; fragment?: string; rawFragment?: string }
  | { type: 'invalid'; code: FindingCode; reason: string };

const schemePattern = /^([a-z][a-z\d+.-]*):/i;
const skipped: HrefTarget = { type: 'skip' };

/** The absolute base URL of a document at `pagePath`, after its `<base href>` if any. */
export function documentBase(pagePath: string, baseHref: string | undefined, siteOrigins: ReadonlySet<string>): string {
  const page = siteBase + encodeURI(pagePath);
  if (!baseHref) return page;
  try {
    const url = new URL(baseHref, page);
    return siteOrigins.has(url.origin) ? siteBase + url.pathname : url.href;
  } catch {
    return page;
  }
}

/**
 * Resolves an href as a browser would against `base` (from `documentBase`), then splits it into
 * a decoded site path and fragment; the query string never changes which file is served. The
 * URL parser decides everything: leading and trailing spaces and controls are ignored and tabs
 * and newlines removed as a browser does, and a backslash is a slash (`/\host/x` is another host).
 */
export function parseHref(href: string, base: string, siteOrigins: ReadonlySet<string>): HrefTarget {
  const value = href.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
  if (value === '') return skipped;
  const scheme = schemePattern.exec(value)?.[1].toLowerCase();
  if (scheme && scheme !== 'http' && scheme !== 'https') return skipped;
  const reference = readUrlReference(value);
  if (reference.kind === 'relative' && climbsOut(reference.path, base)) {
    return { type: 'invalid', code: 'links.outside-site', reason: 'climbs out of the site root' };
  }
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return { type: 'invalid', code: 'links.bad-url', reason: 'not a valid URL' };
  }
  if (url.origin !== siteBase && !siteOrigins.has(url.origin)) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return skipped;
    url.hash = '';
    return { type: 'external', url: url.href };
  }
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return { type: 'invalid', code: 'links.bad-url', reason: 'malformed percent-encoding' };
  }
  if (!url.hash) return { type: 'internal', path };
  const rawFragment = url.hash.slice(1);
  let fragment = rawFragment;
  try {
    fragment = decodeURIComponent(rawFragment);
  } catch {
    // An id may legitimately contain a stray `%`; compare it as written.
  }
  return fragment === rawFragment
    ? { type: 'internal', path, fragment }
    : { type: 'internal', path, fragment, rawFragment };
}

/**
 * Whether a relative path, as the URL parser normalised it against the document's folder (its
 * `..` segments all at the start), goes above the site root from the base's folder.
 */
function climbsOut(relativePath: string, base: string): boolean {
  if (!base.startsWith(siteBase)) return false;
  const basePath = new URL(base).pathname;
  const depth = basePath
    .slice(0, basePath.lastIndexOf('/') + 1)
    .split('/')
    .filter(Boolean).length;
  let climbs = 0;
  for (const segment of relativePath.split('/')) {
    if (segment !== '..') break;
    climbs++;
  }
  return climbs > depth;
}

/** Origins whose absolute URLs count as this site: the site URL over both http and https. */
export function siteOriginsOf(siteUrl: string | undefined): Set<string> {
  const origins = new Set<string>();
  if (!siteUrl) return origins;
  try {
    const url = new URL(siteUrl);
    origins.add(`http://${url.host}`);
    origins.add(`https://${url.host}`);
  } catch {
    // An unusable site URL simply means absolute links are external.
  }
  return origins;
}

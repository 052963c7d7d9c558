import { isIP } from 'node:net';
import { z } from 'zod';
import { isNonPublicAddress } from '../shared/address-policy.ts';

// What a URL in a dataset or an environment override may be. Each value ends up in HTML
// attributes, in `_redirects` rules, in robots.txt and in XML, so it is checked as what it is,
// not merely by how it starts: `/\nDisallow: /` starts with a slash and `//evil.example` is a
// link to another host. Each check returns the reason it refuses, or undefined.

const pathChar = String.raw`(?:[\w\-.~/]|%[0-9A-Fa-f]{2})`;
const queryChar = String.raw`(?:[\w\-.~=&+]|%[0-9A-Fa-f]{2})`;
const fragment = String.raw`#[\w\-.~]+`;
const sitePathPattern = new RegExp(`^/${pathChar}*(?:\\?${queryChar}*)?(?:${fragment})?$`);
const anchorPattern = new RegExp(`^${fragment}$`);
/** Printable ASCII without space, quotes, angle brackets, backslash and the other characters URLs must encode. */
const urlCharacters = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+$/;

/** What a site path may hold: `/a/b`, `/a?x=1`, `/a#id`; with `anchor`, also `#id` alone. */
export interface SitePathRules {
  /** Accept an in-page `#anchor` with no path. */
  anchor?: boolean;
  /** Accept a query and a fragment (a redirect's source may have neither). */
  suffix?: boolean;
}

/** Why `value` is not a site path of this site (`/guides/x`, `/#pricing`), or undefined when it is. */
export function sitePathProblem(
  value: string,
  rules: SitePathRules = { anchor: true, suffix: true },
): string | undefined {
  if (/[\s\p{Cc}]/u.test(value)) return 'a site path holds no spaces, line breaks or other control characters';
  if (rules.anchor && value.startsWith('#'))
    return anchorPattern.test(value) ? undefined : 'an #anchor holds only letters, digits and - . _ ~';
  if (!value.startsWith('/'))
    return rules.anchor
      ? 'expected a site path starting with "/" or an #anchor'
      : 'expected a site path starting with "/"';
  const path = value.split(/[?#]/)[0]!;
  if (path.includes('//')) return 'a site path never holds "//" (a path starting with it leads to another host)';
  if (path.split('/').some((segment) => segment === '.' || segment === '..'))
    return 'a site path never holds "." or ".." segments';
  if (!rules.suffix && path !== value) return 'expected a site path without ?query or #fragment';
  if (!sitePathPattern.test(value))
    return 'a site path holds only letters, digits, "/" and - . _ ~ (other characters %-encoded), then an optional ?query and #fragment';
  return undefined;
}

/** Which absolute URLs a field accepts. */
export interface UrlRules {
  /** Accept `http:` for any host (the site's own origin may be plain http on a staging host). */
  http?: boolean;
  /**
   * Accept this machine (localhost, 127.x, [::1]), by `http:` too, as local webhook catchers and
   * tests need. Without it, a URL naming this machine is refused like any other loopback,
   * link-local or private address.
   */
  loopbackHttp?: boolean;
  /**
   * Accept only an origin: nothing after the host and port but an optional "/". An origin is
   * where the site itself is served, which may be a staging machine on a private network.
   */
  originOnly?: boolean;
}

/** Why `value` is not an absolute URL of the kind `rules` allow, or undefined when it is. */
export function absoluteUrlProblem(value: string, rules: UrlRules = {}): string | undefined {
  const kind = rules.http ? 'http(s) URL' : 'https URL';
  if (!urlCharacters.test(value))
    return `expected an ${kind} of printable ASCII characters with no spaces, quotes, "<", ">" or "\\"`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `expected an absolute ${kind}${rules.originOnly ? ' such as https://www.example.com' : ''}`;
  }
  const http = url.protocol === 'http:' && (rules.http || (rules.loopbackHttp && isLoopback(url.hostname)));
  if (url.protocol !== 'https:' && !http)
    return `expected an ${kind}${rules.loopbackHttp && !rules.http ? ' (http only to localhost)' : ''}`;
  if (!/^https?:\/\/[^/?#]/i.test(value)) return 'expected "//" and a host after the scheme';
  if (url.username || url.password) return 'expected no user name or password in the URL';
  // One concrete host: a wildcard (`*.example.com`) names many, and would widen the pages' policy to all of them.
  if (
    !/^(?:[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?\.)*[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?$|^\[[0-9a-f:.]+\]$/i.test(
      url.hostname,
    )
  )
    return `expected one concrete host name, got ${JSON.stringify(url.hostname)}`;
  if (rules.originOnly && !/^https?:\/\/[^/?#]+\/?$/i.test(value))
    return 'expected an origin such as https://www.example.com, with no path, query or fragment';
  if (!rules.originOnly && isLocalHost(url.hostname) && !(rules.loopbackHttp && isLoopback(url.hostname))) {
    // A page would send its visitors' requests into their own network (a router, a cloud's metadata service).
    return `expected a public host, got ${url.hostname}: a loopback, link-local or private address${rules.loopbackHttp ? ' (only this machine is allowed)' : ''}`;
  }
  return undefined;
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/**
 * Whether a URL's host names this machine or a non-public address: `localhost` and its subdomains,
 * or such an IP literal (cli/shared/address-policy.ts).
 */
function isLocalHost(hostname: string): boolean {
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  if (isIP(bare) !== 0) return isNonPublicAddress(bare);
  return bare === 'localhost' || bare.endsWith('.localhost');
}

/** A string field checked by `problem`, whose reason becomes the message of `content.invalid-field`. */
function checkedString(problem: (value: string) => string | undefined) {
  return z.string().superRefine((value, context) => {
    const reason = problem(value);
    if (reason) context.addIssue({ code: 'custom', message: reason, input: value });
  });
}

/** A site path such as `/guides/playwright` or `/#pricing`, or an in-page `#anchor`. */
export const href = checkedString((value) => sitePathProblem(value));
/** A site path such as `/getting-started#contact-form`: no in-page `#anchor` alone. */
export const sitePath = checkedString((value) => sitePathProblem(value, { suffix: true }));
/**
 * Why `value` cannot be a redirect's source (an old address: an entry of a redirects dataset, a
 * post's `aliases`), or undefined when it can. Old sites had addresses of every shape
 * (`/2019/05/c'est-la-vie.html`, `/notes/what!/`, `/100%-done`, `/café/`), so any path is taken,
 * written plainly or %-encoded: the build writes it %-encoded where it must (`redirectFrom` in
 * cli/route/routes.ts). Refused is only what is unsafe or is no path: another origin (`//host`,
 * `/\host`, which browsers read as `//host`), a `.` or `..` segment (written plainly or
 * encoded), a control character, a query or fragment, and a path that is not valid %-encoding.
 */
export function redirectSourceProblem(value: string): string | undefined {
  if (!value.startsWith('/')) return 'expected a site path starting with "/"';
  if (/\p{Cc}/u.test(value)) return 'an old address holds no line breaks or other control characters';
  if (value.startsWith('//') || value.includes('\\'))
    return 'an old address is a path of this site: "//" at its start, or a "\\" (which browsers read as "/"), leads to another host';
  if (/[?#]/.test(value))
    return 'expected a site path without ?query or #fragment (write "?" and "#" in a path as %3F and %23)';
  let decoded: string;
  try {
    decoded = decodeURIComponent(value.replace(/%(?![0-9A-Fa-f]{2})/g, '%25'));
  } catch {
    return 'expected valid %-encoding (UTF-8 bytes as %XX)';
  }
  if (/\p{Cc}/u.test(decoded)) return 'an old address holds no line breaks or other control characters, even %-encoded';
  if (decoded.startsWith('//') || decoded.includes('\\'))
    return 'an old address is a path of this site: "//" at its start, or a "\\", even %-encoded, leads to another host';
  if (decoded.split('/').some((segment) => segment === '.' || segment === '..'))
    return 'an old address never holds "." or ".." segments, even %-encoded';
  return undefined;
}

/**
 * A redirect's source such as `/old-page`, `/2019/05/old-page.html` or any other path an old site
 * used (see `redirectSourceProblem`), with no query or fragment.
 */
export const redirectSource = checkedString(redirectSourceProblem);
/** A link that leaves the site, such as a video or a webhook: https only. */
export const externalUrl = checkedString((value) => absoluteUrlProblem(value));
/** The site's own origin, http or https, with no path. */
export const siteOrigin = checkedString((value) => absoluteUrlProblem(value, { http: true, originOnly: true }));

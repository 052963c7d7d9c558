// The `_headers` file of Netlify and Cloudflare Pages: path patterns, each followed by indented
// `Name: value` lines. Every rule whose pattern matches a path applies; a header set by more
// than one of them has its values joined with ", ", as both hosts document.

/**
 * A `_headers` larger than this is not read: both hosts cap theirs far below (Cloudflare: 100
 * rules, 2,000 characters a line).
 */
export const headersFileLimit = 1024 * 1024;

export interface HeaderRule {
  pattern: string;
  regex: RegExp;
  headers: [string, string][];
}

/** A header name as HTTP defines a token. */
const headerName = /^[!#$%&'*+.^_`|~\w-]{1,256}$/;
/**
 * What a header value may hold: tab, visible ASCII, and the Latin-1 letters HTTP allows as
 * obs-text. No control character: not CR or LF (a second header or a body smuggled into the
 * response), nor DEL or the C1 controls (U+0080–U+009F): no header a site sets needs one.
 */
const headerValue = /^[\t\x20-\x7e\xa0-\xff]{0,8192}$/;

/**
 * Headers a `_headers` file cannot set, matched case-insensitively. Netlify documents that it
 * ignores Accept-Ranges, Age, Allow, Alt-Svc, Connection, Content-Encoding, Content-Length,
 * Content-Range, Date, Location (redirects are `_redirects`' job), Server, Set-Cookie, Trailer,
 * Transfer-Encoding and Upgrade, as its servers set them. To those: the other hop-by-hop and
 * framing headers (RFC 9110 §7.6.1: Keep-Alive, TE, Proxy-Connection), `Proxy-*`, and Host, a
 * request header. Each of them would let a site's file break the response's framing, redirect
 * a page the host serves as 200, or set cookies that on 127.0.0.1 reach every local server
 * whatever its port.
 */
const hostOnlyHeaders: ReadonlySet<string> = new Set([
  'accept-ranges',
  'age',
  'allow',
  'alt-svc',
  'connection',
  'content-encoding',
  'content-length',
  'content-range',
  'date',
  'host',
  'keep-alive',
  'location',
  'server',
  'set-cookie',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** Whether a `_headers` file may set the header `name` (see `hostOnlyHeaders`). */
function isSettableHeader(name: string): boolean {
  const key = name.toLowerCase();
  return !hostOnlyHeaders.has(key) && !key.startsWith('proxy-');
}

/**
 * Parses `_headers`. Lines that are not part of a rule (a header before any path, a name or
 * value HTTP does not allow, a pattern with more than one `*`) are left out, as the hosts
 * ignore what they cannot read; so are the headers only the host sets (`hostOnlyHeaders`) and
 * Cloudflare's `! Name` (detach) lines.
 */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  let current: HeaderRule | undefined;
  for (const raw of text.slice(0, headersFileLimit).split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (!/^\s/.test(raw)) {
      const regex = line.startsWith('/') ? compileHeaderPattern(line) : undefined;
      current = regex ? { pattern: line, regex, headers: [] } : undefined;
      if (current) rules.push(current);
      continue;
    }
    const colon = line.indexOf(':');
    if (!current || colon <= 0 || line.startsWith('!')) continue;
    const name = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    if (headerName.test(name) && headerValue.test(value) && isSettableHeader(name)) current.headers.push([name, value]);
  }
  return rules;
}

/** The headers for a request path: every matching rule's, values of one name joined with ", ". */
export function headersFor(rules: HeaderRule[], sitePath: string): Record<string, string> {
  const joined = new Map<string, { name: string; values: string[] }>();
  for (const rule of rules) {
    if (!rule.regex.test(sitePath)) continue;
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase();
      const entry = joined.get(key) ?? { name, values: [] };
      entry.values.push(value);
      joined.set(key, entry);
    }
  }
  return Object.fromEntries([...joined.values()].map(({ name, values }) => [name, values.join(', ')]));
}

/**
 * `/blog/*` → a regex: `*` matches the rest of the path (empty included), `:name` one segment.
 * `undefined` for more than one `*`, which could not be matched in linear time.
 */
function compileHeaderPattern(pattern: string): RegExp | undefined {
  if (pattern.length > 2000 || pattern.split('*').length > 2) return undefined;
  const body = pattern
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*';
      if (segment.startsWith(':')) return '[^/]+';
      return segment.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace('*', '.*');
    })
    .join('/');
  return new RegExp(`^${body}$`);
}

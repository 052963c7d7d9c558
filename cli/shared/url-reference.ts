// A URL written in a page, read as a browser reads it: the WHATWG URL parser (`new URL`) against
// a base, never the text's first characters. To a browser `/\evil.example/x.png` and
// `\\evil.example/x.png` are another host's (a backslash is a slash in an http URL), and so is
// `http:evil.example/x.png` on a page served over https; `https:shot.png` on such a page is
// relative. Whether a reference is relative, and to what, is found by resolving it against
// bases that differ only in that respect, so the parser alone decides.

/**
 * The origin that stands for the site: `.invalid` is never a real host, and https is how a
 * site is served in production (an `http:` URL without `//` is another host's there).
 */
export const siteOrigin = 'https://site.invalid';

/** What a written URL refers to, as a browser on one of the site's pages resolves it. */
export type UrlReference =
  /** The page itself: empty, `#fragment` or `?query`. */
  | { kind: 'document' }
  /**
   * Resolved against the page's folder: `shot.png`, `./a\b.png`, `../other/`; `path` is the
   * folder-relative path with `/`, percent-decoded, `..` kept where it climbs.
   */
  | { kind: 'relative'; path: string; search: string; hash: string }
  /**
   * A path of the site, whatever page it is on: `/images/a.png`, `\images\a.png`; `path` is
   * percent-decoded, `href` the path, query and fragment as the browser requests them.
   */
  | { kind: 'site'; path: string; search: string; hash: string; href: string }
  /** Another origin (`//host/x`, `/\host/x`, `http:host/x`), or a scheme with none (`mailto:`). */
  | { kind: 'external'; url: URL }
  /** Not a URL a browser could follow. */
  | { kind: 'invalid' };

/**
 * Reads `reference` as a browser does on a page of the site. The bases are deep enough that no
 * run of `..` in the reference can climb out of them, so a relative reference never passes for a
 * site path.
 */
export function readUrlReference(reference: string): UrlReference {
  const deep = 'd/'.repeat(Math.ceil(reference.length / 2) + 1);
  const folder = `${siteOrigin}/a/${deep}`;
  let here: URL, besideHere: URL, elsewhere: URL;
  try {
    here = new URL(reference, `${folder}p?s`);
    besideHere = new URL(reference, `${folder}q?t`);
    elsewhere = new URL(reference, `${siteOrigin}/b/${deep}p?s`);
  } catch {
    return { kind: 'invalid' };
  }
  if (here.href !== besideHere.href) return { kind: 'document' };
  if (here.href !== elsewhere.href) {
    return {
      kind: 'relative',
      path: relativeTo(new URL(folder).pathname, here.pathname),
      search: here.search,
      hash: here.hash,
    };
  }
  if (here.origin !== siteOrigin) return { kind: 'external', url: here };
  return {
    kind: 'site',
    path: decoded(here.pathname),
    search: here.search,
    hash: here.hash,
    href: here.pathname + here.search + here.hash,
  };
}

/** Whether a browser resolves `reference` against the folder of the page it is on. */
export function isRelativeReference(reference: string): boolean {
  return readUrlReference(reference).kind === 'relative';
}

/** `target` (a resolved path) relative to `folder` (a path ending in `/`), decoded, with `..` where it climbs. */
function relativeTo(folder: string, target: string): string {
  const from = folder.split('/').slice(1, -1);
  const to = target.split('/').slice(1);
  let shared = 0;
  while (shared < from.length && shared < to.length - 1 && from[shared] === to[shared]) shared++;
  return decoded([...Array<string>(from.length - shared).fill('..'), ...to.slice(shared)].join('/'));
}

/** Percent-decoded as files are named: each segment decoded, a `/` encoded inside one (`%2F`) left as it is. */
function decoded(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment).replaceAll('/', '%2F');
      } catch {
        return segment;
      }
    })
    .join('/');
}

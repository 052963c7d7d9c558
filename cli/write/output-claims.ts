// One owner per path of the output. Every writer of a build (pages, redirect stubs, the files of
// page bundles, images and their variants, share pictures, feeds, the files a site publishes,
// the search index, the client bundle, and the build's own sitemap, robots.txt, `_redirects`,
// `_headers` and manifest) claims the paths it will write here, before anything is written. A
// path claimed twice, a file where another claim needs a folder (`_headers` and
// `_headers/index.html`), or a file inside a folder another writer owns whole, is
// `routes.duplicate-output`, at the later claim's file, naming both: no writer silently replaces
// another's file, and content never takes a path the host reads as its own configuration.
import { manifestFileName } from './route-manifest.ts';
import { SiteError, SiteErrorList } from '../errors.ts';

/** A path a writer of the build will write. */
export interface OutputClaim {
  /** The file under the output folder (`blog/launch/index.html`); a folder it owns whole ends with `/` (`assets/`). */
  path: string;
  /** What writes it, as an error names it: `the page /blog/launch`. */
  owner: string;
  /** The file it comes from, where an error about it is reported. */
  file: string;
  line?: number;
  column?: number;
}

/**
 * Paths static hosts read as their own: `_headers` and `_redirects` (Netlify and Cloudflare
 * Pages, written by the build), Cloudflare Pages' `_routes.json` and `_worker.js` (which it runs
 * as the site's server code, a file or a folder), and the build's manifest, which `check-links`
 * trusts. Claimed before any content, so a content file there is an error naming the owner.
 */
export function reservedClaims(definitionFile: string): OutputClaim[] {
  const build = (path: string): OutputClaim => ({ path, owner: `the build's ${path}`, file: definitionFile });
  const host = (path: string): OutputClaim => ({
    path,
    owner: `the host's ${path} (Cloudflare Pages reads it as its own configuration or code)`,
    file: definitionFile,
  });
  return [
    build('_headers'),
    build('_redirects'),
    build('sitemap.xml'),
    build('robots.txt'),
    build(manifestFileName),
    host('_routes.json'),
    host('_worker.js'),
  ];
}

/** Checks every claim against the others; throws every conflict at once, each at the later claim. */
export function checkOutputClaims(claims: Iterable<OutputClaim>): void {
  const files = new Map<string, OutputClaim>();
  const folders = new Map<string, OutputClaim>();
  /** Every folder some claimed file lies in, with the first claim that needs it. */
  const needed = new Map<string, OutputClaim>();
  const errors: SiteError[] = [];
  const conflict = (claim: OutputClaim, other: OutputClaim, how: string) => {
    errors.push(
      new SiteError({
        code: 'routes.duplicate-output',
        message: `${how}: ${claim.owner} (${claim.file}) and ${other.owner} (${other.file})`,
        hint: 'Rename or move one of the two, or change the slug, alias or path that leads there.',
        file: claim.file,
        ...(claim.line === undefined ? {} : { line: claim.line }),
        ...(claim.column === undefined ? {} : { column: claim.column }),
      }),
    );
  };
  for (const claim of claims) {
    const folder = claim.path.endsWith('/');
    const path = folder ? claim.path.slice(0, -1) : claim.path;
    const segments = path.split('/');
    const sameFile = files.get(path) ?? (folder ? undefined : folders.get(path));
    if (sameFile) {
      conflict(claim, sameFile, `${path} is written twice`);
      continue;
    }
    // A folder on the way to this path that another claim writes as a file, or owns whole.
    let clash: [OutputClaim, string] | undefined;
    for (let end = 1; end < segments.length && !clash; end++) {
      const above = segments.slice(0, end).join('/');
      const other = files.get(above) ?? folders.get(above);
      if (other)
        clash = [
          other,
          files.has(above)
            ? `${above} is a file, and ${path} would be inside it`
            : `${path} is inside ${above}/, which another writer owns`,
        ];
    }
    if (!clash && !folder && needed.has(path))
      clash = [needed.get(path)!, `${path} is a folder of the output, and cannot also be a file`];
    if (!clash && folder && needed.has(path))
      clash = [needed.get(path)!, `${path}/ is owned by one writer, and another writes into it`];
    if (clash) {
      conflict(claim, clash[0], clash[1]);
      continue;
    }
    (folder ? folders : files).set(path, claim);
    for (let end = 1; end < segments.length; end++) {
      const above = segments.slice(0, end).join('/');
      if (!needed.has(above)) needed.set(above, claim);
    }
  }
  if (errors.length > 0) throw new SiteErrorList(errors);
}

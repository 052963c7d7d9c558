// The site's Content-Security-Policy: the site's own files, the inline scripts its pages run
// (by hash), and exactly the outside origins the site definition adds.
import type { CspAdditions } from '../config/site-definition.ts';
import { scriptHashSource } from '../render/inline-scripts.ts';

export interface PolicyInputs {
  /** Outside sources the site uses, by directive (its `csp`). */
  additions: CspAdditions;
  /** Every inline script text the pages run. */
  inlineScripts: Iterable<string>;
  /**
   * Lets scripts compile WebAssembly (`'wasm-unsafe-eval'`), which Pagefind's search runs in;
   * `eval` and inline scripts stay forbidden. Only where search runs (see headers-file.ts).
   */
  wasm?: boolean;
}

/**
 * The policy, one directive per entry, in a stable order:
 * - scripts: the site's own, its inline scripts by hash, and the site's additions (and
 *   WebAssembly, where `wasm` says so);
 * - styles: the site's own stylesheet, plus inline styles (React writes `style` attributes);
 * - frames: only what the site adds; the page itself may be framed by no one;
 * - connections and form posts: the site, and what it adds.
 */
export function contentSecurityPolicy({ additions, inlineScripts, wasm = false }: PolicyInputs): string {
  const hashes = [...new Set([...inlineScripts].map(scriptHashSource))].sort();
  const added = (directive: keyof CspAdditions) => additions[directive] ?? [];
  const frames = added('frame-src');
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...hashes, ...added('script-src'), ...(wasm ? ["'wasm-unsafe-eval'"] : [])],
    ['style-src', "'self'", "'unsafe-inline'", ...added('style-src')],
    ['img-src', "'self'", 'data:', ...added('img-src')],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...added('connect-src')],
    ['frame-src', ...(frames.length > 0 ? frames : ["'none'"])],
    ['form-action', "'self'", ...added('form-action')],
    ['frame-ancestors', "'none'"],
    ['base-uri', "'self'"],
    ['object-src', "'none'"],
  ];
  return directives.map((directive) => directive.join(' ')).join('; ');
}

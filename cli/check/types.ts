import type { Landmark } from '../shared/scanned-refs.ts';
// The manifest is written by the build (write/route-manifest.ts) and read here: one definition for both.
import { manifestFileName, type SiteManifest } from '../write/route-manifest.ts';
import type { LinkOrigin } from '../shared/link-origins.ts';
import type { LinkFindingCode } from '../error-catalogue.ts';
import type { HostResolver } from '../shared/address-policy.ts';

export type { LinkOrigin, SiteManifest };
export { manifestFileName };

/** Options of `checkSite`; every field is optional. */
export interface CheckLinksOptions {
  /** Also request http(s) links that leave the site. */
  external?: boolean;
  /** Skip hrefs matching these patterns (prefix, `*` glob, or `/regex/`). */
  ignore?: string[];
  /** Per-request timeout for external checks. */
  timeoutMs?: number;
  /** Parallel external requests. */
  concurrency?: number;
  /** Directory `siteDir` is resolved against. */
  cwd?: string;
  /** Origin whose absolute links count as internal; defaults to the manifest's, else the sitemap's. */
  siteUrl?: string;
  /**
   * Let external checks reach loopback, link-local, private, unspecified and multicast
   * addresses: `true` for any host, or the host names allowed to resolve to one.
   */
  allowPrivateHosts?: boolean | readonly string[];
  /** Resolves a host name for external checks (tests pass a stub); defaults to `dns.lookup`. */
  lookup?: HostResolver;
}

/** Stable machine-readable reason of a finding: the link checker's part of the error catalogue. */
export type FindingCode = LinkFindingCode;

/** Shared layout region a link sits in, used to merge findings when no manifest says more. */
export type { Landmark };

/** One problem at one source location (merged across pages when the source is shared). */
export interface LinkFinding {
  /**
   * `site-file`: an entry of the folder that is not read (a FIFO, a symlink leaving it, too large),
   * or not all of it (`_redirects` past its limit).
   */
  kind: 'broken-link' | 'redirect-hint' | 'redirect-error' | 'site-file';
  code: FindingCode;
  severity: 'error' | 'warning';
  /** Site path of the (first) linking page. */
  page: string;
  /** HTML (or sitemap, `_redirects`) file relative to the site dir. */
  file: string;
  line: number;
  column: number;
  /** Where the href sits, e.g. `a[href]`, `img[srcset]`, `sitemap loc`. */
  attribute: string;
  /** The href as written. */
  href: string;
  /** Site path or URL the href resolved to, when it resolved. */
  target?: string;
  reason: string;
  suggestion?: string;
  origin?: LinkOrigin;
  /** Set when the source is shared: how many pages carry this link. */
  affectedPages?: number;
  /** Site paths of every page carrying this link, when more than one. */
  pages?: string[];
  landmark?: Landmark;
}

/** Everything `checkSite` found, plus counts for the summary line. */
export interface LinkReport {
  findings: LinkFinding[];
  /** References checked (internal plus, with `external`, external). */
  checked: number;
  /** HTML files read. */
  files: number;
  /** HTML files that are pages rather than redirect stubs. */
  pages: number;
  durationMs: number;
  /** Absolute path of the checked folder. */
  siteDir: string;
  /** External references skipped because `external` was off. */
  externalSkipped: number;
  /** References skipped by `ignore` patterns. */
  ignored: number;
  /** Whether a route manifest was read. */
  manifest: boolean;
}

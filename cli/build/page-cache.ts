// The page cache: each page the last build rendered, kept with what it was made from, so that a
// build renders only the pages whose inputs changed and takes the others as they are.
//
// What every page is rendered from, but its route and the Markdown bodies it reads, is hashed
// into one site key: the generator's fingerprint, the current year (the footer shows it), the
// whole validated model without the Markdown bodies, the datasets' text, the navigation, the
// image index, the share pictures and the bundle's file names. The index of a content folder,
// `index-<folder hash>.json`, holds the site key and, for each page, the hash of its route, the
// Markdown bodies its render read with the hash of each, its HTML by content hash
// (`html/<sha256>.html`) and what the rest of the build needs without reading that HTML: the
// links it recorded (manifest), its islands (script budgets), its inline scripts
// (Content-Security-Policy), its own Markdown body's links (manifest) and what the link
// checker found in it. Strings are listed once for the whole index and pages refer to them by
// number, so that reading it makes few objects; a build that rendered a few pages keeps the
// strings and the other pages as it read them and encodes only those few (see encodeIndex).
//
// A page is taken from the cache only when the index is whole (its first line carries the hash
// of the rest) and of this generator, the site key and the page's route are the same, every body
// it read hashes as before and its HTML file has the recorded size and hash; anything else
// renders it afresh. The file is hashed again unless it is, by identity (device, inode, size and
// modification time), the very file an earlier build hashed, and had not been modified for two
// seconds when that build began checking files (a change within the same tick of a coarse
// clock keeps the time). The change time is left out: hard-linking a cached page into the
// output changes it, every build. A write that keeps the size and sets the time back on purpose
// goes unseen, as anything written into node_modules would. Files are written to a temporary
// name and renamed, so that concurrent builds never see half of one.
import { createHash } from 'node:crypto';
import { closeSync, fstatSync, mkdirSync, openSync, readdirSync, readSync, renameSync, rmSync, statSync, utimesSync, writeFileSync, type BigIntStats } from 'node:fs';
import path from 'node:path';
import type { RecordedLink } from '../../templates/components/page-context.ts';
import type { Bundle } from '../bundle/bundle-client.ts';
import type { ScannedHtml, ScannedRef } from '../check/html-scan.ts';
import type { RawContent, RawMarkdown } from '../load/load-content.ts';
import { inlineScriptsOf } from '../render/inline-scripts.ts';
import type { LinkOrigin } from '../render/link-origins.ts';
import type { MarkdownLink } from '../render/markdown/render-markdown.ts';
import type { PageRecord, RenderContext, RenderedPage } from '../render/render-page.tsx';
import type { Route } from '../route/routes.ts';
import { generatorFingerprint } from './generator-fingerprint.ts';
import { settledBefore } from './settled-file.ts';

/** Bumped when what the index holds, or how a key is made, changes. */
const formatVersion = 3;
/** An index larger than this is not one a build wrote (a 1,000-page site's is a few megabytes). */
const maxIndexBytes = 256 * 1024 * 1024;
/** A page larger than this is not cached (and a cached file claiming more is not read). */
const maxPageBytes = 256 * 1024 * 1024;
/** HTML files no build has used for this long are removed, once a day. */
const unusedLifetimeMs = 14 * 24 * 60 * 60 * 1000;
const dayMs = 24 * 60 * 60 * 1000;
/** Temporary files older than this were left by a build that was killed. */
const graceMs = 10 * 60 * 1000;
/** A dependency on every Markdown body at once (a page that went through all of them). */
export const everyBody = '*';

/** The site-wide inputs of the pages, besides their routes and the Markdown bodies they read. */
export interface SiteRenderInputs {
  context: Omit<RenderContext, 'markdown'>;
  bundle: Bundle;
  raw: RawContent;
}

/** A page taken from the cache, its HTML file verified. */
export interface CachedPage {
  record: PageRecord;
  /** The cached HTML file (it hashed as named when the page was taken). */
  file: string;
  /** The file's bytes, read and verified again: undefined when it changed or went away since. */
  read(): Uint8Array | undefined;
  /** The file's bytes, read when the page was taken: for a page with no `scan`, when the build checks links. */
  html?: Uint8Array;
  inlineScripts: string[];
  /** The links written in the page's own Markdown body, for the manifest. */
  markdownLinks?: MarkdownLink[];
  /** What the link checker found in the HTML; absent when the build that rendered it did not check. */
  scan?: ScannedHtml;
}

/** What a build's use of the cache came to. */
export interface PageCacheStats {
  /** Pages taken from the cache. */
  reused: number;
  /** Pages rendered and stored for the next build. */
  stored: number;
}

/** A page as the index holds it, decoded. */
interface PageEntry {
  route: string;
  /** The route's JSON: the same path may be another page (a guide that became a post). */
  routeJson: string;
  html: string;
  bytes: number;
  /** The HTML file's identity when a build last hashed it, or ''. */
  identity: string;
  deps: [file: string, key: string][];
  links: RecordedLink[];
  islands: string[];
  inlineScripts: string[];
  markdownLinks?: MarkdownLink[];
  scan?: ScannedHtml;
  /** The page as the index read holds it (its numbers name that index's strings), when read from one. */
  stored?: StoredPage;
}

/**
 * The page cache of one build of one content folder: `plan` finds the pages it can take,
 * `store` keeps the pages rendered afresh, `finish` writes the index for the next build. A
 * failure to read or write the cache is never the build's: the page is rendered, or not kept.
 */
export class PageCache {
  private readonly indexFile: string;
  private readonly htmlDir: string;
  private siteKey: string | undefined;
  /** When the build that stored the index read began checking files (ms since the epoch); 0 when none was read. */
  private lastCheckedAt = 0;
  /** When this build began checking files: every identity it records was seen after that. */
  private checkedAt = 0;
  private bodies = new Map<string, RawMarkdown>();
  private readonly bodyKeys = new Map<string, string>();
  /** The pages of the index read, by route path. */
  private previous = new Map<string, PageEntry>();
  /** The index read, as parsed: the next one keeps its strings and its unchanged pages as they are. */
  private previousIndex: StoredIndex | undefined;
  /** The pages of the next index, by route path: those taken and those stored. */
  private readonly next = new Map<string, PageEntry>();
  /** Whether the index on disk differs from `next`. */
  private changed = false;
  private writable = true;
  /** Files used by this build whose time says otherwise (marked used at most once a day). */
  private readonly used: string[] = [];
  readonly stats: PageCacheStats = { reused: 0, stored: 0 };

  /** The cache in `dir` of the content folder `contentDir`. */
  constructor(readonly dir: string, contentDir: string) {
    this.indexFile = path.join(dir, `index-${createHash('sha256').update(path.resolve(contentDir)).digest('hex').slice(0, 16)}.json`);
    this.htmlDir = path.join(dir, 'html');
  }

  /** Whether the last build of this folder stored its pages with this very generator: then most pages are likely to be taken. */
  get warm(): boolean {
    const header = this.readHeader();
    return header !== undefined && header.generator === generatorFingerprint();
  }

  /**
   * The cached pages of `routes` that can be taken as they are, by route path. With `scans`,
   * a page stored without what the link checker finds in it comes with its HTML to scan.
   */
  plan(routes: readonly Route[], inputs: SiteRenderInputs, scans = false): Map<string, CachedPage> {
    this.siteKey = siteKeyOf(inputs);
    this.checkedAt = Date.now();
    this.bodies = new Map([...inputs.raw.posts, ...inputs.raw.guides, ...inputs.raw.legal].map((body) => [body.file, body]));
    const stored = this.readIndex(this.siteKey);
    this.previous = stored ?? new Map();
    const planned = new Map<string, CachedPage>();
    for (const route of routes) {
      const entry = stored?.get(route.path);
      const page = entry && this.take(route, entry, scans);
      if (page) {
        planned.set(route.path, page);
        this.next.set(route.path, page.identity === entry.identity ? entry : { ...entry, identity: page.identity });
        // The next build takes this page without hashing its file again.
        if (page.identity !== entry.identity) this.changed = true;
      }
    }
    if (stored === undefined || stored.size !== planned.size) this.changed = true;
    this.stats.reused = planned.size;
    return planned;
  }

  /**
   * The Markdown bodies the last render of `route` read, when the cache knows them for this
   * very generator, site and route: its next render reads the same (only the bodies' text
   * changed). Undefined when unknown.
   */
  readsOf(route: Route): string[] | undefined {
    const entry = this.previous.get(route.path);
    return entry && entry.routeJson === JSON.stringify(route) ? entry.deps.map(([file]) => file) : undefined;
  }

  /** Keeps a page just rendered for the next build: it read the Markdown bodies `reads`; `scan` is what the checker found in it. */
  store(page: RenderedPage, reads: ReadonlySet<string>, markdownLinks: MarkdownLink[] | undefined, scan: ScannedHtml | undefined): void {
    if (!this.writable || this.siteKey === undefined) return;
    try {
      const html = Buffer.from(page.html, 'utf8');
      if (html.byteLength > maxPageBytes) return;
      const digest = sha256(html);
      mkdirSync(this.htmlDir, { recursive: true });
      writeAtomically(path.join(this.htmlDir, `${digest}.html`), html);
      this.next.set(page.route.path, {
        route: page.route.path, routeJson: JSON.stringify(page.route), html: digest, bytes: html.byteLength, identity: '',
        deps: [...reads].sort().map((file) => [file, this.bodyKey(file)]),
        links: page.links, islands: page.islands, inlineScripts: inlineScriptsOf(page.html), markdownLinks, scan,
      });
      this.changed = true;
      this.stats.stored++;
    } catch {
      // A cache that cannot be written costs the next build time, never this one its output.
      this.writable = false;
    }
  }

  /**
   * Writes the index for the next build when it changed, marks the files this build took as
   * used, and once a day removes the HTML files and indexes no build has used for two weeks.
   */
  finish(): void {
    if (!this.writable || this.siteKey === undefined) return;
    try {
      if (this.changed) {
        const body = encodeIndex(this.siteKey, this.checkedAt, this.next, this.previousIndex);
        const header = JSON.stringify({ format: formatVersion, generator: generatorFingerprint(), siteKey: this.siteKey, sha256: sha256(body) });
        mkdirSync(this.dir, { recursive: true });
        writeAtomically(this.indexFile, Buffer.concat([Buffer.from(`${header}\n`), body]));
      }
      const now = new Date();
      for (const file of this.used) utimesSync(file, now, now);
      const stamp = path.join(this.dir, 'pruned');
      const pruned = readBounded(stamp, 0);
      if (pruned && now.getTime() - pruned.mtimeMs < dayMs) return;
      writeAtomically(stamp, '');
      pruneFolder(this.htmlDir, now.getTime());
      pruneFolder(this.dir, now.getTime());
    } catch {
      // The next build renders what it cannot take.
    }
  }

  /** The cached page of `route` when nothing it was made from changed and its HTML file is whole. */
  private take(route: Route, entry: PageEntry, scans: boolean): (CachedPage & { identity: string }) | undefined {
    try {
      if (entry.routeJson !== JSON.stringify(route)) return undefined;
      for (const [file, bodyKey] of entry.deps) if (this.bodyKey(file) !== bodyKey) return undefined;
      const file = path.join(this.htmlDir, `${entry.html}.html`);
      const verified = this.unchangedFile(file, entry) ?? verifyFile(file, entry.bytes, entry.html);
      if (verified === undefined) return undefined;
      const { mtimeMs, identity } = verified;
      if (Date.now() - mtimeMs > dayMs) this.used.push(file);
      const read = () => readVerified(file, entry.bytes, entry.html);
      const html = scans && !entry.scan ? read() : undefined;
      if (scans && !entry.scan && !html) return undefined;
      return {
        record: { route, links: entry.links, islands: entry.islands },
        file, read, html, inlineScripts: entry.inlineScripts, markdownLinks: entry.markdownLinks, scan: entry.scan, identity,
      };
    } catch {
      return undefined;
    }
  }

  /** `file`'s time when it is, by identity, the file a build hashed as `entry` says, and had been for two seconds when that build began checking files. */
  private unchangedFile(file: string, entry: PageEntry): { mtimeMs: number; identity: string } | undefined {
    if (entry.identity === '') return undefined;
    const info = statSync(file, { bigint: true, throwIfNoEntry: false });
    if (!info?.isFile() || identityOf(info) !== entry.identity || !settledBefore(info.mtimeNs, this.lastCheckedAt)) return undefined;
    return { mtimeMs: Number(info.mtimeMs), identity: entry.identity };
  }

  /** The first line of the index: its format, generator, site key and the hash of the rest. */
  private readHeader(): IndexHeader | undefined {
    try {
      const fd = openSync(this.indexFile, 'r');
      try {
        const buffer = Buffer.alloc(1024);
        const length = readSync(fd, buffer, 0, buffer.length, 0);
        const newline = buffer.subarray(0, length).indexOf(10);
        return newline > 0 ? parseHeader(buffer.subarray(0, newline).toString('utf8')) : undefined;
      } finally {
        closeSync(fd);
      }
    } catch {
      return undefined;
    }
  }

  /** The stored pages by route path, when the index is whole, this generator's and made for `siteKey`. */
  private readIndex(siteKey: string): Map<string, PageEntry> | undefined {
    try {
      const read = readBounded(this.indexFile, maxIndexBytes);
      if (!read) return undefined;
      const newline = read.bytes.indexOf(10);
      const header = newline > 0 ? parseHeader(read.bytes.subarray(0, newline).toString('utf8')) : undefined;
      if (!header || header.generator !== generatorFingerprint() || header.siteKey !== siteKey) return undefined;
      const body = read.bytes.subarray(newline + 1);
      if (sha256(body) !== header.sha256) return undefined;
      if (Date.now() - read.mtimeMs > dayMs) this.used.push(this.indexFile);
      const index = JSON.parse(body.toString('utf8')) as StoredIndex;
      const pages = decodeIndex(index, siteKey);
      this.lastCheckedAt = index.checkedAt;
      this.previousIndex = index;
      return pages;
    } catch {
      return undefined;
    }
  }

  /** The hash of a Markdown body's text and first line; `everyBody` stands for all of them. */
  private bodyKey(file: string): string {
    let key = this.bodyKeys.get(file);
    if (key !== undefined) return key;
    if (file === everyBody) {
      const hash = createHash('sha256');
      for (const name of [...this.bodies.keys()].sort()) hash.update(name).update('\0').update(this.bodyKey(name)).update('\0');
      key = hash.digest('hex');
    } else {
      const body = this.bodies.get(file);
      key = body ? createHash('sha256').update(String(body.bodyLine)).update('\0').update(body.body).digest('hex') : 'none';
    }
    this.bodyKeys.set(file, key);
    return key;
  }
}

/**
 * The hash of what every page is rendered from but its route and the bodies it reads. The
 * Markdown bodies are left out (each page depends on the ones it reads); everything else a
 * template can see is in, serialised with Maps and Sets as lists, in their order.
 */
export function siteKeyOf({ context, bundle, raw }: SiteRenderInputs): string {
  const hash = createHash('sha256');
  const environment = { format: formatVersion, generator: generatorFingerprint(), year: new Date().getUTCFullYear(), nodeEnv: process.env.NODE_ENV ?? '' };
  hash.update(JSON.stringify(environment)).update('\0');
  // What withIslandScripts and the layout name: the bundle's files by (content-hashed) name, and what each imports.
  const scripts = { ...bundle, files: bundle.files.map((file) => [file.url, file.imports]) };
  hash.update(JSON.stringify(scripts)).update('\0');
  // The datasets' text: where each link of a dataset is written (its origin in the manifest) depends on it.
  for (const [name, dataset] of raw.data) hash.update(`${name}\0${dataset.file}\0${dataset.source}\0`);
  hash.update(JSON.stringify(context, serialisable));
  return hash.digest('hex');
}

/** JSON.stringify's replacer for the render context: Maps and Sets as lists, Markdown bodies left out. */
function serialisable(this: unknown, key: string, value: unknown): unknown {
  if (key === 'body' && typeof value === 'string' && typeof this === 'object' && this !== null && 'bodyLine' in this) return undefined;
  if (value instanceof Map) return { map: [...value] };
  if (value instanceof Set) return { set: [...value] };
  if (value instanceof Uint8Array) return { bytes: sha256(value) };
  return value;
}

// The index body. Every string is listed once (`strings`) and named by its number elsewhere;
// each page is one array, whose lists are flat lists of numbers.

interface IndexHeader {
  format: number;
  generator: string;
  siteKey: string;
  sha256: string;
}

interface StoredIndex {
  siteKey: string;
  /**
   * When the build that stored the index began checking files (ms since the epoch): it hashed
   * every file whose identity the index records after that, or took it from an index whose own
   * time was earlier still.
   */
  checkedAt: number;
  /**
   * Pages encoded afresh since every page was: an index keeps the strings of the last one and
   * its unchanged pages as they are, and the strings only replaced pages used stay listed until
   * the index is encoded whole again.
   */
  appended: number;
  strings: string[];
  /** Where links come from, as the render recorded them. */
  origins: LinkOrigin[];
  pages: StoredPage[];
}

/**
 * route, route JSON, html, bytes, identity, deps [file, key]…, links [href, origin]…, islands, inline
 * scripts, Markdown links [href, line, column]… (-1 without a body), scan: [refs [attribute,
 * value, line, column, flags]…, ids, base (-1: none), refresh ([] or one ref)] or -1.
 */
type StoredPage = [number, number, number, number, number, number[], number[], number[], number[], number[] | -1, [number[], number[], number, number[]] | -1];

const landmarks = ['header', 'footer', 'nav'] as const;

function parseHeader(text: string): IndexHeader | undefined {
  const header = JSON.parse(text) as Partial<IndexHeader>;
  if (header.format !== formatVersion || typeof header.generator !== 'string' || typeof header.siteKey !== 'string' || typeof header.sha256 !== 'string') return undefined;
  return header as IndexHeader;
}

/**
 * The index body of `pages`. With `last`, the index they were read from, it extends that index's
 * strings and origins and keeps each page read from it and not changed since as it is stored
 * there, encoding only the others; it encodes every page afresh (dropping strings no page uses)
 * once a quarter of them have been encoded since that was last done.
 */
function encodeIndex(siteKey: string, checkedAt: number, pages: ReadonlyMap<string, PageEntry>, last?: StoredIndex): Buffer {
  const fresh = [...pages.values()].filter((page) => !storedAsIs(page, last)).length;
  const extend = last !== undefined && last.appended + fresh <= pages.size / 4;
  const strings: string[] = extend ? [...last.strings] : [];
  const numbers = new Map<string, number>(strings.map((text, n) => [text, n]));
  const s = (text: string): number => {
    let n = numbers.get(text);
    if (n === undefined) numbers.set(text, (n = strings.push(text) - 1));
    return n;
  };
  // Origins are few (the layout's and the datasets' links repeat on every page): kept as they are.
  const origins: LinkOrigin[] = extend ? [...last.origins] : [];
  const originNumbers = new Map<LinkOrigin, number>();
  const originByKey = new Map<string, number>(origins.map((origin, n) => [JSON.stringify(origin), n]));
  const o = (origin: LinkOrigin): number => {
    let n = originNumbers.get(origin);
    if (n !== undefined) return n;
    const key = JSON.stringify(origin);
    n = originByKey.get(key);
    if (n === undefined) originByKey.set(key, (n = origins.push(origin) - 1));
    originNumbers.set(origin, n);
    return n;
  };
  const ref = (r: ScannedRef, into: number[]) => {
    into.push(s(r.attribute), s(r.value), r.line, r.column, (r.landmark ? landmarks.indexOf(r.landmark) + 1 : 0) + (r.canonical ? 4 : 0));
  };
  const stored: StoredPage[] = [];
  for (const page of pages.values()) {
    if (extend && storedAsIs(page, last)) {
      stored.push(page.stored!);
      continue;
    }
    const links: number[] = [];
    for (const link of page.links) links.push(s(link.href), o(link.origin));
    const markdownLinks: number[] = [];
    for (const link of page.markdownLinks ?? []) markdownLinks.push(s(link.href), link.line, link.column);
    let scan: StoredPage[10] = -1;
    if (page.scan) {
      const refs: number[] = [];
      for (const r of page.scan.refs) ref(r, refs);
      const refresh: number[] = [];
      if (page.scan.refresh) ref(page.scan.refresh, refresh);
      scan = [refs, page.scan.ids.map(s), page.scan.base === undefined ? -1 : s(page.scan.base), refresh];
    }
    stored.push([
      s(page.route), s(page.routeJson), s(page.html), page.bytes, s(page.identity), page.deps.flatMap(([file, key]) => [s(file), s(key)]),
      links, page.islands.map(s), page.inlineScripts.map(s), page.markdownLinks ? markdownLinks : -1, scan,
    ]);
  }
  const index: StoredIndex = { siteKey, checkedAt, appended: extend ? last.appended + fresh : 0, strings, origins, pages: stored };
  return Buffer.from(JSON.stringify(index), 'utf8');
}

/** Whether `page` is stored in `last` as it is now: read from that index and its file's identity unchanged. */
function storedAsIs(page: PageEntry, last: StoredIndex | undefined): boolean {
  return last !== undefined && page.stored !== undefined && last.strings[page.stored[4]] === page.identity;
}

/** The pages of a parsed index by route path; throws on anything not shaped as `encodeIndex` writes it (the caller then takes none). */
function decodeIndex(index: StoredIndex, siteKey: string): Map<string, PageEntry> {
  if (index.siteKey !== siteKey || !Number.isSafeInteger(index.checkedAt) || !Number.isSafeInteger(index.appended) || index.appended < 0 || !Array.isArray(index.strings) || !Array.isArray(index.origins) || !Array.isArray(index.pages)) throw new Error('not an index');
  const { strings } = index;
  const s = (n: number): string => {
    const text = strings[n];
    if (typeof text !== 'string') throw new Error('not an index');
    return text;
  };
  const { origins } = index;
  for (const origin of origins) {
    if (typeof origin !== 'object' || origin === null || typeof origin.kind !== 'string' || typeof origin.file !== 'string') throw new Error('not an index');
  }
  const ref = (list: number[], i: number): ScannedRef => {
    const r: ScannedRef = { attribute: s(list[i]!), value: s(list[i + 1]!), offset: 0, line: list[i + 2]!, column: list[i + 3]! };
    const flags = list[i + 4]!;
    if (flags & 3) r.landmark = landmarks[(flags & 3) - 1];
    if (flags & 4) r.canonical = true;
    return r;
  };
  const pages = new Map<string, PageEntry>();
  for (const stored of index.pages) {
    const [route, routeJson, html, bytes, identity, deps, links, islands, scripts, markdownLinks, scan] = stored;
    if (!Number.isSafeInteger(bytes) || bytes < 0 || bytes > maxPageBytes || !/^[0-9a-f]{64}$/.test(s(html))) throw new Error('not an index');
    const entry: PageEntry = {
      route: s(route), routeJson: s(routeJson), html: s(html), bytes, identity: s(identity), deps: [], links: [], islands: islands.map(s), inlineScripts: scripts.map(s), stored,
    };
    for (let i = 0; i < deps.length; i += 2) entry.deps.push([s(deps[i]!), s(deps[i + 1]!)]);
    for (let i = 0; i < links.length; i += 2) {
      const origin = origins[links[i + 1]!];
      if (!origin) throw new Error('not an index');
      entry.links.push({ href: s(links[i]!), origin });
    }
    if (markdownLinks !== -1) {
      entry.markdownLinks = [];
      for (let i = 0; i < markdownLinks.length; i += 3) entry.markdownLinks.push({ href: s(markdownLinks[i]!), line: markdownLinks[i + 1]!, column: markdownLinks[i + 2]! });
    }
    if (scan !== -1) {
      const [refs, ids, base, refresh] = scan;
      const scanned: ScannedHtml = { refs: [], ids: ids.map(s) };
      for (let i = 0; i < refs.length; i += 5) scanned.refs.push(ref(refs, i));
      if (base !== -1) scanned.base = s(base);
      if (refresh.length === 5) scanned.refresh = ref(refresh, 0);
      entry.scan = scanned;
    }
    pages.set(entry.route, entry);
  }
  return pages;
}

/**
 * Reads `file` when it is a regular file whose size `accept` takes, into the buffer `bufferFor`
 * gives for that size (one byte more is read, so a file that grew since is seen): its bytes,
 * time and identity, or undefined when it is missing, refused, or not the size it said.
 */
function readRegular(file: string, accept: (size: number) => boolean, bufferFor: (size: number) => Buffer): { bytes: Buffer; mtimeMs: number; identity: string } | undefined {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return undefined;
  }
  try {
    const info = fstatSync(fd, { bigint: true });
    const size = Number(info.size);
    if (!info.isFile() || !accept(size)) return undefined;
    const buffer = bufferFor(size);
    let read = 0;
    for (let n = 1; n > 0 && read < buffer.length; read += n) n = readSync(fd, buffer, read, buffer.length - read, null);
    return read === size ? { bytes: buffer.subarray(0, read), mtimeMs: Number(info.mtimeMs), identity: identityOf(info) } : undefined;
  } finally {
    closeSync(fd);
  }
}

/** `file`'s bytes and time when it is a regular file of at most `limit` bytes; undefined when missing or larger. */
function readBounded(file: string, limit: number): ReturnType<typeof readRegular> {
  return readRegular(file, (size) => size <= limit, (size) => Buffer.allocUnsafe(size + 1));
}

/** Reused for every verification: hashing a cached page allocates nothing per page. */
let scratch = Buffer.allocUnsafe(256 * 1024);

/** The time and identity of `file` when it is a regular file of `bytes` bytes hashing as `digest`; undefined otherwise. */
function verifyFile(file: string, bytes: number, digest: string): { mtimeMs: number; identity: string } | undefined {
  const read = readRegular(file, (size) => size === bytes, (size) => {
    if (scratch.length < size + 1) scratch = Buffer.allocUnsafe(Math.max(size + 1, scratch.length * 2));
    return scratch.subarray(0, size + 1);
  });
  return read && sha256(read.bytes) === digest ? { mtimeMs: read.mtimeMs, identity: read.identity } : undefined;
}

/** Device, inode, size and modification time (ns) of a file, as text. */
function identityOf(info: BigIntStats): string {
  return `${info.dev}:${info.ino}:${info.size}:${info.mtimeNs}`;
}

/** `file`'s bytes when it still has `bytes` bytes hashing as `digest`. */
function readVerified(file: string, bytes: number, digest: string): Uint8Array | undefined {
  const read = readBounded(file, bytes);
  return read && read.bytes.byteLength === bytes && sha256(read.bytes) === digest ? read.bytes : undefined;
}

/** Writes `file` whole or not at all: to a temporary name beside it, then renamed over it. */
function writeAtomically(file: string, contents: string | Uint8Array): void {
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    writeFileSync(temporary, contents);
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** Removes the files of `folder` not used for `unusedLifetimeMs`, and temporary files left by killed builds. */
function pruneFolder(folder: string, now: number): void {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return;
  }
  for (const name of names) {
    const file = path.join(folder, name);
    try {
      const info = statSync(file);
      const age = now - info.mtimeMs;
      if (info.isFile() && (age > unusedLifetimeMs || (name.endsWith('.tmp') && age > graceMs))) rmSync(file, { force: true });
    } catch {
      // Gone already: another build pruned it.
    }
  }
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

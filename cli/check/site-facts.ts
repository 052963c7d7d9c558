import { manifestFileName } from './types.ts';
import { serverFactsFile } from '../server/server-facts.ts';
import { isHtmlFile } from '../static-host/site-paths.ts';
import { scanHtml, StringTable, type ScannedHtml, type ScannedRef } from './html-scan.ts';
import { folderSource, type SiteRead, type SiteSource } from './load-built-site.ts';
import type { Landmark, SiteManifest } from './types.ts';
import type { RefusedEntry } from '../static-host/list-site-files.ts';
import { manifestAsRead, parseManifest } from './read-manifest.ts';
import { siteFileLimit, tooLargeProblem } from './read-site-file.ts';
import { scanSitemap } from './read-sitemap.ts';

/** Whether the checker reads a file as a sitemap. */
export const isSitemapFile = (file: string): boolean => /^sitemap[^/]*\.xml$/i.test(file);

/**
 * Whether the checker reads a file at all: pages, sitemaps, `_redirects`, the manifest, and the
 * server routes' facts (their paths are link targets).
 */
export const isCheckedFile = (file: string): boolean =>
  isHtmlFile(file) ||
  isSitemapFile(file) ||
  file === '_redirects' ||
  file === manifestFileName ||
  file === serverFactsFile;

/**
 * What the link checker needs of a site, recorded file by file as a build writes it: every
 * file's name, each page's references and ids (scanned from its HTML as it is written, or
 * known from the page cache), the links of its Markdown copies and llms.txt (as the build made
 * them), the sitemaps' `<loc>`s, `_redirects` and the route manifest.
 * `source` hands them to the checker in place of a folder, which then finds exactly what
 * `check-links` finds in the folder the build wrote, without reading it back.
 */
export class SiteFacts {
  private readonly files = new Set<string>();
  /** Each page's scan, packed (see PackedScan): a large site's pages are most of what a build keeps. */
  private readonly pages = new Map<string, SiteRead<PackedScan>>();
  private readonly sitemaps = new Map<string, SiteRead<ScannedRef[]>>();
  private readonly texts = new Map<string, SiteRead<string>>();
  /** The links of the Markdown files the build recorded as it made them (a page's copy, llms.txt). */
  private readonly markdown = new Map<string, SiteRead<ScannedRef[]>>();
  /** Files written without their contents passing through here (a link to a finished file). */
  private readonly unread = new Set<string>();
  private manifestObject: SiteManifest | undefined;
  /** One copy of each reference and id the pages share. */
  private readonly strings = new StringTable();
  private readonly attributes = new AttributeTable();

  /** Records a file written with these contents, scanning what the checker reads of it. */
  add(file: string, contents: string | Uint8Array): void {
    this.files.add(file);
    this.unread.delete(file);
    // A manifest given as an object is taken as it is (see setManifest).
    if (!isCheckedFile(file) || (file === manifestFileName && this.manifestObject)) return;
    const text = asRead(contents);
    if (text === undefined) {
      this.record(file, { problem: tooLargeProblem(file) });
      return;
    }
    if (isHtmlFile(file))
      this.pages.set(file, { value: packScan(scanHtml(text, this.strings.intern), this.attributes) });
    else if (isSitemapFile(file)) this.sitemaps.set(file, { value: scanSitemap(text) });
    else this.texts.set(file, { value: text });
  }

  /**
   * What was found in a page written so far; undefined when it was not scanned (not written, too
   * large, written by link).
   */
  pageScan(file: string): ScannedHtml | undefined {
    const read = this.pages.get(file);
    return read && 'value' in read ? unpackScan(read.value, this.attributes) : undefined;
  }

  /**
   * Records the links of a Markdown file the build makes (a page's copy, llms.txt), as it made
   * them: the checker reads them from here rather than parsing the file. The file itself is
   * recorded when it is written (`add`).
   */
  addMarkdown(file: string, refs: ScannedRef[]): void {
    this.markdown.set(file, { value: refs });
  }

  /** Records a page whose references and ids are already known (its HTML is the cached one they were scanned from). */
  addScanned(file: string, scan: ScannedHtml): void {
    this.files.add(file);
    this.unread.delete(file);
    this.pages.set(file, { value: packScan(scan, this.attributes) });
  }

  /** Records a file written from a finished file on disk: the checker reads it from the folder should it need it. */
  addUnread(file: string): void {
    this.files.add(file);
    if (isCheckedFile(file)) {
      this.unread.add(file);
      this.pages.delete(file);
      this.sitemaps.delete(file);
      this.texts.delete(file);
      this.markdown.delete(file);
    }
  }

  /** The route manifest the build writes, as an object: taken as its file would be read, without parsing that again. */
  setManifest(manifest: SiteManifest): void {
    this.manifestObject = manifestAsRead(manifest);
  }

  /** The facts as the checker's source; `folder` is where the files were written (unread ones are read there). */
  source(folder: string): SiteSource {
    const disk = folderSource(folder);
    const pick = <T>(
      file: string,
      known: Map<string, SiteRead<T>>,
      read: (file: string) => SiteRead<T>,
    ): SiteRead<T> => (this.unread.has(file) ? read(file) : (known.get(file) ?? read(file)));
    return {
      listing: () => ({ files: [...this.files].sort(), refused: [] }),
      manifest: async () => {
        if (this.manifestObject && !this.unread.has(manifestFileName)) return this.manifestObject;
        const text = pick(manifestFileName, this.texts, disk.text);
        if ('value' in text) return parseManifest(text.value, `${folder}/${manifestFileName}`);
        return disk.manifest();
      },
      page: (file) => {
        const read = this.unread.has(file) ? undefined : this.pages.get(file);
        if (!read) return disk.page(file);
        return 'value' in read ? { value: scanView(read.value, this.attributes) } : read;
      },
      sitemap: (file) => pick(file, this.sitemaps, disk.sitemap),
      markdown: (file) => pick(file, this.markdown, disk.markdown),
      text: (file) => pick(file, this.texts, disk.text),
    };
  }

  private record(file: string, problem: { problem: RefusedEntry }): void {
    if (isHtmlFile(file)) this.pages.set(file, problem);
    else if (isSitemapFile(file)) this.sitemaps.set(file, problem);
    else this.texts.set(file, problem);
  }
}

/**
 * A page's scan as a build keeps it until the check: its references' fields in columns (the
 * strings shared through the string table, the numbers in one typed array, the attribute as its
 * number in the attribute table) rather than an object each, which costs several times the memory
 * on a page of a hundred links.
 */
interface PackedScan {
  values: string[];
  /** Per reference: offset, line, column, and the flags of `packScan` with the attribute's number. */
  places: Int32Array;
  ids: string[];
  base?: string;
  refresh?: ScannedRef;
}

const landmarks: readonly (Landmark | undefined)[] = [undefined, 'header', 'footer', 'nav'];
const canonicalFlag = 4;
/** The attribute's number in the table sits above the landmark and canonical flags. */
const attributeShift = 3;
const fieldsPerRef = 4;

/** The attributes references are found in (`a[href]`, `img[srcset]`…), each numbered once. */
class AttributeTable {
  private readonly numbers = new Map<string, number>();
  readonly names: string[] = [];

  numberOf(attribute: string): number {
    let number = this.numbers.get(attribute);
    if (number === undefined) this.numbers.set(attribute, (number = this.names.push(attribute) - 1));
    return number;
  }
}

function packScan(scan: ScannedHtml, attributes: AttributeTable): PackedScan {
  const { refs } = scan;
  const places = new Int32Array(refs.length * fieldsPerRef);
  refs.forEach((ref, index) => {
    const at = index * fieldsPerRef;
    places[at] = ref.offset;
    places[at + 1] = ref.line;
    places[at + 2] = ref.column;
    places[at + 3] =
      landmarks.indexOf(ref.landmark) |
      (ref.canonical ? canonicalFlag : 0) |
      (attributes.numberOf(ref.attribute) << attributeShift);
  });
  return {
    values: refs.map((ref) => ref.value),
    places,
    ids: scan.ids,
    ...(scan.base !== undefined ? { base: scan.base } : {}),
    ...(scan.refresh ? { refresh: scan.refresh } : {}),
  };
}

/**
 * A page's scan as the checker reads it: its references are unpacked each time they are asked for
 * (once per page in a check), so that the check of a large site never holds every page's
 * references as objects at once.
 */
function scanView(packed: PackedScan, attributes: AttributeTable): ScannedHtml {
  return {
    get refs() {
      return unpackRefs(packed, attributes);
    },
    ids: packed.ids,
    ...(packed.base !== undefined ? { base: packed.base } : {}),
    ...(packed.refresh ? { refresh: packed.refresh } : {}),
  };
}

function unpackScan(packed: PackedScan, attributes: AttributeTable): ScannedHtml {
  return {
    refs: unpackRefs(packed, attributes),
    ids: packed.ids,
    ...(packed.base !== undefined ? { base: packed.base } : {}),
    ...(packed.refresh ? { refresh: packed.refresh } : {}),
  };
}

function unpackRefs(packed: PackedScan, attributes: AttributeTable): ScannedRef[] {
  const { values, places } = packed;
  return values.map((value, index): ScannedRef => {
    const at = index * fieldsPerRef;
    const flags = places[at + 3]!;
    const ref: ScannedRef = {
      attribute: attributes.names[flags >>> attributeShift]!,
      value,
      offset: places[at]!,
      line: places[at + 1]!,
      column: places[at + 2]!,
    };
    const landmark = landmarks[flags & 3];
    if (landmark) ref.landmark = landmark;
    if (flags & canonicalFlag) ref.canonical = true;
    return ref;
  });
}

/**
 * A file's text as the checker would read it back from disk, or undefined when it is larger
 * than the checker reads. Bytes are decoded as the checker decodes them; a string is written
 * as UTF-8, which turns a lone surrogate into U+FFFD, as reading it back does.
 */
function asRead(contents: string | Uint8Array): string | undefined {
  const bytes =
    typeof contents === 'string'
      ? contents.length * 3 <= siteFileLimit
        ? contents.length
        : Buffer.byteLength(contents)
      : contents.byteLength;
  if (bytes > siteFileLimit) return undefined;
  if (typeof contents !== 'string')
    return Buffer.from(contents.buffer, contents.byteOffset, contents.byteLength).toString('utf8');
  // Round trip only text with surrogates (emoji, or a lone one, which UTF-8 cannot hold).
  return /[\uD800-\uDFFF]/.test(contents) ? Buffer.from(contents, 'utf8').toString('utf8') : contents;
}

import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';
import { parseSrcset } from './attribute-urls.ts';
import { parseRefresh } from '../static-host/refresh-stub.ts';
import { detached } from '../shared/detached-string.ts';
import { locateRefs, type ScannedRef } from '../shared/scanned-refs.ts';
import {
  firstLetters,
  hintRels,
  label,
  metaUrlProperties,
  urlAttributes,
  wanted,
  type ScannedHtml,
} from './html-refs.ts';
import type { Landmark } from './types.ts';

export type { ScannedHtml, ScannedRef };

interface Attr {
  name: string;
  value: string;
  offset: number;
  valueOffset: number;
}

/**
 * One copy of each string kept from many pages: the header's, footer's and sidebars' links are
 * the same on every page, and a build's scans would otherwise hold one copy per page.
 */
export class StringTable {
  private readonly strings = new Map<string, string>();

  /** The table's copy of `text`, made (detached) when it is new. */
  readonly intern = (text: string): string => {
    let kept = this.strings.get(text);
    if (kept === undefined) this.strings.set((kept = detached(text)), kept);
    return kept;
  };
}

/** Collects references and ids with htmlparser2's tokenizer: no DOM, attribute-exact positions. */
class Scanner implements TokenizerCallbacks {
  readonly result: ScannedHtml = { refs: [], ids: [] };
  private tagStart = 0;
  private tagEnd = 0;
  /** Attributes of the current tag, reused from tag to tag to spare the garbage collector. */
  private attrs: Attr[] = [];
  private attrCount = 0;
  private attrName: string | null = null;
  private attrStart = 0;
  private value = '';
  private valueStart = -1;
  private depth = { header: 0, footer: 0, nav: 0 };

  constructor(
    private readonly html: string,
    private readonly intern: (text: string) => string,
  ) {}

  onopentagname(start: number, end: number): void {
    this.tagStart = start;
    this.tagEnd = end;
    this.attrCount = 0;
  }
  onattribname(start: number, end: number): void {
    // Most attributes (class, alt, width…) are rejected by length and first letter without slicing.
    const first = firstLetters[end - start];
    const name =
      first !== undefined && first.includes(this.html.charCodeAt(start) | 0x20)
        ? this.html.slice(start, end).toLowerCase()
        : '';
    this.attrName = wanted.has(name) ? name : null;
    this.attrStart = start;
    this.value = '';
    this.valueStart = -1;
  }
  onattribdata(start: number, end: number): void {
    if (this.attrName === null) return;
    if (this.valueStart < 0) this.valueStart = start;
    this.value += this.html.slice(start, end);
  }
  onattribentity(codepoint: number): void {
    if (this.attrName !== null) this.value += String.fromCodePoint(codepoint);
  }
  onattribend(): void {
    if (this.attrName === null) return;
    const valueOffset = this.valueStart < 0 ? this.attrStart : this.valueStart;
    const attr =
      this.attrs[this.attrCount] ?? (this.attrs[this.attrCount] = { name: '', value: '', offset: 0, valueOffset: 0 });
    this.attrCount++;
    attr.name = this.attrName;
    attr.value = this.intern(this.value);
    attr.offset = this.attrStart;
    attr.valueOffset = valueOffset;
    this.attrName = null;
  }
  onopentagend(): void {
    this.finishTag();
  }
  onselfclosingtag(): void {
    this.finishTag();
  }
  onclosetag(start: number, end: number): void {
    if (end - start !== 3 && end - start !== 6) return;
    const name = this.html.slice(start, end).toLowerCase();
    if (name === 'header' || name === 'footer' || name === 'nav') this.depth[name] = Math.max(0, this.depth[name] - 1);
  }
  oncdata(): void {}
  oncomment(): void {}
  ondeclaration(): void {}
  onend(): void {}
  onprocessinginstruction(): void {}
  ontext(): void {}
  ontextentity(): void {}

  private finishTag(): void {
    const { attrs, attrCount } = this;
    const length = this.tagEnd - this.tagStart;
    // Only tags with a wanted attribute, or a landmark's length, are worth naming.
    if (attrCount === 0 && length !== 3 && length !== 6) return;
    const tag = this.html.slice(this.tagStart, this.tagEnd).toLowerCase();
    if (tag === 'header' || tag === 'footer' || tag === 'nav') this.depth[tag]++;
    if (attrCount === 0) return;
    for (let i = 0; i < attrCount; i++) {
      const attr = attrs[i];
      if (attr.name === 'id' ? attr.value !== '' : attr.name === 'name' && tag === 'a')
        this.result.ids.push(attr.value);
    }
    const names = urlAttributes[tag];
    if (names) this.scanUrls(tag, names);
    else if (tag === 'base') this.scanBase();
    else if (tag === 'meta') this.scanMeta();
  }

  private attr(name: string): Attr | undefined {
    const { attrs, attrCount } = this;
    for (let i = 0; i < attrCount; i++) if (attrs[i].name === name) return attrs[i];
    return undefined;
  }

  private scanUrls(tag: string, names: readonly string[]): void {
    const rel = tag === 'link' ? this.attr('rel')?.value.trim() : undefined;
    if (rel && hintRels.test(rel)) return;
    for (const name of names) {
      const attr = this.attr(name);
      if (!attr) continue;
      if (name === 'srcset') {
        for (const entry of parseSrcset(attr.value))
          this.addRef(label(tag, name), entry.url, attr.valueOffset + entry.index);
      } else {
        this.addRef(label(tag, name), attr.value, attr.offset, rel !== undefined && rel.toLowerCase() === 'canonical');
      }
    }
  }

  private scanBase(): void {
    const href = this.attr('href');
    if (href && this.result.base === undefined) this.result.base = href.value.trim();
  }

  private scanMeta(): void {
    const content = this.attr('content');
    if (!content) return;
    if (this.attr('http-equiv')?.value.trim().toLowerCase() === 'refresh') {
      const target = parseRefresh(content.value);
      if (target && !this.result.refresh) {
        this.result.refresh = this.makeRef('meta[http-equiv=refresh]', target.url, content.valueOffset + target.index);
      }
      return;
    }
    const property = (this.attr('property') ?? this.attr('name'))?.value.trim().toLowerCase();
    if (property && metaUrlProperties.has(property))
      this.addRef(`meta[property=${property}]`, content.value, content.offset);
  }

  private addRef(attribute: string, value: string, offset: number, canonical = false): void {
    const ref = this.makeRef(attribute, value, offset);
    if (canonical) ref.canonical = true;
    this.result.refs.push(ref);
  }

  private makeRef(attribute: string, value: string, offset: number): ScannedRef {
    const d = this.depth;
    const landmark: Landmark | undefined = d.footer ? 'footer' : d.header ? 'header' : d.nav ? 'nav' : undefined;
    const ref: ScannedRef = { attribute, value, offset, line: 0, column: 0 };
    if (landmark) ref.landmark = landmark;
    return ref;
  }
}

/**
 * Parses one HTML document once, returning its references (with line/column), ids, base and
 * refresh. `intern` gives each attribute value the string to keep: by default a copy of its own
 * (`detached`); a build's facts keep one copy of each value for all its pages (`StringTable`).
 */
export function scanHtml(html: string, intern: (text: string) => string = detached): ScannedHtml {
  const scanner = new Scanner(html, intern);
  const tokenizer = new Tokenizer({ decodeEntities: true }, scanner);
  tokenizer.write(html);
  tokenizer.end();
  const { result } = scanner;
  const located = result.refresh ? [...result.refs, result.refresh] : result.refs;
  locateRefs(html, located);
  return result;
}

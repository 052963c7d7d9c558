// `/llms.txt` (the llmstxt.org convention) and `/llms-full.txt`: what answer engines read of a
// site. llms.txt is the index of the pages' Markdown copies (cli/render/markdown-copy.ts): the
// site's name and summary, a link to llms-full.txt, then a section per kind of page, each page a
// link to its copy with its one-line description. llms-full.txt joins the copies themselves, in
// the same order, up to a size: an answer engine fetches one file of a known bound. Both come
// from what the site declares (`llms` in its definition, `markdown` on its routes), never from
// its HTML. Only pages with a copy are listed, so a draft or a page the site does not mark never is.
import { locateRefs, type ScannedRef } from '../shared/scanned-refs.ts';
import { markdownRefLabels } from '../render/markdown/markdown-refs.ts';
import type { LlmsSpec } from '../config/site-definition.ts';
import type { MarkdownCopy } from '../render/markdown-copy.ts';
import { markdownDestination, markdownText } from '../render/markdown-text.ts';
import type { Route } from '../route/routes.ts';
import { absoluteUrl } from '../route/urls.ts';

/** The index's file under the output folder. */
export const llmsFile = 'llms.txt';
/** The copies joined, under the output folder. */
export const llmsFullFile = 'llms-full.txt';
/** The most llms-full.txt holds, in bytes, unless the site says otherwise. */
export const defaultFullBytes = 1_000_000;

/** A page with a copy, as llms.txt lists it. */
type Listed = Route & { copy: NonNullable<Route['copy']> };

/** The pages with a copy in llms.txt's order: by section (the site's order, then first use), then route order. */
export function llmsOrder(spec: LlmsSpec, routes: readonly Route[]): Listed[] {
  const listed = routes.filter((route): route is Listed => route.copy !== undefined);
  const sections = [...new Set([...(spec.sections ?? []), ...listed.map((route) => route.copy.spec.section)])];
  return sections.flatMap((section) => listed.filter((route) => route.copy.spec.section === section));
}

/** llms.txt, and the links it holds, located, for the link checker. */
export function renderLlmsTxt(
  spec: LlmsSpec,
  routes: readonly Route[],
  siteUrl: string,
): { text: string; refs: ScannedRef[] } {
  let text = `# ${markdownText(spec.title)}\n\n> ${markdownText(spec.summary)}\n\n`;
  const refs: ScannedRef[] = [];
  const entry = (title: string, path: string, description: string) => {
    const url = absoluteUrl(siteUrl, encodeURI(path));
    text += `- [${markdownText(title)}](`;
    refs.push({ attribute: markdownRefLabels.link, value: url, offset: text.length, line: 0, column: 0 });
    text += `${markdownDestination(url)}): ${markdownText(description)}\n`;
  };
  if (spec.full) {
    entry(spec.full.title, `/${llmsFullFile}`, spec.full.description);
    text += '\n';
  }
  let section: string | undefined;
  for (const route of llmsOrder(spec, routes)) {
    const copy = route.copy.spec;
    if (copy.section !== section) {
      if (section !== undefined) text += '\n';
      section = copy.section;
      text += `## ${markdownText(section)}\n\n`;
    }
    entry(copy.title, route.copy.url, copy.description);
  }
  locateRefs(text, refs);
  return { text, refs };
}

/**
 * llms-full.txt: the site's name and summary, then every copy the site joins (`full` not false)
 * in llms.txt's order, whole, while the file stays within `full.bytes`: the copy that would pass
 * it is left out with every one after it (llms.txt lists them all).
 */
export function renderLlmsFull(
  spec: LlmsSpec,
  routes: readonly Route[],
  copies: ReadonlyMap<string, Pick<MarkdownCopy, 'text'>>,
): string {
  const full = new LlmsFullText(spec, routes);
  for (const [path, copy] of copies) full.offer(path, copy.text);
  return full.text();
}

/**
 * llms-full.txt made as the copies come, in whatever order they come: it keeps the text of a
 * copy only while the copy can still be in the file, so that a build holds about `full.bytes` of
 * copies, not every page's.
 */
export class LlmsFullText {
  private readonly head: string;
  private readonly limit: number;
  /** Each joined copy's place in llms.txt's order, by route path. */
  private readonly places = new Map<string, number>();
  /** The texts kept (each with the newline that joins it), by place. */
  private readonly kept = new Map<number, { part: string; bytes: number }>();
  private keptBytes = 0;
  /** The first place known to be left out: no copy from there on can fit. */
  private cut = Infinity;

  constructor(spec: LlmsSpec, routes: readonly Route[]) {
    this.limit = spec.full?.bytes ?? defaultFullBytes;
    this.head = `# ${markdownText(spec.title)}\n\n> ${markdownText(spec.summary)}\n`;
    for (const route of llmsOrder(spec, routes))
      if (route.copy.spec.full !== false) this.places.set(route.path, this.places.size);
  }

  /** Takes the copy of the page at `path`, or lets it go at once when it cannot be in the file. */
  offer(path: string, text: string): void {
    const place = this.places.get(path);
    if (place === undefined || place >= this.cut) return;
    const part = `\n${text}`;
    const bytes = Buffer.byteLength(part);
    this.keptBytes += bytes - (this.kept.get(place)?.bytes ?? 0);
    this.kept.set(place, { part, bytes });
    if (Buffer.byteLength(this.head) + this.keptBytes > this.limit) this.leaveOut();
  }

  /** The file, from the copies taken. */
  text(): string {
    let text = this.head;
    let bytes = Buffer.byteLength(text);
    for (const [, { part, bytes: size }] of this.inOrder()) {
      if (bytes + size > this.limit) break;
      text += part;
      bytes += size;
    }
    return text;
  }

  /**
   * The copies kept pass the limit: the first place at which what is kept before it, and it,
   * pass the limit cannot be in the file (copies still to come only add before it), nor can any
   * after it.
   */
  private leaveOut(): void {
    let bytes = Buffer.byteLength(this.head);
    for (const [place, { bytes: size }] of this.inOrder()) {
      if (place < this.cut && bytes + size <= this.limit) {
        bytes += size;
        continue;
      }
      this.cut = Math.min(this.cut, place);
      this.keptBytes -= size;
      this.kept.delete(place);
    }
  }

  private inOrder(): [number, { part: string; bytes: number }][] {
    return [...this.kept].sort((a, b) => a[0] - b[0]);
  }
}

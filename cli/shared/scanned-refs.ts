// A URL found in a file the build wrote (a page, a Markdown copy, the sitemap), and where it
// stands: what the link checker reads, and what a writer that knows its links records for it.

/** The part of a page a link sits in, for the report. */
export type Landmark = 'header' | 'footer' | 'nav';

/** A URL-bearing attribute found in a page, located 1-based in the source. */
export interface ScannedRef {
  /** `tag[attribute]`, e.g. `img[srcset]`. */
  attribute: string;
  value: string;
  offset: number;
  line: number;
  column: number;
  landmark?: Landmark;
  /** `link[rel=canonical]`, which redirect stubs carry alongside their refresh. */
  canonical?: boolean;
}

/** Fills in line/column from offsets with one forward pass over the newlines. */
export function locateRefs(html: string, refs: ScannedRef[]): void {
  let ordered = refs;
  for (let i = 1; i < refs.length; i++) {
    if (refs[i - 1].offset > refs[i].offset) {
      ordered = [...refs].sort((a, b) => a.offset - b.offset);
      break;
    }
  }
  let line = 1;
  let lineStart = 0;
  let next = html.indexOf('\n');
  for (const ref of ordered) {
    while (next !== -1 && next < ref.offset) {
      line++;
      lineStart = next + 1;
      next = html.indexOf('\n', lineStart);
    }
    ref.line = line;
    ref.column = ref.offset - lineStart + 1;
  }
}

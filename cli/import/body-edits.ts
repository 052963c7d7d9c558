// Changes to a post's body, as ranges of its text replaced, and the way back: where a place of the
// changed text was in the text as written, so that a problem the build finds in an imported body
// is reported at its line and column in the other generator's file.

/** `text` put in the place of [start, end) of the text. */
export interface BodyEdit {
  start: number;
  end: number;
  text: string;
}

/** A text with its edits applied, and the way back from an offset in it to one in the text before. */
export interface EditedText {
  text: string;
  /**
   * The offset in the text before the edits of `offset` in `text`; a place inside inserted text maps to where the edit
   * starts.
   */
  toSource(offset: number): number;
  /** Whether `offset` in `text` is inside text an edit put there. */
  isInserted(offset: number): boolean;
}

/** Applies edits that do not overlap (an edit overlapping an earlier one is left out). */
export function applyEdits(text: string, edits: readonly BodyEdit[]): EditedText {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  const kept: BodyEdit[] = [];
  for (const edit of sorted) if (kept.length === 0 || edit.start >= kept[kept.length - 1]!.end) kept.push(edit);
  let out = '';
  let at = 0;
  /** For each kept edit: where its text starts and ends in the output. */
  const placed: { outStart: number; outEnd: number; edit: BodyEdit }[] = [];
  for (const edit of kept) {
    out += text.slice(at, edit.start);
    placed.push({ outStart: out.length, outEnd: out.length + edit.text.length, edit });
    out += edit.text;
    at = edit.end;
  }
  out += text.slice(at);
  return {
    text: out,
    toSource(offset) {
      let delta = 0;
      for (const { outStart, outEnd, edit } of placed) {
        if (offset < outStart) break;
        if (offset < outEnd) return edit.start;
        delta = edit.end - outEnd;
      }
      return offset + delta;
    },
    isInserted(offset) {
      return placed.some(({ outStart, outEnd }) => offset >= outStart && offset < outEnd);
    },
  };
}

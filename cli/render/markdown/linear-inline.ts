import { codeText, htmlText } from 'micromark-core-commonmark';
import type { Code, Construct, Effects, Extension, State, TokenizeContext } from 'micromark-util-types';

/**
 * Keeps inline parsing linear. micromark tries raw inline HTML (`<!--`, `<?`, `<![CDATA[`,
 * `<!X`) and code spans by scanning ahead for their end; an opener with no end scans to the end
 * of the paragraph and fails. Many such openers in one paragraph made parsing quadratic: 156 KB
 * of `<a <!-- ` took about a minute, and code-span openers of every length from 1 to 2,000
 * grow as n^1.5.
 *
 * Both constructs are kept as published; each attempt is only watched. A scan that reached the
 * end of its paragraph saw everything after its opener: no comment end (or instruction, CDATA
 * or declaration end) comes later, and it saw where the last backtick run of each length
 * starts. A later opener that that knowledge says cannot close fails at once instead of
 * scanning again. The parse is exactly the same.
 */
export function linearInline(): Extension {
  return {
    disable: { null: ['htmlText', 'codeText'] },
    text: {
      60: { ...htmlText, name: 'htmlTextLinear', add: 'after', tokenize: watched(htmlText, htmlKind) },
      96: { ...codeText, name: 'codeTextLinear', tokenize: watched(codeText, codeKind) },
    },
  };
}

/**
 * Which end an opener scans for, from the codes read so far: undefined until known, '' for a tag (its scan ends at the
 * next quote or `>`).
 */
type Classify = (codes: number[]) => string | undefined;

/** `<!--` comment, `<?` instruction, `<![` CDATA, `<!X` declaration. */
const htmlKind: Classify = (codes) => {
  if (codes.length < 2) return undefined;
  if (codes[1] === 63) return '?';
  if (codes[1] !== 33) return '';
  if (codes.length < 3) return undefined;
  if (codes[2] === 91) return '[';
  if (codes[2] !== 45) return '!';
  if (codes.length < 4) return undefined;
  return codes[3] === 45 ? '--' : '';
};

/** A code span is closed only by a run of as many backticks as opened it: `` `n ``. */
const codeKind: Classify = (codes) => (codes[codes.length - 1] === 96 ? undefined : `\`${codes.length - 1}`);

/** What the scans of one paragraph (one tokenizer, one `effects`) learnt. */
interface Knowledge {
  /** Kinds of raw HTML with no end after the offset where a scan for it started. */
  unclosed: Map<string, number>;
  /**
   * From a code-span scan that reached the end: where it started, and the start of the last backtick run of each length
   * after it.
   */
  backticks?: { from: number; lastRun: Map<number, number> };
}

const learnt = new WeakMap<Effects, Knowledge>();

/** Whether what is known says an opener of `kind` at `start` cannot close. */
function cannotClose(known: Knowledge, kind: string, start: number): boolean {
  if (kind.startsWith('`')) {
    const length = Number(kind.slice(1));
    return (
      known.backticks !== undefined &&
      known.backticks.from < start &&
      !((known.backticks.lastRun.get(length) ?? -1) > start)
    );
  }
  const from = known.unclosed.get(kind);
  return from !== undefined && from < start;
}

function watched(construct: Construct, classify: Classify): Construct['tokenize'] {
  return function tokenize(this: TokenizeContext, effects, ok, nok) {
    const self = this;
    let known = learnt.get(effects);
    if (!known) learnt.set(effects, (known = { unclosed: new Map() }));
    const knowledge = known;
    const start = self.now().offset;
    const codes: number[] = [];
    const runs = new Map<number, number>();
    let run: { start: number; length: number } | undefined;
    let kind: string | undefined;
    let settled = false;
    const settle = (then: State) => (code: Code) => {
      settled = true;
      return then(code);
    };
    const atEnd = () => {
      if (run) runs.set(run.length, run.start);
      if (kind!.startsWith('`')) knowledge.backticks ??= { from: start, lastRun: runs };
      else if (!knowledge.unclosed.has(kind!)) knowledge.unclosed.set(kind!, start);
    };
    const watch =
      (state: State): State =>
      (code) => {
        if (settled) return state(code);
        if (kind === undefined) {
          codes.push(code ?? -1);
          kind = classify(codes);
          if (kind && cannotClose(knowledge, kind, start)) return settle(nok)(code);
        } else if (code === 96) {
          run = run ? { start: run.start, length: run.length + 1 } : { start: self.now().offset, length: 1 };
        } else if (run) {
          runs.set(run.length, run.start);
          run = undefined;
        }
        if (code === null && kind) atEnd();
        const next = state(code);
        return typeof next === 'function' && !settled ? watch(next) : next;
      };
    return watch(construct.tokenize.call(self, effects, settle(ok), settle(nok)));
  };
}

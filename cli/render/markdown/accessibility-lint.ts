// What an author writes in a body that a screen reader or a keyboard would trip on, found while
// the body's tree is at hand: the pipeline's one walk over it (`collect`, markdown-plugins.ts)
// hands each element and text here, so nothing is parsed or walked a second time. Findings are
// warnings at their line and column in the Markdown source, each with how to fix it; they travel
// with the body's other warnings (RenderedMarkdown.warnings), so a body from the cache reports
// them again, and `build --strict` refuses them. Two checks run where their facts are: a click
// handler in the HTML an author wrote (raw-html-run.ts, which removes it) and a video's title
// (markdown-embeds.ts, once the site has said which embeds it shows). docs/writing-content.md
// lists every rule with an example.
import type { Element, ElementContent, Text } from 'hast';
import { phrasesInOtherScripts, scriptsOfLanguageTag, type WritingScript } from './writing-scripts.ts';

/** The code of each accessibility finding: one per rule. */
export type AccessibilityCode =
  | 'accessibility.heading-level-one'
  | 'accessibility.heading-skipped'
  | 'accessibility.link-text'
  | 'accessibility.image-alt'
  | 'accessibility.table-header'
  | 'accessibility.click-handler'
  | 'accessibility.embed-title'
  | 'accessibility.language';

/** One finding, at its line and column in the body. */
export interface AccessibilityFinding {
  code: AccessibilityCode;
  message: string;
  hint: string;
  line: number;
  column: number;
}

/**
 * Text in a writing script other than Latin, outside any element with a `lang`: whether it is in
 * another language than the site's depends on the site's (applyLanguageRule), so the body records
 * it and each build decides.
 */
export interface ForeignText {
  script: WritingScript;
  /** The first word or so of it, to find it by. */
  sample: string;
  line: number;
  column: number;
}

/** Findings kept per body: past them, one more says how many were left out. */
export const maxFindingsPerBody = 100;

/** Link texts that say nothing of where a link leads, once lowercased and stripped of punctuation at their ends. */
const ambiguousLinkTexts: ReadonlySet<string> = new Set([
  'click here',
  'here',
  'click',
  'read more',
  'more',
  'learn more',
  'link',
  'this link',
  'this',
  'go',
  'continue',
]);

/** A URL written as the only text of a link. */
const bareUrl = /^(?:[a-z][a-z\d+.-]*:\/\/|www\.)\S+$/i;

/** Alt text that starts by saying it is an image, which a screen reader says already. */
const saysImageOf = /^(?:(?:an?|the)\s+)?(?:image|picture|photo(?:graph)?|graphic|pic)\s+of\b/i;

/** Alt text that is a file name. */
const fileNameAlt = /^[^\s/\\]+\.(?:png|jpe?g|gif|webp|avif|svg|bmp|tiff?)$/i;

/** Elements whose text is code or keys, not prose in a language. */
const notProse: ReadonlySet<string> = new Set(['code', 'pre', 'kbd', 'samp', 'var']);

/** The accessibility checks of one body; the walk calls `element` and `text`. */
export class AccessibilityLint {
  private readonly found: AccessibilityFinding[] = [];
  readonly foreignText: ForeignText[] = [];
  /** The level of the last heading: the page's own title is the h1 the body comes under. */
  private level = 1;
  /**
   * How many elements around the walk's place hold no prose in the site's language (code, or a `lang` of their own).
   */
  private quiet = 0;
  /** The tables the walk is in, innermost last, and whether each has a header cell with text. */
  private readonly tables: { element: Element; header: boolean }[] = [];

  /** The findings, capped at `maxFindingsPerBody` with a last one counting the rest. */
  get findings(): AccessibilityFinding[] {
    if (this.found.length <= maxFindingsPerBody) return this.found;
    const last = this.found[maxFindingsPerBody]!;
    return [
      ...this.found.slice(0, maxFindingsPerBody),
      {
        ...last,
        message: `${this.found.length - maxFindingsPerBody} more accessibility findings in this body (the first ${maxFindingsPerBody} are listed)`,
      },
    ];
  }

  /**
   * Checks an element before the walk enters it (an image before the pipeline replaces it by its
   * slot); returns what to do once its children are walked, when anything is.
   */
  element(element: Element): (() => void) | undefined {
    const { tagName, properties } = element;
    if (tagName.length === 2 && tagName[0] === 'h' && tagName[1]! >= '1' && tagName[1]! <= '6')
      this.heading(element, Number(tagName[1]));
    else if (tagName === 'a' && typeof properties.href === 'string') this.link(element);
    else if (tagName === 'img') this.image(element);
    else if (tagName === 'th' && this.tables.length > 0 && accessibleText(element).trim() !== '')
      this.tables.at(-1)!.header = true;
    else if (tagName === 'table') {
      const table = { element, header: false };
      this.tables.push(table);
      return () => {
        this.tables.pop();
        if (!table.header)
          this.add(
            'accessibility.table-header',
            'Table has no header row: a screen reader cannot say which column a cell belongs to',
            'Give it a header row: in Markdown the first row, above the |---| line, names each column; in HTML, use <th> cells.',
            element,
          );
      };
    }
    const quiet = notProse.has(tagName) || (typeof properties.lang === 'string' && properties.lang.trim() !== '');
    if (!quiet) return undefined;
    this.quiet++;
    return () => void this.quiet--;
  }

  /** Records text in another writing script than Latin, unless it is code or marked with its language. */
  text(node: Text): void {
    if (this.quiet > 0 || this.foreignText.length >= maxFindingsPerBody) return;
    for (const found of phrasesInOtherScripts(node.value))
      this.foreignText.push({ script: found.script, sample: found.sample, ...pointIn(node, found.index) });
  }

  private heading(element: Element, level: number): void {
    if (level === 1) {
      this.add(
        'accessibility.heading-level-one',
        "Heading level 1 in the body: the page's title is its one h1, and this one competes with it",
        "Start the body's sections at level 2 (## in Markdown, <h2> in HTML).",
        element,
      );
    } else if (level > this.level + 1) {
      const skipped =
        level - this.level === 2
          ? `level ${level - 1} is`
          : level - this.level === 3
            ? `levels ${level - 2} and ${level - 1} are`
            : `levels ${this.level + 1} to ${level - 1} are`;
      this.add(
        'accessibility.heading-skipped',
        `Heading level ${level} follows level ${this.level}: ${skipped} skipped, so the outline a screen reader lists has a gap`,
        `Make it level ${this.level + 1} (${'#'.repeat(this.level + 1)} in Markdown), or add the missing level above it.`,
        element,
      );
    }
    this.level = level;
  }

  private link(element: Element): void {
    const label = element.properties.ariaLabel;
    const name = (typeof label === 'string' && label.trim() !== '' ? label : accessibleText(element))
      .replace(/\s+/g, ' ')
      .trim();
    const href = String(element.properties.href);
    if (name === '') {
      this.add(
        'accessibility.link-text',
        'Link has no text: a screen reader reads its address, or nothing',
        'Write what the link leads to between the brackets: [the setup guide](/guides/setup).',
        element,
      );
      return;
    }
    const words = name.toLowerCase().replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, '');
    if (ambiguousLinkTexts.has(words)) {
      this.add(
        'accessibility.link-text',
        `Link text "${name}" does not say where it leads: read out of context (a screen reader's list of links), every such link sounds the same`,
        `Name the destination in the link's words: "see [the pricing guide](…)" rather than "[${name}](…)".`,
        element,
      );
    } else if (!href.startsWith('mailto:') && !href.startsWith('tel:') && (bareUrl.test(name) || name === href)) {
      this.add(
        'accessibility.link-text',
        `Link text is a bare address (${shorten(name)}): a screen reader spells it out`,
        "Write words that name the page: [Playwright's documentation](https://playwright.dev/docs/intro).",
        element,
      );
    }
  }

  private image(element: Element): void {
    const alt = typeof element.properties.alt === 'string' ? element.properties.alt.trim() : '';
    if (alt === '') return;
    const src = typeof element.properties.src === 'string' ? element.properties.src : '';
    const name = fileNameOf(src);
    const normal = (text: string) =>
      text
        .toLowerCase()
        .replace(/[-_.\s]+/g, ' ')
        .trim();
    const stem = name.replace(/\.[^.]*$/, '');
    if (fileNameAlt.test(alt) || (name !== '' && (normal(alt) === normal(name) || normal(alt) === normal(stem)))) {
      this.add(
        'accessibility.image-alt',
        `Alt text "${shorten(alt)}" is the image's file name: it says nothing of what the image shows`,
        'Say what the image shows, as you would to someone who cannot see it: ![Test report with two failed checks](…).',
        element,
      );
    } else if (saysImageOf.test(alt)) {
      this.add(
        'accessibility.image-alt',
        `Alt text "${shorten(alt)}" says it is an image: a screen reader already announces an image, so it is said twice`,
        `Start with what it shows: ![${shorten(alt.replace(saysImageOf, '').trim() || 'what it shows')}](…).`,
        element,
      );
    }
  }

  private add(code: AccessibilityCode, message: string, hint: string, element: Element): void {
    this.found.push({
      code,
      message,
      hint,
      line: element.position?.start.line ?? 1,
      column: element.position?.start.column ?? 1,
    });
  }
}

/**
 * The findings of a body's text written in a script its site's language (`language`, a BCP 47
 * tag; none: the rule is off) is not written in, without a `lang` to say which language it is:
 * a screen reader reads it with the voice of the page's language. Run on every build, as the
 * language is the site's, not part of the body's cached render.
 */
export function applyLanguageRule(
  foreignText: readonly ForeignText[] | undefined,
  language: string | undefined,
): AccessibilityFinding[] {
  if (!foreignText?.length || !language) return [];
  const own = scriptsOfLanguageTag(language);
  return foreignText
    .filter((text) => !own.includes(text.script))
    .map((text) => ({
      code: 'accessibility.language' as const,
      message: `Text in ${text.script} script ("${text.sample}") has no lang: a screen reader reads it with the voice of the page's language (${language})`,
      hint: `Say which language it is in: <span lang="…">${text.sample}</span>, with the language's code (ru, el, ja, ar…).`,
      line: text.line,
      column: text.column,
    }));
}

/** The text of an element, images by their alt text, as a screen reader names a link or a header cell. */
function accessibleText(element: Element): string {
  let text = '';
  const add = (children: ElementContent[]) => {
    for (const child of children) {
      if (child.type === 'text') text += child.value;
      else if (child.type === 'element') {
        if (child.tagName === 'img' && typeof child.properties.alt === 'string') text += ` ${child.properties.alt} `;
        else add(child.children);
      }
    }
  };
  add(element.children);
  return text;
}

/** The file name at the end of an image's address, decoded where it can be. */
function fileNameOf(src: string): string {
  const path = src.split(/[?#]/)[0]!;
  const last = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

function shorten(text: string): string {
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

/** The line and column of character `index` of a text node, from where the node starts in the source. */
function pointIn(node: Text, index: number): { line: number; column: number } {
  const start = node.position?.start ?? { line: 1, column: 1 };
  const before = node.value.slice(0, index);
  const lastBreak = before.lastIndexOf('\n');
  if (lastBreak === -1) return { line: start.line, column: start.column + index };
  let lines = 0;
  for (const character of before) if (character === '\n') lines++;
  return { line: start.line + lines, column: index - lastBreak };
}

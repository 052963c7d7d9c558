// Which writing script a text is in, from the Unicode Script property of its letters: no
// guessing at languages. Text in Cyrillic on a site written in English is in another language
// whatever that language is; text in Latin letters can be any language (and names, code and
// brands are written in it everywhere), so it is never reported. No imports: the Markdown
// workers load it.

/** The scripts told apart, by their Unicode names (`\p{Script=…}`). */
const scripts = [
  'Cyrillic',
  'Greek',
  'Armenian',
  'Hebrew',
  'Arabic',
  'Syriac',
  'Thaana',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Georgian',
  'Hangul',
  'Ethiopic',
  'Khmer',
  'Mongolian',
  'Hiragana',
  'Katakana',
  'Han',
] as const;

/** A writing script other than Latin. */
export type WritingScript = (typeof scripts)[number];

const anyLetter = scripts.map((script) => `\\p{Script=${script}}`).join('');
/**
 * Two letters of these scripts in a row, then what follows of the phrase: a lone letter (the β
 * of a formula, a π) is a symbol in any language, not text in another one.
 */
const phrase = new RegExp(`[${anyLetter}]{2,}(?:[${anyLetter}]|[\\s\\p{P}](?=[${anyLetter}]))*`, 'gu');
const scriptTests = scripts.map((script) => [script, new RegExp(`^\\p{Script=${script}}`, 'u')] as const);
/** Below U+0370 every letter is Latin (or a combining mark): most text is tested by this alone. */
const beyondLatin = /[^\u0000-\u036f]/;

/** A phrase of a text in a script other than Latin: its script, where it starts and its first few words. */
export interface ScriptPhrase {
  script: WritingScript;
  index: number;
  sample: string;
}

/** The first phrase of `text` in each script other than Latin it holds, in order. */
export function phrasesInOtherScripts(text: string): ScriptPhrase[] {
  if (!beyondLatin.test(text)) return [];
  const found: ScriptPhrase[] = [];
  for (const match of text.matchAll(phrase)) {
    const script = scriptTests.find(([, test]) => test.test(match[0]))![0];
    if (found.some((other) => other.script === script)) continue;
    found.push({ script, index: match.index, sample: match[0].length > 40 ? `${match[0].slice(0, 39)}…` : match[0] });
  }
  return found;
}

/**
 * The scripts a language is written in besides Latin, by its ISO 639 code; a language not listed is written in Latin
 * letters.
 */
const scriptsOfLanguage: Record<string, readonly WritingScript[]> = {
  ru: ['Cyrillic'],
  uk: ['Cyrillic'],
  be: ['Cyrillic'],
  bg: ['Cyrillic'],
  mk: ['Cyrillic'],
  sr: ['Cyrillic'],
  kk: ['Cyrillic'],
  ky: ['Cyrillic'],
  tg: ['Cyrillic'],
  mn: ['Cyrillic', 'Mongolian'],
  el: ['Greek'],
  hy: ['Armenian'],
  he: ['Hebrew'],
  yi: ['Hebrew'],
  ar: ['Arabic'],
  fa: ['Arabic'],
  ur: ['Arabic'],
  ps: ['Arabic'],
  syr: ['Syriac'],
  dv: ['Thaana'],
  hi: ['Devanagari'],
  mr: ['Devanagari'],
  ne: ['Devanagari'],
  sa: ['Devanagari'],
  bn: ['Bengali'],
  as: ['Bengali'],
  pa: ['Gurmukhi'],
  gu: ['Gujarati'],
  or: ['Oriya'],
  ta: ['Tamil'],
  te: ['Telugu'],
  kn: ['Kannada'],
  ml: ['Malayalam'],
  si: ['Sinhala'],
  th: ['Thai'],
  lo: ['Lao'],
  bo: ['Tibetan'],
  dz: ['Tibetan'],
  my: ['Myanmar'],
  ka: ['Georgian'],
  ko: ['Hangul', 'Han'],
  am: ['Ethiopic'],
  ti: ['Ethiopic'],
  km: ['Khmer'],
  ja: ['Hiragana', 'Katakana', 'Han'],
  zh: ['Han'],
  yue: ['Han'],
};

/** ISO 15924 script subtags of a language tag (`sr-Latn`, `zh-Hant`), as the scripts they name. */
const scriptSubtags: Record<string, readonly WritingScript[]> = {
  latn: [],
  cyrl: ['Cyrillic'],
  grek: ['Greek'],
  arab: ['Arabic'],
  hebr: ['Hebrew'],
  hans: ['Han'],
  hant: ['Han'],
  hani: ['Han'],
  jpan: ['Hiragana', 'Katakana', 'Han'],
  kore: ['Hangul', 'Han'],
  deva: ['Devanagari'],
};

/** The scripts other than Latin that a page in `language` (a BCP 47 tag: `en`, `sr-Latn`, `ja-JP`) is written in. */
export function scriptsOfLanguageTag(language: string): readonly WritingScript[] {
  const [primary = '', second = ''] = language.toLowerCase().split(/[-_]/);
  return (second.length === 4 ? scriptSubtags[second] : undefined) ?? scriptsOfLanguage[primary] ?? [];
}

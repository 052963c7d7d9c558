// Which characters a card's fonts can draw, and the fonts the engine adds for the rest. satori
// draws a box ("NO GLYPH") for a character none of its fonts has; a card's text is checked
// against the fonts' own character maps first (fontkit reads them), the Noto fonts below are
// added for the scripts they cover (only the subsets a card needs are read), and whatever is
// still missing is reported, so a card is never drawn with boxes in silence.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { create as openFont } from 'fontkit';
import type { CardFont } from '../config/share-card-spec.ts';

/** Fonts from npm (SIL Open Font License) for scripts a site's own card fonts may lack. */
const fallbackPackages = [
  { pkg: '@fontsource/noto-sans-arabic', family: 'Noto Sans Arabic' },
  { pkg: '@fontsource/noto-sans-hebrew', family: 'Noto Sans Hebrew' },
  { pkg: '@fontsource/noto-sans-symbols-2', family: 'Noto Sans Symbols 2' },
  { pkg: '@fontsource/noto-sans-math', family: 'Noto Sans Math' },
];

/** A fallback font file, read when a card needs it. */
interface FallbackFile {
  family: string;
  file: string;
  weight: CardFont['weight'];
}

const require = createRequire(import.meta.url);
const characterSets = new WeakMap<Buffer, Set<number>>();
let fallbackFiles: FallbackFile[] | undefined;
const fallbackFonts = new Map<string, { font: CardFont; characters: Set<number> }>();

/** The code points a font file has glyphs for. */
function charactersOf(data: Buffer): Set<number> {
  let characters = characterSets.get(data);
  if (!characters) {
    try {
      const font = openFont(data);
      characters = new Set('characterSet' in font ? font.characterSet : []);
    } catch {
      characters = new Set();
    }
    characterSets.set(data, characters);
  }
  return characters;
}

/** Every file of the fallback packages, in the weights cards use (the heaviest, then the rest). */
function listFallbackFiles(): FallbackFile[] {
  if (fallbackFiles) return fallbackFiles;
  fallbackFiles = [];
  for (const { pkg, family } of fallbackPackages) {
    let folder: string;
    try {
      folder = path.join(path.dirname(require.resolve(`${pkg}/package.json`)), 'files');
    } catch {
      continue;
    }
    const { readdirSync } = require('node:fs') as typeof import('node:fs');
    for (const name of readdirSync(folder)) {
      const match = /-(\d00)-normal\.woff$/.exec(name);
      if (match)
        fallbackFiles.push({ family, file: path.join(folder, name), weight: Number(match[1]) as CardFont['weight'] });
    }
  }
  return fallbackFiles;
}

/** A fallback file as a font satori draws with, with its characters; read once. */
function fallbackFont(entry: FallbackFile): { font: CardFont; characters: Set<number> } {
  let loaded = fallbackFonts.get(entry.file);
  if (!loaded) {
    const data = readFileSync(entry.file);
    loaded = {
      font: { name: entry.family, data, weight: entry.weight, style: 'normal' },
      characters: charactersOf(data),
    };
    fallbackFonts.set(entry.file, loaded);
  }
  return loaded;
}

/** Characters that need no glyph: spaces, joiners and other invisible code points. */
const invisible = /[\s\u200b-\u200f\u2060-\u2064\ufe00-\ufe0f\ufeff]/u;

/**
 * The fonts a card's text needs besides the site's own, and the characters no font has. Only the
 * fallback subsets that hold a missing character are read.
 */
export function fontsFor(text: string, siteFonts: CardFont[]): { fonts: CardFont[]; missing: string[] } {
  const covered = (codePoint: number) => siteFonts.some((font) => charactersOf(font.data).has(codePoint));
  const wanted = [...new Set([...text].filter((char) => !invisible.test(char)))].filter(
    (char) => !covered(char.codePointAt(0)!),
  );
  if (wanted.length === 0) return { fonts: [], missing: [] };
  const fonts: CardFont[] = [];
  const missing: string[] = [];
  for (const char of wanted) {
    const codePoint = char.codePointAt(0)!;
    const files = listFallbackFiles().filter(
      (entry) =>
        fonts.every((font) => font !== fallbackFont(entry).font) && fallbackFont(entry).characters.has(codePoint),
    );
    if (files.length === 0 && !fonts.some((font) => charactersOf(font.data).has(codePoint))) missing.push(char);
    for (const entry of files) fonts.push(fallbackFont(entry).font);
  }
  return { fonts, missing };
}

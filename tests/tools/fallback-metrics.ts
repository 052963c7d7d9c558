// The `@font-face` overrides that make a local fallback font take the web font's space, so text
// does not move when the web font arrives (templates/styles/base.css, "Inter Fallback").
//   node --import tsx tests/tools/fallback-metrics.ts [web-font.woff2] [fallback.ttf]
// Reads both fonts' own tables: units per em, the vertical metrics the browser lays lines out
// with (hhea, or OS/2 typo metrics when USE_TYPO_METRICS is set), and each character's advance
// width. size-adjust scales the fallback so an average English line has the web font's width
// (advances weighted by letter frequency, as Capsize and next/font do); the ascent, descent and
// line-gap overrides are the web font's metrics divided by that scale.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..', '..');
const [
  webFontFile = path.join(root, 'node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2'),
  // Liberation Sans has Arial's advance widths and vertical metrics (it was drawn to replace it).
  fallbackFile = '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
] = process.argv.slice(2);

/** How often each character occurs in English text (letters per 100 characters, space included). */
const frequencies: Record<string, number> = {
  ' ': 18.3,
  e: 10.3,
  t: 7.5,
  a: 6.5,
  o: 6.2,
  n: 5.7,
  i: 5.7,
  s: 5.3,
  r: 5.0,
  h: 5.0,
  l: 3.3,
  d: 3.3,
  u: 2.3,
  c: 2.2,
  m: 2.0,
  f: 1.8,
  w: 1.7,
  g: 1.6,
  p: 1.5,
  y: 1.4,
  b: 1.3,
  v: 0.8,
  k: 0.6,
  x: 0.14,
  j: 0.1,
  q: 0.08,
  z: 0.05,
};

interface FontMetrics {
  unitsPerEm: number;
  ascent: number;
  descent: number;
  lineGap: number;
  advance(char: string): number;
}

type Tables = Map<string, Buffer>;

/** The tables of a TrueType/OpenType or WOFF2 file (the tables this tool reads are never transformed). */
function readTables(file: Buffer): Tables {
  const signature = file.toString('latin1', 0, 4);
  const tables: Tables = new Map();
  if (signature === 'wOF2') {
    const count = file.readUInt16BE(12);
    let at = 48;
    const entries: { tag: string; length: number }[] = [];
    const knownTags = [
      'cmap',
      'head',
      'hhea',
      'hmtx',
      'maxp',
      'name',
      'OS/2',
      'post',
      'cvt ',
      'fpgm',
      'glyf',
      'loca',
      'prep',
      'CFF ',
      'VORG',
      'EBDT',
      'EBLC',
      'gasp',
      'hdmx',
      'kern',
      'LTSH',
      'PCLT',
      'VDMX',
      'vhea',
      'vmtx',
      'BASE',
      'GDEF',
      'GPOS',
      'GSUB',
      'EBSC',
      'JSTF',
      'MATH',
      'CBDT',
      'CBLC',
      'COLR',
      'CPAL',
      'SVG ',
      'sbix',
      'acnt',
      'avar',
      'bdat',
      'bloc',
      'bsln',
      'cvar',
      'fdsc',
      'feat',
      'fmtx',
      'fvar',
      'gvar',
      'hsty',
      'just',
      'lcar',
      'mort',
      'morx',
      'opbd',
      'prop',
      'trak',
      'Zapf',
      'Silf',
      'Glat',
      'Gloc',
      'Feat',
      'Sill',
    ];
    const base128 = () => {
      let value = 0;
      for (let i = 0; i < 5; i += 1) {
        const byte = file[at++]!;
        value = value * 128 + (byte & 0x7f);
        if ((byte & 0x80) === 0) return value;
      }
      throw new Error('bad UIntBase128');
    };
    for (let i = 0; i < count; i += 1) {
      const flags = file[at++]!;
      const tag = (flags & 0x3f) === 0x3f ? file.toString('latin1', at, (at += 4)) : knownTags[flags & 0x3f]!;
      const version = flags >> 6;
      const length = base128();
      const transformed = tag === 'glyf' || tag === 'loca' ? version === 0 : version !== 0;
      // A transformed glyf, loca or hmtx is left out: this tool reads no glyph outlines, and
      // advance widths only from an untransformed hmtx.
      entries.push({ tag: transformed ? `${tag} (transformed)` : tag, length: transformed ? base128() : length });
    }
    const data = brotliDecompressSync(file.subarray(at, at + file.readUInt32BE(20)));
    let offset = 0;
    for (const { tag, length } of entries) {
      tables.set(tag, data.subarray(offset, offset + length));
      offset += length;
    }
    return tables;
  }
  if (signature === 'wOFF') throw new Error('WOFF 1 is not read: pass the WOFF2 or TTF file');
  const count = file.readUInt16BE(4);
  for (let i = 0; i < count; i += 1) {
    const entry = 12 + i * 16;
    const offset = file.readUInt32BE(entry + 8);
    tables.set(
      file.toString('latin1', entry, entry + 4),
      file.subarray(offset, offset + file.readUInt32BE(entry + 12)),
    );
  }
  return tables;
}

/** The glyph of a character through the cmap's format 4 (BMP) subtable. */
function glyphLookup(cmap: Buffer): (code: number) => number {
  const count = cmap.readUInt16BE(2);
  for (let i = 0; i < count; i += 1) {
    const platform = cmap.readUInt16BE(4 + i * 8);
    const encoding = cmap.readUInt16BE(6 + i * 8);
    const offset = cmap.readUInt32BE(8 + i * 8);
    if (!((platform === 3 && encoding === 1) || platform === 0) || cmap.readUInt16BE(offset) !== 4) continue;
    const segments = cmap.readUInt16BE(offset + 6) / 2;
    const ends = offset + 14;
    const starts = ends + segments * 2 + 2;
    const deltas = starts + segments * 2;
    const rangeOffsets = deltas + segments * 2;
    return (code) => {
      for (let s = 0; s < segments; s += 1) {
        if (cmap.readUInt16BE(ends + s * 2) < code) continue;
        const start = cmap.readUInt16BE(starts + s * 2);
        if (start > code) return 0;
        const delta = cmap.readInt16BE(deltas + s * 2);
        const rangeOffset = cmap.readUInt16BE(rangeOffsets + s * 2);
        if (rangeOffset === 0) return (code + delta) & 0xffff;
        const glyph = cmap.readUInt16BE(rangeOffsets + s * 2 + rangeOffset + (code - start) * 2);
        return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
      }
      return 0;
    };
  }
  throw new Error('no Unicode BMP cmap subtable');
}

function readMetrics(path: string): FontMetrics {
  const tables = readTables(readFileSync(path));
  const table = (tag: string) => {
    const found = tables.get(tag);
    if (!found) throw new Error(`${path} has no ${tag} table`);
    return found;
  };
  const head = table('head');
  const hhea = table('hhea');
  const os2 = table('OS/2');
  const hmtx = table('hmtx');
  const useTypo = (os2.readUInt16BE(62) & (1 << 7)) !== 0;
  const longMetrics = hhea.readUInt16BE(34);
  const glyphOf = glyphLookup(table('cmap'));
  return {
    unitsPerEm: head.readUInt16BE(18),
    ascent: useTypo ? os2.readInt16BE(68) : hhea.readInt16BE(4),
    descent: -(useTypo ? os2.readInt16BE(70) : hhea.readInt16BE(6)),
    lineGap: useTypo ? os2.readInt16BE(72) : hhea.readInt16BE(8),
    advance: (char) => hmtx.readUInt16BE(Math.min(glyphOf(char.codePointAt(0)!), longMetrics - 1) * 4),
  };
}

/** Average advance of English text, in ems. */
function averageWidth(font: FontMetrics): number {
  let total = 0;
  let weight = 0;
  for (const [char, frequency] of Object.entries(frequencies)) {
    total += (font.advance(char) / font.unitsPerEm) * frequency;
    weight += frequency;
  }
  return total / weight;
}

const web = readMetrics(webFontFile);
const fallback = readMetrics(fallbackFile);
const sizeAdjust = averageWidth(web) / averageWidth(fallback);
const percent = (value: number) => `${(value * 100).toFixed(2)}%`;
console.log(`/* ${webFontFile.split('/').pop()} over ${fallbackFile.split('/').pop()} */`);
console.log(`size-adjust: ${percent(sizeAdjust)};`);
console.log(`ascent-override: ${percent(web.ascent / web.unitsPerEm / sizeAdjust)};`);
console.log(`descent-override: ${percent(web.descent / web.unitsPerEm / sizeAdjust)};`);
console.log(`line-gap-override: ${percent(web.lineGap / web.unitsPerEm / sizeAdjust)};`);

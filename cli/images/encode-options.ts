import type { RasterFormat } from './raster-formats.ts';

/**
 * How each output format is encoded. Photos (JPEG, WebP, AVIF sources) and graphics (PNG and
 * GIF sources: screenshots, diagrams) differ: text in a screenshot needs full colour resolution
 * and near-lossless WebP, where a photo takes stronger compression unseen. A photo is encoded at
 * the lowest efforts that still give files of the same size and look: each step up in AVIF's or
 * WebP's effort cost much more time for about a per cent, and the JPEG, which only a browser
 * without AVIF or WebP loads, keeps mozjpeg's tables without its slow trellis and scan search
 * (benchmarks.md has the figures).
 */
const settings = {
  photo: {
    avif: { quality: 50, effort: 0 },
    webp: { quality: 75, effort: 2 },
  },
  graphic: {
    avif: { quality: 62, effort: 2, chromaSubsampling: '4:4:4' },
    webp: { nearLossless: true, quality: 60, effort: 4 },
  },
  /** The source format itself, as the `<img>` fallback and the image's own URL. */
  own: {
    jpeg: { quality: 75, mozjpeg: true, trellisQuantisation: false, optimiseScans: false },
    png: { palette: true, quality: 90, effort: 7, compressionLevel: 9 },
    gif: { effort: 7 },
  },
} as const;

/** Options of one encoder, as sharp's `toFormat` takes them. */
export type EncoderOptions = Readonly<Record<string, string | number | boolean>>;

/** The encoder options for writing an image of format `source` as `target`. */
export function encoderOptions(target: RasterFormat, source: RasterFormat): EncoderOptions {
  const kind = source === 'png' || source === 'gif' ? settings.graphic : settings.photo;
  if (target === 'avif' || target === 'webp') return kind[target];
  return settings.own[target];
}

/** Every setting, for the cache key: a change to any of them makes every variant anew. */
export const encoderSettingsText = JSON.stringify(settings);

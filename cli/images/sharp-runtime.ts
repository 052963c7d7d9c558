import type { default as Sharp } from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp, loaded on first use: a build whose images all come from the cache never loads libvips.
 * libvips' operation cache is switched off, as each input is read once and the cache would
 * only hold memory. Each image is processed on one libvips thread (sharp's default on glibc
 * Linux); the processor runs one image per core.
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loading;
}

// The SVG sanitizer's time on large drawings like those Excalidraw exports: a base64 payload of
// the scene in a comment inside <metadata>, the hand-drawn fonts as a data URL in a <style>, and
// every stroke a <g> holding a <path> with a long `d`. Two kinds at each size: the payload and
// fonts making most of the bytes (as Excalidraw's exports are), and strokes making all of them
// (a busy diagram). Prints, per file, its elements, the time of the shape check and of the
// sanitizer, and the sanitizer's time per megabyte and per thousand elements: a limit keeps the
// build linear where these stay flat as the size grows.
// Run: npm run bench:svg [-- --sizes 1,2,4,8] [--runs 3]
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { inputLimits } from '../../cli/input-limits.ts';
import { markupShape } from '../../cli/images/markup-shape.ts';
import { svgSanitizer } from '../../cli/images/sanitize-svg.ts';

const option = (name: string) =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined;
const sizes = (option('--sizes') ?? '1,2,4,8').split(',').map(Number);
const runs = Number(option('--runs')) || 3;
const megabyte = 1024 * 1024;

/** Deterministic pseudo-random numbers, so every run draws the same file. */
function random(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

/** Base64-looking text of `bytes` characters. */
function base64(bytes: number, next: () => number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let text = '';
  while (text.length < bytes) text += alphabet[Math.floor(next() * 64)];
  return text;
}

/** One hand-drawn stroke as Excalidraw writes it: a group with a transform, a path of many curve points. */
function stroke(next: () => number): string {
  const point = () => `${(next() * 800).toFixed(6)} ${(next() * 600).toFixed(6)}`;
  const curve = Array.from({ length: 12 }, () => `C ${point()}, ${point()}, ${point()}`).join(' ');
  return `<g stroke-linecap="round" transform="translate(${(next() * 700).toFixed(4)} ${(next() * 500).toFixed(4)}) rotate(0 ${(next() * 50).toFixed(4)} ${(next() * 50).toFixed(4)})"><path d="M ${point()} ${curve}" stroke="#1e1e1e" stroke-width="2" fill="none"></path></g>`;
}

/** An Excalidraw-like SVG of about `bytes` bytes; `strokeShare` of them strokes, the rest payload and fonts. */
function drawing(bytes: number, strokeShare: number): string {
  const next = random(bytes + Math.round(strokeShare * 100));
  const rest = bytes * (1 - strokeShare);
  const head = `<svg version="1.1" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600" width="1600" height="1200"><!-- svg-source:excalidraw --><metadata><!-- payload-type:application/vnd.excalidraw+json --><!-- payload-start -->${base64(rest / 2, next)}<!-- payload-end --></metadata><defs><style class="style-fonts">@font-face { font-family: "Virgil"; src: url(data:font/woff2;base64,${base64(rest / 2, next)}); }</style></defs><rect x="0" y="0" width="800" height="600" fill="#ffffff"></rect>`;
  const strokes: string[] = [];
  let length = head.length;
  while (length < bytes - 6) {
    const next1 = stroke(next);
    strokes.push(next1);
    length += next1.length;
  }
  return `${head}${strokes.join('')}</svg>`;
}

const sanitizer = await svgSanitizer();
sanitizer.sanitize(drawing(64 * 1024, 0.5));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(
  `load average ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}; ${runs} runs, median`,
);
console.log('kind        MB  elements  shape ms  sanitize ms  ms/MB  ms/1000 elements');
for (const [kind, share] of [
  ['payload', 0.3],
  ['strokes', 1],
] as const) {
  for (const size of sizes) {
    const text = drawing(size * megabyte, share);
    const shape = markupShape(text, Number.MAX_SAFE_INTEGER, inputLimits.svgDepth);
    const shapeTimes: number[] = [];
    const times: number[] = [];
    for (let run = 0; run < runs; run++) {
      let started = performance.now();
      markupShape(text, Number.MAX_SAFE_INTEGER, inputLimits.svgDepth);
      shapeTimes.push(performance.now() - started);
      started = performance.now();
      sanitizer.sanitize(text);
      times.push(performance.now() - started);
    }
    const time = median(times);
    console.log(
      `${kind.padEnd(9)} ${String(size).padStart(4)}  ${String(shape.elements).padStart(8)}  ${median(shapeTimes).toFixed(0).padStart(8)}  ${time.toFixed(0).padStart(11)}  ${(time / size).toFixed(0).padStart(5)}  ${(time / (shape.elements / 1000)).toFixed(1).padStart(16)}`,
    );
  }
}

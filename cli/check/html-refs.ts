import type { ScannedRef } from '../shared/scanned-refs.ts';

/** What one parse of a page yields: its references, its fragment targets, `<base>` and refresh. */
export interface ScannedHtml {
  refs: ScannedRef[];
  /** Every `id` and `a[name]`; kept as a list, turned into a set only if a fragment needs it. */
  ids: string[];
  base?: string;
  refresh?: ScannedRef;
}

/** Attribute names worth keeping while scanning: URL carriers, ids, and what qualifies them. */
export const wanted = new Set([
  'href',
  'src',
  'srcset',
  'id',
  'name',
  'action',
  'content',
  'http-equiv',
  'rel',
  'poster',
  'data',
  'property',
]);
/** Char codes that wanted attribute names of each length start with (lower-cased). */
export const firstLetters: (number[] | undefined)[] = [];
for (const name of wanted) (firstLetters[name.length] ??= []).push(name.charCodeAt(0));
/** The URL attributes of each element. */
export const urlAttributes: Record<string, readonly string[]> = {
  a: ['href'],
  area: ['href'],
  link: ['href'],
  script: ['src'],
  img: ['src', 'srcset'],
  source: ['src', 'srcset'],
  video: ['src', 'poster'],
  audio: ['src'],
  track: ['src'],
  iframe: ['src'],
  embed: ['src'],
  object: ['data'],
  form: ['action'],
  input: ['src'],
};
// Resource hints name origins, not documents; requesting them proves nothing.
export const hintRels = /(?:^|\s)(?:preconnect|dns-prefetch)(?:\s|$)/i;
/** `<meta property|name>` values whose `content` is a URL. */
export const metaUrlProperties = new Set(['og:image', 'og:url', 'og:video', 'og:audio', 'twitter:image']);
const labels = new Map<string, string>();
/** `tag[attribute]`, interned so 300,000 references share a few strings. */
export const label = (tag: string, name: string): string => {
  const key = tag + ' ' + name;
  let text = labels.get(key);
  if (text === undefined) labels.set(key, (text = `${tag}[${name}]`));
  return text;
};

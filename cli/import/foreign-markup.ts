// Other generators' markup in a post's body that has a clear equivalent here, converted as the
// post is imported: a YouTube or Vimeo shortcode becomes the iframe the site makes its video
// player of (the `embeds` of its definition's `markdown`), Hugo's `figure` an image with its caption, a `highlight` block
// a fenced one, `relref`/`ref` and Jekyll's `post_url`/`link` the imported post's new address,
// Liquid's `raw` is unwrapped and `site.baseurl` dropped, and a JSX `style={{…}}` attribute
// removed with its element kept. Any other template tag is left as it is, listed, and the build
// warns about it (`markdown.template-tag`). Code is never touched.
import path from 'node:path';
import type { Html, Nodes, Root } from 'mdast';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { codeRanges, findTemplateTags, type TemplateTag } from '../render/markdown/template-tags.ts';
import type { BodyEdit } from './body-edits.ts';

/** What the conversion needs besides the body: the imported posts, to point links at. */
export interface MarkupContext {
  /** The body was written for JSX (Next.js, Gatsby): `<iframe … />` is an empty element there, as it is not in HTML. */
  jsx?: boolean;
  /** The post's Markdown file. */
  file: string;
  /** The source's root. */
  root: string;
  /** The new slug of every imported post, by its Markdown file. */
  slugs: ReadonlyMap<string, string>;
}

/** What was converted, and what was left. */
export interface ConvertedMarkup {
  edits: BodyEdit[];
  /** Each conversion, at its offset in the body as written. */
  converted: { offset: number; from: string; to: string }[];
  /** Tags left as they are, at their offset, with why. */
  left: { offset: number; text: string; why: string }[];
}

/**
 * How far each search looks: a JSX `style={{…}}` value, the tag a style is in (back from the
 * style), and a tag when its end is looked for (a player's `src` may carry a whole program). Each
 * search stops there, and the search for tags never looks at a place twice, so a body is
 * searched in time linear in its length.
 */
const maxStyleLength = 1_000;
const maxStyleOffset = 2_000;
const maxTagLength = 64 * 1024;

/** The body's markup of other generators, converted where it has an equivalent (see the top of this file). */
export function convertForeignMarkup(body: string, context: MarkupContext): ConvertedMarkup {
  const result: ConvertedMarkup = { edits: [], converted: [], left: [] };
  if (!body.includes('{{') && !body.includes('{%') && !(context.jsx && body.includes('/>'))) return result;
  const tree = unified().use(remarkParse).parse(body) as Root;
  const edit = (start: number, end: number, text: string) => {
    result.edits.push({ start, end, text });
    result.converted.push({ offset: start, from: body.slice(start, end), to: text });
  };
  // JSX styles first: their `{{` is no template tag. Markdown reads a tag holding one as text
  // or as HTML depending on what it holds, so each is looked for in the whole body but its code.
  const inCode = inRanges(codeRanges(tree));
  const styles: [number, number][] = [];
  for (const match of body.matchAll(/\sstyle=\{\{/g)) {
    // The tag it is in starts shortly before it.
    const from = Math.max(0, match.index - maxStyleOffset);
    const before = body.slice(from, match.index);
    const opened = before.lastIndexOf('<');
    if (
      inCode(match.index) ||
      opened === -1 ||
      before.lastIndexOf('>') > opened ||
      !/^<[a-z]/i.test(before.slice(opened, opened + 2))
    )
      continue;
    const end = balancedEnd(body, match.index + match[0].length - 2);
    if (end === undefined) continue;
    // The whitespace before the attribute goes with it.
    const start = from + before.trimEnd().length;
    styles.push([start, end]);
    edit(start, end, '');
  }
  if (context.jsx) {
    const inRemoved = inRanges(styles);
    for (const node of htmlNodes(tree)) closeSelfClosed(node, edit, inRemoved);
  }
  const inStyle = inRanges(styles);
  const tags = findTemplateTags(body, tree).filter((tag) => !inStyle(tag.start));
  /** Where each highlight block may end, in order. */
  const closers = tags.flatMap((tag, at) =>
    ['/highlight', 'endhighlight'].includes(tagWords(tag.text)[0] ?? '') ? [at] : [],
  );
  let closer = 0;
  for (let index = 0; index < tags.length; index++) {
    const tag = tags[index]!;
    const words = tagWords(tag.text);
    const name = words[0] ?? '';
    if (name === 'raw' || name === 'endraw') {
      edit(tag.start, tag.end, '');
      continue;
    }
    if (name === 'highlight') {
      while (closer < closers.length && closers[closer]! <= index) closer++;
      const close = closers[closer] ?? -1;
      if (close === -1) {
        result.left.push({ offset: tag.start, text: tag.text, why: 'a highlight block that is never closed' });
        continue;
      }
      const end = tags[close]!;
      const code = body.slice(tag.end, end.start);
      const fence = '`'.repeat(Math.max(3, ...[...code.matchAll(/`+/g)].map((run) => run[0].length + 1)));
      const language = words[1] && !words[1].includes('=') ? words[1].replace(/^["']|["']$/g, '') : '';
      const atLineStart = tag.start === 0 || body[tag.start - 1] === '\n';
      edit(tag.start, tag.end, `${atLineStart ? '' : '\n'}${fence}${language}${code.startsWith('\n') ? '' : '\n'}`);
      const closeAtLineStart = end.start === 0 || body[end.start - 1] === '\n';
      edit(end.start, end.end, `${closeAtLineStart ? '' : '\n'}${fence}`);
      // What the block holds is code, whatever it looks like.
      index = close;
      continue;
    }
    const converted = convertTag(tag, words, context);
    if (typeof converted === 'string') edit(tag.start, tag.end, converted);
    else result.left.push({ offset: tag.start, text: tag.text, why: converted.why });
  }
  return result;
}

/** The words of a tag between its delimiters: `{{< youtube id="x" >}}` → `youtube`, `id="x"`. */
function tagWords(text: string): string[] {
  const inner = text
    .replace(/^\{\{[<%]?-?|^\{%-?/, '')
    .replace(/-?[>%]?\}\}$|-?%\}$/, '')
    .trim();
  return [...inner.matchAll(/(?:[^\s"']+=)?(?:"[^"]*"|'[^']*')|[^\s"']+/g)].map((word) => word[0]);
}

/** Named (`id="x"`) and positional parameters of a tag's words after its name. */
function parameters(words: string[]): { named: Map<string, string>; positional: string[] } {
  const named = new Map<string, string>();
  const positional: string[] = [];
  for (const word of words.slice(1)) {
    const match = /^([\w-]+)=(.*)$/s.exec(word);
    if (match) named.set(match[1]!.toLowerCase(), unquote(match[2]!));
    else positional.push(unquote(word));
  }
  return { named, positional };
}

function unquote(value: string): string {
  return /^(["']).*\1$/s.test(value) ? value.slice(1, -1) : value;
}

/** The conversion of one tag, or why it is left. */
function convertTag(tag: TemplateTag, words: string[], context: MarkupContext): string | { why: string } {
  const name = (words[0] ?? '').toLowerCase();
  const { named, positional } = parameters(words);
  const liquidOutput = /^\{\{[^<%]/.test(tag.text);
  if (liquidOutput) {
    // Jekyll's site root, which is this site's: `{{ site.baseurl }}/x.png` is `/x.png`.
    if (/^site\.(baseurl|url)$/.test(words.join(' '))) return '';
    const filtered = /^["']([^"']*)["']\s*\|\s*(relative_url|absolute_url|prepend:\s*site\.baseurl)$/.exec(
      words.join(' ').replace(/\s+/g, ' '),
    );
    if (filtered) return filtered[1]!;
    return { why: 'a Liquid output with no equivalent here' };
  }
  if (name === 'youtube' || (name === 'include' && /^youtube(\.html)?$/i.test(positional[0] ?? ''))) {
    const written =
      named.get('id') ?? (name === 'include' ? (named.get('video') ?? positional[1]) : positional[0]) ?? '';
    const id = youtubeId(written);
    if (!id) return { why: `a YouTube video whose id cannot be read from ${JSON.stringify(written)}` };
    return iframe(`https://www.youtube-nocookie.com/embed/${id}`, named.get('title') ?? 'YouTube video');
  }
  if (name === 'vimeo') {
    const id = named.get('id') ?? positional[0] ?? '';
    if (!/^\d{3,12}$/.test(id)) return { why: `a Vimeo video whose id cannot be read from ${JSON.stringify(id)}` };
    return iframe(`https://player.vimeo.com/video/${id}`, named.get('title') ?? 'Vimeo video');
  }
  if (name === 'figure') {
    const src = named.get('src') ?? positional[0];
    if (!src) return { why: 'a figure without src' };
    const caption = named.get('caption') ?? named.get('title');
    const alt = named.get('alt') ?? caption ?? '';
    const image = `<img src="${attribute(src)}" alt="${attribute(alt)}">`;
    const link = named.get('link');
    return `<figure>${link ? `<a href="${attribute(link)}">${image}</a>` : image}${caption ? `<figcaption>${text(caption)}</figcaption>` : ''}</figure>`;
  }
  if (name === 'relref' || name === 'ref') {
    const [written = ''] = positional;
    const [target, anchor] = written.split('#', 2) as [string, string | undefined];
    const slug = hugoTarget(target, context);
    return slug === undefined
      ? { why: `a reference to ${JSON.stringify(written)}, which is no post of this import` }
      : `../${slug}/${anchor ? `#${anchor}` : ''}`;
  }
  if (name === 'post_url' || name === 'link') {
    const [written = ''] = positional;
    const slug = jekyllTarget(written, name, context);
    return slug === undefined
      ? { why: `a link to ${JSON.stringify(written)}, which is no post of this import` }
      : `../${slug}/`;
  }
  return { why: 'a template tag with no equivalent here' };
}

/** A YouTube video's id, written as an id or as any of its URLs. */
export function youtubeId(written: string): string | undefined {
  if (/^[\w-]{6,64}$/.test(written)) return written;
  try {
    const url = new URL(written);
    const id = url.hostname.endsWith('youtu.be')
      ? url.pathname.slice(1)
      : (url.searchParams.get('v') ?? /\/(?:embed|shorts|v)\/([\w-]+)/.exec(url.pathname)?.[1]);
    return id && /^[\w-]{6,64}$/.test(id) ? id : undefined;
  } catch {
    return undefined;
  }
}

function iframe(src: string, title: string): string {
  return `<iframe src="${attribute(src)}" title="${attribute(title)}" allowfullscreen></iframe>`;
}

function attribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
}

function text(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** The slug of the post Hugo's `ref` names: by its path from the content folder or the post's own, or by its name alone. */
function hugoTarget(target: string, context: MarkupContext): string | undefined {
  const wanted = target
    .replace(/\/+$/, '')
    .replace(/\.(md|markdown)$/i, '')
    .replace(/\/index$/i, '');
  if (wanted === '') return undefined;
  const beside = path.resolve(path.dirname(context.file), wanted);
  const candidates = [...context.slugs].filter(([file]) => {
    const stem = file.replace(/\.(md|markdown)$/i, '').replace(/[\\/]index$/i, '');
    return stem === beside || stem.endsWith(`${path.sep}${wanted.replace(/^\//, '').split('/').join(path.sep)}`);
  });
  const slugs = new Set(candidates.map(([, slug]) => slug));
  return slugs.size === 1 ? [...slugs][0] : undefined;
}

/** The slug of the post Jekyll's `post_url` (a post's name, `2019-03-14-launch`) or `link` (its path) names. */
function jekyllTarget(written: string, tag: string, context: MarkupContext): string | undefined {
  const wanted = written.replace(/^["']|["']$/g, '');
  for (const [file, slug] of context.slugs) {
    const relative = path.relative(context.root, file).split(path.sep).join('/');
    if (
      tag === 'link'
        ? relative === wanted.replace(/^\//, '')
        : relative.replace(/\.(md|markdown)$/i, '').endsWith(`_posts/${wanted}`)
    )
      return slug;
  }
  return undefined;
}

/** The body's HTML nodes outside code, in order. */
function htmlNodes(tree: Root): Html[] {
  const found: Html[] = [];
  const walk = (node: Nodes) => {
    if (node.type === 'html' && node.position?.start.offset !== undefined) found.push(node);
    else if ('children' in node) for (const child of node.children) walk(child);
  };
  walk(tree);
  return found;
}

/** Elements HTML has no end tag for: `<img … />` is one in HTML and JSX alike. */
const voidElements = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

/**
 * JSX's empty elements in an HTML node, `<iframe … />` and `<Video … />`, given their end tag
 * (`<iframe …></iframe>`): in HTML the slash means nothing, and the element would hold the rest of
 * the post. Attribute values are skipped whole (quoted, or a `{…}` expression), so a `/>` inside
 * one is not taken for the tag's end; a JSX style already removed is passed over.
 */
function closeSelfClosed(
  node: Html,
  edit: (start: number, end: number, text: string) => void,
  removed: (offset: number) => boolean,
): void {
  const base = node.position!.start.offset!;
  const text = node.value;
  // The next quote of each kind from a place, found once: places only move forward.
  const found = new Map<string, number>();
  const nextOf = (char: string, from: number) => {
    let at = found.get(char);
    if (at === undefined || (at !== -1 && at < from)) found.set(char, (at = text.indexOf(char, from)));
    return at;
  };
  for (let at = text.indexOf('<'); at !== -1; at = text.indexOf('<', at + 1)) {
    const name = /^<([A-Za-z][\w.-]*)/.exec(text.slice(at, at + 64))?.[1];
    if (!name) continue;
    let index = at + name.length + 1;
    let end: number | undefined;
    const limit = Math.min(text.length, at + maxTagLength);
    let next: number | undefined;
    while (index < limit && end === undefined && next === undefined) {
      const char = text[index]!;
      if (char === '"' || char === "'") {
        const close = nextOf(char, index + 1);
        index = close === -1 || close >= limit ? limit : close + 1;
      } else if (char === '{') index = balancedEnd(text, index) ?? limit;
      else if (char === '>') end = index;
      // Another tag starts before this one ends: this one is none, and the search goes on from there.
      else if (char === '<') next = index;
      else index++;
    }
    if (end === undefined) {
      // Every place is looked at once: the next search starts where this one stopped.
      at = (next ?? index) - 1;
      continue;
    }
    const slash = text.lastIndexOf('/', end);
    const selfClosed = slash !== -1 && /^\/\s*$/.test(text.slice(slash, end)) && slash > at + name.length;
    if (selfClosed && !voidElements.has(name.toLowerCase()) && !removed(base + slash)) {
      edit(base + slash, base + end + 1, `></${name}>`);
    }
    at = end;
  }
}

/** Whether an offset lies in one of `ranges` (in order, apart), asked for offsets in increasing order. */
function inRanges(ranges: readonly [number, number][]): (offset: number) => boolean {
  let at = 0;
  return (offset) => {
    while (at < ranges.length && ranges[at]![1] <= offset) at++;
    return at < ranges.length && ranges[at]![0] <= offset;
  };
}

/** Where the `{…}` expression opening at `open` ends (just past its last `}`), braces balanced; undefined past the longest looked at. */
function balancedEnd(text: string, open: number): number | undefined {
  let depth = 0;
  for (let at = open; at < text.length && at - open < maxStyleLength; at++) {
    if (text[at] === '{') depth++;
    else if (text[at] === '}' && --depth === 0) return at + 1;
  }
  return undefined;
}

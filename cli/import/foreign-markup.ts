// Other generators' markup in a post's body that has a clear equivalent here, converted as the
// post is imported: a YouTube or Vimeo shortcode becomes the iframe the site makes its video
// player of (the `embeds` of its definition's `markdown`), Hugo's `figure` an image with its caption, a `highlight`
// block
// a fenced one, `relref`/`ref` and Jekyll's `post_url`/`link` the imported post's new address,
// Liquid's `raw` is unwrapped and `site.baseurl` dropped, and a JSX `style={{…}}` attribute
// removed with its element kept. Any other template tag is left as it is, listed, and the build
// warns about it (`markdown.template-tag`). Code is never touched.
import path from 'node:path';
import type { Root } from 'mdast';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { findTemplateTags, type TemplateTag } from '../render/markdown/template-tags.ts';
import type { BodyEdit } from './body-edits.ts';
import { closeJsxElements, inRanges, removeJsxStyles, type MarkupEdit } from './jsx-markup.ts';

/** What the conversion needs besides the body: the imported posts, to point links at. */
export interface MarkupContext {
  /**
   * The body was written for JSX (Next.js, Gatsby): `<iframe … />` is an empty element there, as it
   * is not in HTML.
   */
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

/** The body's markup of other generators, converted where it has an equivalent (see the top of this file). */
export function convertForeignMarkup(body: string, context: MarkupContext): ConvertedMarkup {
  const result: ConvertedMarkup = { edits: [], converted: [], left: [] };
  if (!body.includes('{{') && !body.includes('{%') && !(context.jsx && body.includes('/>'))) return result;
  const tree = unified().use(remarkParse).parse(body) as Root;
  const edit: MarkupEdit = (start, end, text) => {
    result.edits.push({ start, end, text });
    result.converted.push({ offset: start, from: body.slice(start, end), to: text });
  };
  // JSX styles first: their `{{` is no template tag.
  const styles = removeJsxStyles(body, tree, edit);
  if (context.jsx) closeJsxElements(tree, styles, edit);
  const inStyle = inRanges(styles);
  const tags = findTemplateTags(body, tree).filter((tag) => !inStyle(tag.start));
  convertTags(body, tags, context, edit, result.left);
  return result;
}

/** Converts each template tag that has an equivalent; the others are listed in `left`, with why. */
function convertTags(
  body: string,
  tags: TemplateTag[],
  context: MarkupContext,
  edit: MarkupEdit,
  left: ConvertedMarkup['left'],
): void {
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
        left.push({ offset: tag.start, text: tag.text, why: 'a highlight block that is never closed' });
        continue;
      }
      fenceHighlight(body, tag, tags[close]!, words, edit);
      // What the block holds is code, whatever it looks like.
      index = close;
      continue;
    }
    const converted = convertTag(tag, words, context);
    if (typeof converted === 'string') edit(tag.start, tag.end, converted);
    else left.push({ offset: tag.start, text: tag.text, why: converted.why });
  }
}

/** A `highlight` block as a fenced one: a fence longer than any run of backticks in the code. */
function fenceHighlight(body: string, open: TemplateTag, close: TemplateTag, words: string[], edit: MarkupEdit): void {
  const code = body.slice(open.end, close.start);
  const fence = '`'.repeat(Math.max(3, ...[...code.matchAll(/`+/g)].map((run) => run[0].length + 1)));
  const language = words[1] && !words[1].includes('=') ? words[1].replace(/^["']|["']$/g, '') : '';
  const atLineStart = open.start === 0 || body[open.start - 1] === '\n';
  edit(open.start, open.end, `${atLineStart ? '' : '\n'}${fence}${language}${code.startsWith('\n') ? '' : '\n'}`);
  const closeAtLineStart = close.start === 0 || body[close.start - 1] === '\n';
  edit(close.start, close.end, `${closeAtLineStart ? '' : '\n'}${fence}`);
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

/**
 * The slug of the post Hugo's `ref` names: by its path from the content folder or the post's own, or by its name alone.
 */
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

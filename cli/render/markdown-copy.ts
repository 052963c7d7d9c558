// A page's Markdown copy for answer engines, made from the content model, never converted back
// from the page's HTML: a short front matter (title, description, canonical URL, date, tags),
// the title as a heading, then either a body as its author wrote it or the Markdown the site
// writes for a page made from data. In both, every URL that is relative or a path of the site is
// made absolute to the site's URL, where the page itself leads: a relative reference as the
// build resolves it (relative-references.ts: a file of the page bundle, another entry's page),
// an image of the site as the file its `<img>` loads. Nothing else of the text changes: the URLs
// are replaced where the parser found them (source-urls.ts; the `href` and `src` of HTML by
// render/markdown/markdown-refs.ts), so the copy of a post is its source body with absolute links. What
// the copy links to is recorded as it is made, where it stands in the copy and where it was
// written, for the link checker (a broken link in a copy is a broken link).
import path from 'node:path';
import { locateRefs, type ScannedRef } from '../shared/scanned-refs.ts';
import { htmlUrls, markdownRefLabels, readMarkdownUrls } from './markdown/markdown-refs.ts';
import { frontMatterLines } from '../load/front-matter.ts';
import { pictureSources } from '../images/picture-sources.ts';
import type { Route } from '../route/routes.ts';
import { readUrlReference } from '../shared/url-reference.ts';
import { absoluteUrl } from '../route/urls.ts';
import type { LinkOrigin } from '../shared/link-origins.ts';
import { markdownDestination, markdownText } from './markdown-text.ts';
import { resolvedHref, type BodyPage, type ContentAddresses } from './markdown/relative-references.ts';
import type { RenderedMarkdown } from './markdown/render-markdown.ts';
import type { SourceUrl } from './markdown/source-urls.ts';
import type { ImageIndex } from '../config/render-context.ts';

/** A URL of a copy, where it stands in the copy, and where it was written. */
export interface CopyRef extends ScannedRef {
  origin: LinkOrigin;
}

/** A page's Markdown copy, as the build writes it. */
export interface MarkdownCopy {
  /** Under the output folder: `blog/launch/index.md`. */
  file: string;
  /** Its site path: `/blog/launch/index.md`. */
  url: string;
  text: string;
  /** Every URL it links to, in the order of the text. */
  refs: CopyRef[];
}

/**
 * What a build keeps of a copy once it is written: where it is and what it links to (the route
 * manifest and the link checker read them), not its text.
 */
export type WrittenCopy = Omit<MarkdownCopy, 'text'>;

/** What the URLs of every copy of a build are resolved against. */
export interface CopyContext {
  siteUrl: string;
  /** The project's root: origins name files from it. */
  root: string;
  addresses: ContentAddresses;
  images: ImageIndex;
}

/** The body a copy holds, when it is a Markdown file's. */
export interface CopiedBody {
  file: string;
  /** As its author wrote it. */
  text: string;
  /** The line of the file the body starts on. */
  bodyLine: number;
  rendered: RenderedMarkdown;
  /** The page the body is an entry's, which its relative references are resolved against. */
  page?: BodyPage;
}

/**
 * The copy of a route that has one; `body` is the Markdown file it names, rendered (none for
 * Markdown the site writes).
 */
export function makeCopy(route: Route, body: CopiedBody | undefined, context: CopyContext): MarkdownCopy {
  const copy = route.copy!;
  const source = copySource(copy.spec, body);
  const origins = body
    ? markdownOrigins(body, context.root)
    : () => ({ kind: 'data' as const, file: relativeFile(context.root, route.source) });
  const header = copyHeader(copy.spec, absoluteUrl(context.siteUrl, route.url));
  const { text, refs } = replaceUrls(header, source, publisher(route, body, context), origins);
  locateRefs(text, refs);
  return { file: copy.file, url: copy.url, text, refs };
}

/** What a copy says of its page. */
type CopySpec = NonNullable<Route['copy']>['spec'];

/** The text a copy holds, with the places of its URLs: its Markdown's, and those of its HTML. */
interface CopySource {
  text: string;
  urls: SourceUrl[];
  html: [number, number][];
}

/** The copy's front matter (title, description, canonical URL, date, tags), then its title as a heading. */
function copyHeader(spec: CopySpec, canonical: string): string {
  return [
    '---',
    ...frontMatterLines({
      title: spec.title,
      description: spec.description,
      canonical,
      ...(spec.date ? { date: spec.date.toISOString().slice(0, 10) } : {}),
      ...(spec.tags?.length ? { tags: [...spec.tags] } : {}),
    }),
    '---',
    '',
    `# ${markdownText(spec.title)}`,
    '',
    '',
  ].join('\n');
}

/** A body's URLs were found as it was rendered; the Markdown the site writes is read for them here. */
function copySource(spec: CopySpec, body: CopiedBody | undefined): CopySource {
  if (body) return { text: body.text, urls: body.rendered.sourceUrls ?? [], html: body.rendered.sourceHtml ?? [] };
  const siteMarkdown = 'markdown' in spec.body ? spec.body.markdown : '';
  return { text: siteMarkdown, ...readMarkdownUrls(siteMarkdown) };
}

/** The URLs of the source to replace, Markdown's and HTML's, in the order of the text. */
function listUrlEdits(source: CopySource) {
  return [
    ...source.urls.map((url) => ({ ...url, attribute: markdownRefLabels[url.kind], html: false })),
    ...source.html.flatMap(([start, end]) =>
      htmlUrls(source.text.slice(start, end), start).map((url) => ({ ...url, html: true })),
    ),
  ].sort((a, b) => a.start - b.start);
}

/** The copy's text: the header, then the source with each URL replaced by where it leads, each recorded. */
function replaceUrls(
  header: string,
  source: CopySource,
  publish: (url: string) => string | undefined,
  origins: (offset: number) => LinkOrigin,
): { text: string; refs: CopyRef[] } {
  let text = header;
  // The blank lines a body starts with (after its front matter) would only widen the gap under the title.
  let from = /^\s*\n/.exec(source.text)?.[0].length ?? 0;
  const refs: CopyRef[] = [];
  for (const edit of listUrlEdits(source)) {
    text += source.text.slice(from, edit.start);
    const written = source.text.slice(edit.start, edit.end);
    const target = publish(edit.url);
    refs.push({
      attribute: edit.attribute,
      value: target ?? edit.url,
      offset: text.length,
      line: 0,
      column: 0,
      origin: origins(edit.at),
    });
    text +=
      target === undefined
        ? written
        : edit.html
          ? attributeValue(target)
          : markdownDestination(target, written.startsWith('<'));
    from = edit.end;
  }
  text += source.text.slice(from);
  if (!text.endsWith('\n')) text += '\n';
  return { text, refs };
}

/**
 * What a URL of the copy becomes: the absolute URL of where it leads from the page, or undefined
 * when it is left as written (another site's, a `mailto:`, not a URL).
 */
function publisher(
  route: Route,
  body: CopiedBody | undefined,
  context: CopyContext,
): (url: string) => string | undefined {
  const page = absoluteUrl(context.siteUrl, route.url);
  const origin = new URL(context.siteUrl).origin;
  return (url) => {
    const reference = readUrlReference(url);
    if (reference.kind === 'external' || reference.kind === 'invalid') return undefined;
    // A relative reference of a body is resolved as the build resolves it for the page's HTML;
    // one that names nothing there, as a browser on the page reads it.
    // A link to a place on the page leads where the page's HTML leads it (same-page-links.ts).
    const fragment = url.startsWith('#') ? body?.rendered.fragments?.[url.slice(1)] : undefined;
    const href =
      fragment ??
      (reference.kind === 'relative' && body
        ? resolvedHref(url, path.dirname(body.file), context.addresses, body.page)
        : url);
    let absolute: URL;
    try {
      absolute = new URL(href, page);
    } catch {
      return undefined;
    }
    if (absolute.origin !== origin) return undefined;
    const onSite = readUrlReference(absolute.pathname);
    const image = onSite.kind === 'site' ? context.images.get(onSite.path) : undefined;
    if (image && onSite.kind === 'site') return absoluteUrl(context.siteUrl, pictureSources(onSite.path, image).src);
    return absolute.href;
  };
}

/** Where each offset of a body was written: its line and column in the Markdown file. */
function markdownOrigins(body: CopiedBody, root: string): (offset: number) => LinkOrigin {
  const file = relativeFile(root, body.file);
  const lineStarts = [0];
  for (let index = body.text.indexOf('\n'); index !== -1; index = body.text.indexOf('\n', index + 1))
    lineStarts.push(index + 1);
  return (offset) => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (lineStarts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return { kind: 'markdown', file, line: body.bodyLine + low, column: offset - lineStarts[low]! + 1 };
  };
}

function relativeFile(root: string, file: string): string {
  return path.isAbsolute(file) ? path.relative(root, file) : file;
}

/** A URL as an attribute's value, in the quotes (or none) it had. */
function attributeValue(url: string): string {
  return url
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

// Relative references in a rendered body (`./shot.png`, `slides.pdf`, `../other-post/`) are
// resolved against the folder of the Markdown file, as its author sees it in an editor, and
// replaced by site addresses: a file of a page bundle by where it is published, another entry's
// Markdown file or bundle folder by its page. This runs on every build after rendering, since a
// rendered body is cached by its text alone and the same text can sit in another folder.
import path from 'node:path';
import type { Root } from 'hast';
import rehypeStringify from 'rehype-stringify';
import { unified } from 'unified';
import { closestPath } from '../../shared/suggest.ts';
import { SiteError } from '../../errors.ts';
import { readUrlReference } from '../../shared/url-reference.ts';
import { changeBodyHtml } from './body-slots.ts';
import type { RenderedMarkdown } from './render-markdown.ts';

/** Where the content of a build is published, for resolving relative references. */
export interface ContentAddresses {
  /** Every published file of a page bundle (images included), by its source path: its address. */
  files: ReadonlyMap<string, string>;
  /** The address of each entry's page (its route's URL), by its Markdown file and by its bundle's folder. */
  pages: ReadonlyMap<string, string>;
}

/** What a body is: a page bundle's `index.md` or a file, and the page it is shown on. */
export interface BodyPage {
  /** The page's URL (`/blog/launch/`); none for a draft left out of the build. */
  url?: string;
  /**
   * The body is a page bundle's `index.md`: a relative link that names no content file is resolved against its page, as
   * a folder.
   */
  bundle: boolean;
}

/**
 * The body with every relative image and link of the Markdown file `file` resolved (see the top
 * of this file), and a located error for each relative image that names no published file.
 * A relative link that names no content file is left to the link checker: resolved against the
 * page when the body is a bundle's, as written otherwise.
 */
export function resolveRelativeReferences(
  file: string,
  body: RenderedMarkdown,
  addresses: ContentAddresses,
  page?: BodyPage,
): { body: RenderedMarkdown; problems: SiteError[] } {
  const folder = path.dirname(file);
  const problems: SiteError[] = [];
  let images = body.images;
  // A recorded image's path is a site path (`/images/…`) or, written relative, a path from the file's folder
  // (markdown-images.ts).
  if (images?.some((image) => !image.src.startsWith('/'))) {
    images = images.map((image) => {
      if (image.src.startsWith('/')) return image;
      const address = addresses.files.get(path.resolve(folder, image.src));
      if (address) return { ...image, src: address };
      problems.push(missingBesideFile(file, image.src, addresses, page?.bundle === true, image));
      return image;
    });
  }
  const changed = new Map<string, string>();
  const links = body.links.map((link) => {
    const href = changed.get(link.href) ?? resolvedHref(link.href, folder, addresses, page);
    if (href === link.href) return link;
    changed.set(link.href, href);
    return { ...link, href };
  });
  if (changed.size === 0 && images === body.images) return { body, problems };
  return {
    body: { ...changeBodyHtml(body, (html) => rewriteHrefs(html, changed)), links, ...(images ? { images } : {}) },
    problems,
  };
}

/**
 * A relative href (as a browser reads it: url-reference.ts) as a site address, or as it is when
 * it is not relative or there is nothing to resolve it against.
 */
export function resolvedHref(
  href: string,
  folder: string,
  addresses: ContentAddresses,
  page: BodyPage | undefined,
): string {
  const reference = readUrlReference(href);
  if (reference.kind !== 'relative') return href;
  const rest = reference.search + reference.hash;
  const target = path.resolve(folder, reference.path);
  const address = addresses.files.get(target) ?? addresses.pages.get(target);
  if (address) return encodeURI(address) + rest;
  if (!page?.bundle || page.url === undefined) return href;
  const base = page.url.endsWith('/') ? page.url : `${page.url}/`;
  const url = new URL(href, `https://site.invalid${base}`);
  return url.pathname + url.search + url.hash;
}

/** A relative image that names no published file: where it was looked for, and the closest file there is. */
function missingBesideFile(
  file: string,
  src: string,
  addresses: ContentAddresses,
  bundle: boolean,
  at: { line: number; column: number },
): SiteError {
  const folder = path.dirname(file);
  const beside = [...addresses.files.keys()]
    .filter((source) => path.dirname(source) === folder || source.startsWith(folder + path.sep))
    .map((source) => path.relative(folder, source).split(path.sep).join('/'));
  const closest = closestPath(src.replace(/^\.\//, ''), beside);
  const name = path.basename(bundle ? folder : file, '.md');
  return new SiteError({
    code: 'content.missing-image',
    message: `image: ${src} is not beside the post`,
    hint: closest
      ? `did you mean ${closest}?`
      : bundle
        ? `Put the file in ${folder}, or correct the path.`
        : `A post's own images go beside it in a page bundle: move the post to ${name}/index.md and the image into ${name}/.`,
    file,
    line: at.line,
    column: at.column,
  });
}

/**
 * An `<a …>` start tag as rehype-stringify writes it, up to its `href` value: every value double-quoted, with `"`
 * escaped inside.
 */
const anchorHref = /<a\b((?:\s+[^\s"'>/=]+(?:="[^"]*")?)*?)\s+href="([^"]*)"/g;

/**
 * The HTML with the `href` of each link in `changes` replaced. The serializer writes every start
 * tag with a literal `<` and every `<` of text as `&#x3C;`, so only real links match.
 */
function rewriteHrefs(html: string, changes: ReadonlyMap<string, string>): string {
  if (changes.size === 0) return html;
  const serialized = new Map([...changes].map(([from, to]) => [attributeText(from), attributeText(to)]));
  return html.replace(anchorHref, (tag: string, attributes: string, value: string) => {
    const to = serialized.get(value);
    return to === undefined ? tag : `<a${attributes} href="${to}"`;
  });
}

const serializer = unified().use(rehypeStringify);

/** An `href` value as the Markdown pipeline's serializer writes it between the quotes. */
function attributeText(href: string): string {
  const tree: Root = {
    type: 'root',
    children: [{ type: 'element', tagName: 'a', properties: { href }, children: [] }],
  };
  const html = serializer.stringify(tree);
  return html.slice('<a href="'.length, html.lastIndexOf('"'));
}

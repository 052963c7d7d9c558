// A link to a place on its own page (`[1](#f1)`, `[see below](#TypeScript)`) that names no id of
// the body as it is published, though its author meant one that is there: an id of the body's
// HTML, published in the content's namespace (`user-content-f1`: html-schema.ts), or a heading
// whose id another generator would have spelled otherwise (kramdown, Hugo, markdown-it). Such a
// link is pointed at that id, as GitHub's pages do for their prefixed ids, instead of leaving a
// broken fragment for the link check to find.
import type { Element, Root } from 'hast';
import type { VFile } from 'vfile';
import { slug } from 'github-slugger';
import { toString } from 'hast-util-to-string';
import { userContentPrefix } from './html-schema.ts';

/**
 * The ids common generators give a heading with this text: GitHub's and rehype-slug's (which
 * this build uses, and Gatsby, Next.js and Hugo's Goldmark by default), kramdown's (Jekyll),
 * Hugo's Blackfriday and markdown-it-anchor's (Eleventy), each before a repeat's `-1`.
 */
export function headingIdForms(text: string): string[] {
  const kramdown = text
    .replace(/^[^a-zA-Z]+/, '')
    .replace(/[^a-zA-Z0-9 -]/g, '')
    .replaceAll(' ', '-')
    .toLowerCase();
  const blackfriday = [...text.matchAll(/[\p{L}\p{N}]+/gu)].map((word) => word[0].toLowerCase()).join('-');
  const markdownIt = text.trim().toLowerCase().replace(/\s+/g, '-');
  return [...new Set([slug(text), kramdown, blackfriday, markdownIt])].filter((id) => id !== '');
}

/**
 * The id of the one heading a fragment written for another generator names (`TypeScript`,
 * `1-intro`, `don't-stop`), or undefined when none or several do. `headings` are the body's
 * headings with the ids this build gave them.
 */
export function headingForFragment(
  fragment: string,
  headings: readonly { id: string; text: string }[],
): string | undefined {
  const wanted = new Set([fragment, fragment.toLowerCase(), slug(fragment)]);
  const found = new Set(
    headings
      .filter((heading) => heading.id === fragment || headingIdForms(heading.text).some((form) => wanted.has(form)))
      .map((heading) => heading.id),
  );
  return found.size === 1 ? [...found][0] : undefined;
}

/**
 * The rehype step: after headings have their ids (rehype-slug), before links are recorded. Each
 * fragment it points elsewhere is kept in the file's data (`fragments`: as written → as published),
 * so the body's Markdown copy leads where its HTML does.
 */
export function samePageLinks() {
  return (tree: Root, file: VFile): undefined => {
    const moved: Record<string, string> = {};
    const ids = new Set<string>();
    const headings: { id: string; element: Element }[] = [];
    const anchors: Element[] = [];
    const walk = (node: Root | Element) => {
      for (const child of node.children) {
        if (child.type !== 'element') continue;
        const { id, name, href } = child.properties;
        if (typeof id === 'string') ids.add(id);
        if (child.tagName === 'a' && typeof name === 'string') ids.add(name);
        if (child.tagName === 'a' && typeof href === 'string' && href.startsWith('#')) anchors.push(child);
        if (typeof id === 'string' && /^h[1-6]$/.test(child.tagName)) headings.push({ id, element: child });
        walk(child);
      }
    };
    walk(tree);
    let withText: { id: string; text: string }[] | undefined;
    for (const anchor of anchors) {
      const written = (anchor.properties.href as string).slice(1);
      const fragment = decoded(written);
      if (fragment === '' || fragment.toLowerCase() === 'top' || ids.has(fragment) || ids.has(written)) continue;
      if (ids.has(userContentPrefix + fragment)) {
        anchor.properties.href = moved[written] = `#${userContentPrefix}${written}`;
        continue;
      }
      withText ??= headings.map(({ id, element }) => ({ id, text: toString(element) }));
      const heading = headingForFragment(fragment, withText);
      if (heading !== undefined) anchor.properties.href = moved[written] = `#${heading}`;
    }
    if (Object.keys(moved).length > 0) (file.data as { fragments?: Record<string, string> }).fragments = moved;
    return undefined;
  };
}

function decoded(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

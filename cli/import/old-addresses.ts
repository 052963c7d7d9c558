// Where a post of the old site was published, from that generator's address rules
// (source-site.ts) and what the post's front matter says: Jekyll's `permalink` (a style or a
// pattern, the site's, the posts collection's or the post's own) under `baseurl`, Hugo's
// `permalinks` by section, `url` and `slug`, the route of a Next.js or Gatsby site, Eleventy's
// `permalink`. Each address becomes an alias of the imported post, so that it answers with a
// redirect. Drafts were never published and have none. The patterns are filled in
// address-patterns.ts.
import path from 'node:path';
import { redirectSourceProblem } from '../validate/url-fields.ts';
import { eleventyAddress, hugoAddress, hugoDefault, jekyllAddress, jekyllStyles, nameOf } from './address-patterns.ts';
import type { AddressRules, SourceSite } from './source-site.ts';

/** What the rules need of a post. */
export interface AddressedPost {
  file: string;
  /** Its path from the folder of posts it was found in. */
  inFolder: string;
  bundle?: string;
  frontMatter: Record<string, unknown>;
  /** `YYYY-MM-DD`, and the time when the date has one (`10:00:00`). */
  date?: string;
  time?: string;
  title?: string;
  categories: string[];
  /** Jekyll's name for it: the slug part of `2019-03-14-slug.md`. */
  jekyllSlug?: string;
  draft: boolean;
}

/** A post's old addresses, and why any the rules name could not be told. */
export interface OldAddresses {
  addresses: string[];
  notCarried: string[];
}

/**
 * The old addresses of `post` by the site's rules; `permalink` is the post's own, when its front
 * matter gives a pattern rather than an address.
 */
export function oldAddresses(post: AddressedPost, site: SourceSite): OldAddresses {
  const notCarried: string[] = [];
  if (post.draft) return { addresses: [], notCarried };
  const found = addressesBy(site.addresses, post, notCarried);
  const addresses = [
    ...new Set(
      found.flatMap((address) => {
        if (address === undefined) return [];
        const clean = address.replace(/\/{2,}/g, '/');
        const problem = redirectSourceProblem(clean);
        if (problem) notCarried.push(`the old address ${JSON.stringify(clean)} cannot redirect here: ${problem}`);
        return problem ? [] : [clean];
      }),
    ),
  ];
  return { addresses, notCarried };
}

/** The addresses the rules of the site's generator give the post (undefined for one they cannot tell). */
function addressesBy(rules: AddressRules, post: AddressedPost, notCarried: string[]): (string | undefined)[] {
  const own = typeof post.frontMatter.permalink === 'string' ? post.frontMatter.permalink.trim() : undefined;
  switch (rules.kind) {
    case 'jekyll': {
      // A post's own permalink, literal or a pattern, replaces the site's.
      const pattern = own || rules.permalink;
      return [jekyllAddress(jekyllStyles[pattern] ?? pattern, post, rules.baseurl, notCarried)];
    }
    case 'hugo':
      return typeof post.frontMatter.url === 'string' ? [] : hugoAddresses(rules, post, notCarried);
    case 'route': {
      const slug = rules.nested ? routeSlug(post) : nameOf(post);
      return [`${rules.prefix}/${slug}${rules.trailingSlash ? '/' : ''}`];
    }
    case 'eleventy':
      return post.frontMatter.permalink === false ? [] : [eleventyPostAddress(rules, post, own, notCarried)];
    case 'none':
      return [];
  }
}

/** Hugo: the post's address by its section's permalink (or Hugo's default), and its relative aliases. */
function hugoAddresses(
  rules: Extract<AddressRules, { kind: 'hugo' }>,
  post: AddressedPost,
  notCarried: string[],
): string[] {
  const sections = path.posix
    .dirname(post.bundle ? path.posix.dirname(post.inFolder) : post.inFolder)
    .split('/')
    .filter((segment) => segment !== '.' && segment !== '');
  const pattern = rules.permalinks[sections[0] ?? ''];
  const found = [
    rules.base +
      (pattern ? hugoAddress(pattern, post, sections, notCarried) : hugoDefault(post, sections, rules.uglyUrls)),
  ];
  for (const alias of list(post.frontMatter.aliases)) {
    // A relative alias is relative to the page's section, as Hugo resolves it.
    if (!alias.startsWith('/') && !/^[a-z]+:/i.test(alias))
      found.push(`${rules.base}/${[...sections, alias].join('/')}`);
  }
  return found;
}

/** Eleventy: the post's own permalink, else its folder's data file's, else its path from the input folder. */
function eleventyPostAddress(
  rules: Extract<AddressRules, { kind: 'eleventy' }>,
  post: AddressedPost,
  own: string | undefined,
  notCarried: string[],
): string | undefined {
  const folder = path.posix.dirname(path.relative('', post.inFolder));
  const pattern =
    own ??
    [...rules.folderPermalinks].find(([dataFolder]) =>
      post.file.split(path.sep).join('/').includes(`/${dataFolder}/`),
    )?.[1];
  if (pattern) return eleventyAddress(pattern, post, notCarried);
  const segments = [...(folder === '.' ? [] : [folder]), ...(post.bundle ? [] : [nameOf(post)])];
  return `/${segments.join('/')}/`.replace(/\/+/g, '/');
}

/** A post's path from its posts folder as a Gatsby site addresses it: `2019/launch/index.md` is `2019/launch`. */
function routeSlug(post: AddressedPost): string {
  return post.inFolder
    .replace(/\.(md|markdown)$/i, '')
    .replace(/(^|\/)index$/i, '')
    .replace(/^(blog|posts)\//, '');
}

function list(value: unknown): string[] {
  return (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value])
    .filter((item): item is string => typeof item === 'string' && item.trim() !== '')
    .map((item) => item.trim());
}

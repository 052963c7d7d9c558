// Where a post of the old site was published, from that generator's address rules
// (source-site.ts) and what the post's front matter says: Jekyll's `permalink` (a style or a
// pattern, the site's, the posts collection's or the post's own) under `baseurl`, Hugo's
// `permalinks` by section, `url` and `slug`, the route of a Next.js or Gatsby site, Eleventy's
// `permalink`. Each address becomes an alias of the imported post, so that it answers with a
// redirect. Drafts were never published and have none.
import path from 'node:path';
import { postSlugFromTitle } from '../route/slugs.ts';
import { redirectSourceProblem } from '../validate/url-fields.ts';
import type { SourceSite } from './source-site.ts';

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

/** Jekyll's permalink styles (its documentation's table). */
const jekyllStyles: Record<string, string> = {
  date: '/:categories/:year/:month/:day/:title:output_ext',
  pretty: '/:categories/:year/:month/:day/:title/',
  ordinal: '/:categories/:year/:y_day/:title:output_ext',
  weekdate: '/:categories/:year/W:week/:short_day/:title:output_ext',
  none: '/:categories/:title:output_ext',
};

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const dayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The old addresses of `post` by the site's rules; `permalink` is the post's own, when its front matter gives a pattern rather than an address. */
export function oldAddresses(post: AddressedPost, site: SourceSite): OldAddresses {
  const notCarried: string[] = [];
  if (post.draft) return { addresses: [], notCarried };
  const rules = site.addresses;
  const own = typeof post.frontMatter.permalink === 'string' ? post.frontMatter.permalink.trim() : undefined;
  const found: (string | undefined)[] = [];
  switch (rules.kind) {
    case 'jekyll': {
      // A post's own permalink, literal or a pattern, replaces the site's.
      const pattern = own || rules.permalink;
      found.push(jekyllAddress(jekyllStyles[pattern] ?? pattern, post, rules.baseurl, notCarried));
      break;
    }
    case 'hugo': {
      if (typeof post.frontMatter.url === 'string') break;
      const sections = path.posix
        .dirname(post.bundle ? path.posix.dirname(post.inFolder) : post.inFolder)
        .split('/')
        .filter((segment) => segment !== '.' && segment !== '');
      const pattern = rules.permalinks[sections[0] ?? ''];
      found.push(
        rules.base +
          (pattern ? hugoAddress(pattern, post, sections, notCarried) : hugoDefault(post, sections, rules.uglyUrls)),
      );
      for (const alias of list(post.frontMatter.aliases)) {
        // A relative alias is relative to the page's section, as Hugo resolves it.
        if (!alias.startsWith('/') && !/^[a-z]+:/i.test(alias))
          found.push(`${rules.base}/${[...sections, alias].join('/')}`);
      }
      break;
    }
    case 'route': {
      const slug = rules.nested ? routeSlug(post) : nameOf(post);
      found.push(`${rules.prefix}/${slug}${rules.trailingSlash ? '/' : ''}`);
      break;
    }
    case 'eleventy': {
      if (post.frontMatter.permalink === false) break;
      const folder = path.posix.dirname(path.relative('', post.inFolder));
      const pattern =
        own ??
        [...rules.folderPermalinks].find(([dataFolder]) =>
          post.file.split(path.sep).join('/').includes(`/${dataFolder}/`),
        )?.[1];
      found.push(
        pattern
          ? eleventyAddress(pattern, post, notCarried)
          : `/${[...(folder === '.' ? [] : [folder]), ...(post.bundle ? [] : [nameOf(post)])].join('/')}/`.replace(
              /\/+/g,
              '/',
            ),
      );
      break;
    }
    case 'none':
      break;
  }
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

/** The post's file or bundle folder name, without extension (and without Jekyll's date). */
function nameOf(post: AddressedPost): string {
  return (
    post.jekyllSlug ??
    (post.bundle ? path.basename(post.bundle) : path.basename(post.file).replace(/\.(md|markdown)$/i, ''))
  );
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

/** The date's parts as the generators name them; undefined without a date. */
function dateParts(post: AddressedPost) {
  if (!post.date) return undefined;
  const [year, month, day] = post.date.split('-');
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const [hour = '00', minute = '00', second = '00'] = (post.time ?? '').split(':');
  const yearDay = Math.floor((date.getTime() - Date.UTC(Number(year), 0, 1)) / 86_400_000) + 1;
  return {
    year: year!,
    month: month!,
    day: day!,
    hour,
    minute,
    second,
    yearDay,
    weekday: date.getUTCDay(),
    monthIndex: Number(month) - 1,
  };
}

/** Fills `:name` placeholders; an unknown one is reported and the address dropped. */
function fill(
  pattern: string,
  values: Record<string, string | undefined>,
  what: string,
  notCarried: string[],
): string | undefined {
  const unknown: string[] = [];
  const address = pattern.replace(/:([a-z_]+)/gi, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) unknown.push(whole);
    return value ?? whole;
  });
  if (unknown.length > 0) {
    notCarried.push(
      `the old address pattern ${JSON.stringify(pattern)} (${what}) uses ${unknown.join(', ')}, which the import cannot fill: add the old address to the post's aliases`,
    );
    return undefined;
  }
  return address;
}

function jekyllAddress(
  pattern: string,
  post: AddressedPost,
  baseurl: string,
  notCarried: string[],
): string | undefined {
  const date = dateParts(post);
  const title = typeof post.frontMatter.slug === 'string' ? post.frontMatter.slug : nameOf(post);
  const values: Record<string, string | undefined> = {
    ...(date
      ? {
          year: date.year,
          month: date.month,
          day: date.day,
          i_month: String(Number(date.month)),
          i_day: String(Number(date.day)),
          short_year: date.year.slice(2),
          y_day: String(date.yearDay).padStart(3, '0'),
          hour: date.hour,
          minute: date.minute,
          second: date.second,
          short_month: monthNames[date.monthIndex]!.slice(0, 3),
          long_month: monthNames[date.monthIndex],
          short_day: dayNames[date.weekday]!.slice(0, 3),
          long_day: dayNames[date.weekday],
        }
      : {}),
    title,
    slug: jekyllSlugify(title),
    name: title,
    categories: [...new Set(post.categories.map((category) => category.toLowerCase()))].join('/'),
    output_ext: '.html',
  };
  const address = fill(pattern, values, "Jekyll's permalink", notCarried);
  return address === undefined ? undefined : baseurl + (address.startsWith('/') ? address : `/${address}`);
}

/** Jekyll's `slugify` in its default mode: lowercase, anything but letters and digits a hyphen. */
function jekyllSlugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

/** Hugo's `urlize`: lowercase, spaces as hyphens, only letters, digits and `-._~` kept. */
function hugoUrlize(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^\p{L}\p{N}\-._~]/gu, '');
}

function hugoAddress(
  pattern: string,
  post: AddressedPost,
  sections: string[],
  notCarried: string[],
): string | undefined {
  const date = dateParts(post);
  const slug = typeof post.frontMatter.slug === 'string' ? post.frontMatter.slug : undefined;
  const title = hugoUrlize(post.title ?? '');
  const filename = nameOf(post);
  const values: Record<string, string | undefined> = {
    ...(date
      ? {
          year: date.year,
          month: date.month,
          monthname: monthNames[date.monthIndex]!.toLowerCase(),
          day: date.day,
          weekday: String(date.weekday),
          weekdayname: dayNames[date.weekday]!.toLowerCase(),
          yearday: String(date.yearDay),
        }
      : {}),
    section: sections[0] ?? '',
    sections: sections.join('/'),
    title,
    slug: slug ?? title,
    filename,
    contentbasename: filename,
    slugorfilename: slug ?? filename,
    slugorcontentbasename: slug ?? filename,
  };
  return fill(pattern, values, "Hugo's permalinks", notCarried);
}

/** Hugo's address of a page without a rule: its section's path and its slug (or name), lowercased. */
function hugoDefault(post: AddressedPost, sections: string[], uglyUrls: boolean): string {
  const name = typeof post.frontMatter.slug === 'string' ? post.frontMatter.slug : nameOf(post).toLowerCase();
  const address = `/${[...sections.map((section) => section.toLowerCase()), name].join('/')}`;
  return uglyUrls ? `${address}.html` : `${address}/`;
}

/** Eleventy's `permalink` with the template values every post has filled in; any other expression is reported. */
function eleventyAddress(pattern: string, post: AddressedPost, notCarried: string[]): string | undefined {
  const fileSlug = post.bundle ? path.basename(post.bundle) : nameOf(post);
  const stem = `/${post.inFolder.replace(/\.(md|markdown)$/i, '')}`;
  const values: Record<string, string> = {
    'page.fileSlug': fileSlug,
    'page.filePathStem': stem,
    'title | slugify': postSlugFromTitle(post.title ?? ''),
    'title | slug': postSlugFromTitle(post.title ?? ''),
  };
  let unknown = false;
  const address = pattern.replace(/\{\{-?\s*([^}]*?)\s*-?\}\}/g, (whole, expression: string) => {
    const value = values[expression.replace(/\s+/g, ' ')];
    if (value === undefined) unknown = true;
    return value ?? whole;
  });
  if (unknown || /\{%/.test(address)) {
    notCarried.push(
      `the old address template ${JSON.stringify(pattern)} (Eleventy's permalink) holds expressions the import cannot fill: add the old address to the post's aliases`,
    );
    return undefined;
  }
  return address.startsWith('/') ? address : `/${address}`;
}

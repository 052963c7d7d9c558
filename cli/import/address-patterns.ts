// The address patterns of other generators filled in for one post: Jekyll's permalink styles and
// placeholders, Hugo's permalinks and its address for a page without one, Eleventy's permalink
// templates. A placeholder the import cannot fill is reported, and that address is dropped.
import path from 'node:path';
import { postSlugFromTitle } from '../route/slugs.ts';
import type { AddressedPost } from './old-addresses.ts';

/** Jekyll's permalink styles (its documentation's table). */
export const jekyllStyles: Record<string, string> = {
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

/** The post's file or bundle folder name, without extension (and without Jekyll's date). */
export function nameOf(post: AddressedPost): string {
  return (
    post.jekyllSlug ??
    (post.bundle ? path.basename(post.bundle) : path.basename(post.file).replace(/\.(md|markdown)$/i, ''))
  );
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
      `the old address pattern ${JSON.stringify(pattern)} (${what}) uses ${unknown.join(', ')}, ` +
        `which the import cannot fill: add the old address to the post's aliases`,
    );
    return undefined;
  }
  return address;
}

export function jekyllAddress(
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

export function hugoAddress(
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
export function hugoDefault(post: AddressedPost, sections: string[], uglyUrls: boolean): string {
  const name = typeof post.frontMatter.slug === 'string' ? post.frontMatter.slug : nameOf(post).toLowerCase();
  const address = `/${[...sections.map((section) => section.toLowerCase()), name].join('/')}`;
  return uglyUrls ? `${address}.html` : `${address}/`;
}

/**
 * Eleventy's `permalink` with the template values every post has filled in; any other expression
 * is reported.
 */
export function eleventyAddress(pattern: string, post: AddressedPost, notCarried: string[]): string | undefined {
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
      `the old address template ${JSON.stringify(pattern)} (Eleventy's permalink) holds expressions ` +
        `the import cannot fill: add the old address to the post's aliases`,
    );
    return undefined;
  }
  return address.startsWith('/') ? address : `/${address}`;
}

// Values of another generator's front matter read as the site's: text on one line, a list, a
// date, a former address, a cover image. Each answers undefined (or nothing) for a value it cannot
// read, and the caller says what is missing.
import { parsePostDate } from '../validate/post-date.ts';
import { redirectSource } from '../validate/url-fields.ts';

/** Text on one line, whitespace collapsed; undefined for anything else or nothing. */
export function oneLine(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value).replace(/\s+/g, ' ').trim();
  return text === '' ? undefined : text;
}

/**
 * A list from a YAML list or a comma-separated string, without repeats. Jekyll reads tags and
 * categories written as one string separated by spaces as several (`tags: ai testing`).
 */
export function list(value: unknown, spaceSeparated = false): string[] {
  if (value === undefined) return [];
  const text = String(value);
  const items = Array.isArray(value)
    ? value
    : text.includes(',')
      ? text.split(',')
      : spaceSeparated
        ? text.split(/\s+/)
        : [value];
  return [...new Set(items.flatMap((item) => oneLine(item) ?? []))];
}

/**
 * `YYYY-MM-DD` from a date as written (a string starting with one: no time zone shift), or from a
 * date value.
 */
export function dateOf(value: unknown): string | undefined {
  const text =
    value instanceof Date
      ? value.toISOString()
      : typeof value === 'string'
        ? value.trim().replace(/^["']/, '')
        : undefined;
  if (text === undefined) return undefined;
  const written = /^(\d{4}-\d{2}-\d{2})(?:$|[T ])/.exec(text)?.[1];
  if (written) return parsePostDate(written) ? written : undefined;
  const parsed = Date.parse(text);
  return Number.isNaN(parsed) ? undefined : new Date(parsed).toISOString().slice(0, 10);
}

/**
 * A former address as a site path: an absolute URL's path, or a root-relative path; undefined when
 * it cannot be one.
 */
export function oldAddress(written: string): string | undefined {
  let address = written;
  if (/^https?:\/\//i.test(address)) {
    try {
      address = new URL(address).pathname;
    } catch {
      return undefined;
    }
  }
  // Jekyll's permalink patterns (`/:year/:title/`) name no one address.
  if (!address.startsWith('/') || address.includes(':')) return undefined;
  const bare = address.length > 1 ? address.replace(/\/+$/, '') : address;
  return redirectSource.safeParse(bare).success && bare !== '/'
    ? `${bare}${address.endsWith('/') && !/\.html?$/.test(bare) ? '/' : ''}`
    : undefined;
}

/**
 * A cover image: a path (from a string, a list's first item or a `{ image | src | url, alt }`
 * mapping) and its alt text.
 */
export function imageOf(value: unknown): { path: string; alt?: string } | undefined {
  if (Array.isArray(value)) return imageOf(value[0]);
  if (typeof value === 'string') return value.trim() ? { path: value.trim() } : undefined;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const record = value as Record<string, unknown>;
    const src = record.image ?? record.src ?? record.url ?? record.path;
    const image = typeof src === 'string' && src.trim() ? src.trim() : undefined;
    return image ? { path: image, ...(oneLine(record.alt) ? { alt: oneLine(record.alt) } : {}) } : undefined;
  }
  return undefined;
}

// Post dates: read as the author wrote them, shown the way the site shows them.

/**
 * The date as written in front matter: YAML turns 2024-02-31 into March 2 without complaint,
 * so the text is checked rather than the value YAML made of it.
 */
export function writtenPostDate(frontMatterText: string): string | undefined {
  return /^date:\s*["']?([^"'\s#]+)/m.exec(frontMatterText)?.[1];
}

/** The years a post may carry: four digits, as RSS and the site's date format expect. */
const firstYear = 1000;
const lastYear = 9999;

/**
 * Accepts YAML dates and `YYYY-MM-DD` strings from year 1000 to 9999; rejects impossible dates
 * such as 2024-02-31, and year 0000 (Date.UTC reads years 0-99 as 1900-1999).
 */
export function parsePostDate(value: Date | string): Date | undefined {
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) || !inYearRange(value.getUTCFullYear()) ? undefined : value;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!inYearRange(year)) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : undefined;
}

function inYearRange(year: number): boolean {
  return year >= firstYear && year <= lastYear;
}

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Formats a date as the site shows it: 'Mar 15, 2024' (by hand: Intl is slow per call on large blogs). */
export function formatPostDate(date: Date): string {
  return `${monthNames[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

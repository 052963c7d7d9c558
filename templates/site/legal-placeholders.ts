// Values of the site config that the legal pages print: the website URL, the contact email and
// the postal address. The Markdown in content/legal names them as `{{siteUrl}}`,
// `{{contact.email}}` and `{{contact.postalAddress}}`; the page fills them in when it is built,
// from the validated config, escaped for HTML. A value that is unset takes its line with it: the
// list item or paragraph that holds it is left out, so a visitor never reads a placeholder
// (`build --production` refuses such a config: templates/site/production.ts).
import { Parser } from 'htmlparser2';
import { type Entry, SiteError } from 'sitegen/site';
import type { SiteData } from './schemas/schemas.ts';
import { emailAddressPattern } from './schemas/site-config.ts';

type SiteConfig = SiteData['site'];

/** A placeholder as written in Markdown: `{{name}}`, spaces inside the braces allowed. */
const placeholderPattern = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholders, each named after the site.json field that sets it. */
export const configPlaceholders = ['siteUrl', 'contact.email', 'contact.postalAddress'] as const;

export type PlaceholderName = (typeof configPlaceholders)[number];

/** Whether a `{{…}}` written in a legal page is a placeholder this site fills in (an unknown name is its own error). */
export function isPlaceholderTag(tag: string): boolean {
  return /^\{\{\s*[^{}]*?\s*\}\}$/.test(tag);
}

/** Whether `name` is one of the placeholders the legal pages may use. */
export function isPlaceholderName(name: string): name is PlaceholderName {
  return (configPlaceholders as readonly string[]).includes(name);
}

/** A placeholder found in Markdown: its name as written and its 1-based position in the file. */
export interface FoundPlaceholder {
  name: string;
  line: number;
  column: number;
}

/** Every `{{…}}` in a Markdown body, located in its file (`firstLine` is the body's first line there). */
export function findPlaceholders(markdown: string, firstLine = 1): FoundPlaceholder[] {
  const found: FoundPlaceholder[] = [];
  for (const match of markdown.matchAll(placeholderPattern)) {
    const before = markdown.slice(0, match.index);
    const lineStart = before.lastIndexOf('\n') + 1;
    found.push({
      name: match[1]!,
      line: firstLine + (before.match(/\n/g)?.length ?? 0),
      column: match.index - lineStart + 1,
    });
  }
  return found;
}

/**
 * The markup `name` stands for: the website as a link (as text when it is not https), the email
 * as a `mailto:` link, the postal address as text, each HTML-escaped; undefined when the value
 * is unset.
 */
export function placeholderHtml(name: PlaceholderName, site: SiteConfig): string | undefined {
  if (name === 'siteUrl') {
    return site.siteUrl.startsWith('https://')
      ? `<a href="${escapeHtml(`${site.siteUrl}/`)}">${escapeHtml(site.siteUrl)}</a>`
      : escapeHtml(site.siteUrl);
  }
  if (name === 'contact.email') {
    const email = site.contact.email;
    return email && emailAddressPattern.test(email)
      ? `<a href="mailto:${escapeHtml(email)}">${escapeHtml(email)}</a>`
      : undefined;
  }
  const address = site.contact.postalAddress;
  return address ? escapeHtml(address) : undefined;
}

/** Elements a placeholder with no value takes out with it: its line of the page. */
const lineElements = new Set(['li', 'p', 'dd', 'td']);

/**
 * A rendered legal page body with each known placeholder in its text filled in (see
 * `placeholderHtml`); the line (list item or paragraph) of one without a value is left out.
 * Only text is touched: attribute values, `<code>` and `<pre>` keep what they say, and an
 * unknown name is left as written (validation refuses those first).
 */
export function fillConfigPlaceholders(html: string, site: SiteConfig): string {
  if (!html.includes('{{')) return html;
  const texts: [number, number][] = [];
  const dropped: [number, number][] = [];
  const open: { tag: string; start: number; drop: boolean }[] = [];
  let literal = 0;
  const parser = new Parser(
    {
      onopentag(tag) {
        if (tag === 'code' || tag === 'pre') literal += 1;
        open.push({ tag, start: parser.startIndex, drop: false });
      },
      onclosetag(tag) {
        if ((tag === 'code' || tag === 'pre') && literal > 0) literal -= 1;
        const element = open.pop();
        if (element?.drop) dropped.push([element.start, parser.endIndex + 1]);
      },
      ontext(text) {
        if (literal > 0) return;
        texts.push([parser.startIndex, parser.endIndex + 1]);
        const unset = [...text.matchAll(placeholderPattern)].some(
          ([, name]) => isPlaceholderName(name!) && placeholderHtml(name, site) === undefined,
        );
        const line = unset ? [...open].reverse().find((element) => lineElements.has(element.tag)) : undefined;
        if (line) line.drop = true;
      },
    },
    { decodeEntities: false },
  );
  parser.end(html);
  // A dropped line may hold another (a list inside a list item): the outermost one is cut.
  const cuts = dropped
    .sort((a, b) => a[0] - b[0])
    .filter(([start], index, all) => !all.slice(0, index).some(([s, e]) => s <= start && start < e));
  const inCut = ([start]: [number, number]) => cuts.some(([s, e]) => s <= start && start < e);
  const pieces = [
    ...texts.filter((range) => !inCut(range)).map(([start, end]) => ({ start, end, cut: false })),
    ...cuts.map(([start, end]) => ({ start, end, cut: true })),
  ].sort((a, b) => a.start - b.start);
  let filled = '';
  let last = 0;
  for (const { start, end, cut } of pieces) {
    filled += html.slice(last, start);
    if (!cut)
      filled += html
        .slice(start, end)
        .replace(placeholderPattern, (written, name: string) =>
          isPlaceholderName(name) ? (placeholderHtml(name, site) ?? '') : written,
        );
    last = end;
  }
  return filled + html.slice(last);
}

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => entities[c]!);
}

const known = configPlaceholders.map((name) => `{{${name}}}`).join(', ');

/**
 * Refuses a `{{…}}` in a legal page that names no site config value, at its line and column:
 * left alone it would be published as written.
 */
export function legalPlaceholderProblems(legal: readonly Entry[]): SiteError[] {
  const errors: SiteError[] = [];
  for (const page of legal) {
    for (const { name, line, column } of findPlaceholders(page.body, page.bodyLine)) {
      if (isPlaceholderName(name)) continue;
      errors.push(
        new SiteError({
          code: 'content.unknown-placeholder',
          message: `{{${name.slice(0, 60)}}} is not a placeholder the site config fills in`,
          hint: `Use one of ${known} (set in content/data/site.json).`,
          file: page.file,
          line,
          column,
        }),
      );
    }
  }
  return errors;
}

// Values of the site config that the legal pages print: the website URL, the contact email and
// the postal address. The Markdown in content/legal names them as `{{siteUrl}}`,
// `{{contact.email}}` and `{{contact.postalAddress}}`; the page fills them in when it is built,
// from the validated config, escaped for HTML. A value that is unset (or, for the website URL,
// not https) shows as a marked placeholder naming the field to set: only a build without
// `--production` gets that far (cli/validate/production-config.ts refuses it).
import { Parser } from 'htmlparser2';
import type { SiteData } from '../site-model/schemas.ts';
import { emailAddressPattern } from '../site-model/site-config.ts';

type SiteConfig = SiteData['site'];

/** A placeholder as written in Markdown: `{{name}}`, spaces inside the braces allowed. */
const placeholderPattern = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** What each placeholder shows, and the site.json field that sets it. */
export const configPlaceholders = {
  siteUrl: { label: 'website URL', field: 'siteUrl' },
  'contact.email': { label: 'email address', field: 'contact.email' },
  'contact.postalAddress': { label: 'postal address', field: 'contact.postalAddress' },
} as const;

export type PlaceholderName = keyof typeof configPlaceholders;

/** Whether `name` is one of the placeholders the legal pages may use. */
export function isPlaceholderName(name: string): name is PlaceholderName {
  return Object.hasOwn(configPlaceholders, name);
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
    found.push({ name: match[1]!, line: firstLine + (before.match(/\n/g)?.length ?? 0), column: match.index - lineStart + 1 });
  }
  return found;
}

/**
 * The markup `name` stands for: the website as a link (https only), the email as a `mailto:`
 * link, the postal address as text, each HTML-escaped; or, when the value is unset or unusable,
 * a `<mark class="config-placeholder">` naming the site.json field to set.
 */
export function placeholderHtml(name: PlaceholderName, site: SiteConfig): string {
  const { label, field } = configPlaceholders[name];
  const missing = (what: string) => `<mark class="config-placeholder">[${escapeHtml(label)}: ${escapeHtml(what)}]</mark>`;
  if (name === 'siteUrl') {
    if (!site.siteUrl.startsWith('https://')) return missing(`set ${field} in content/data/site.json to the site's https address`);
    return `<a href="${escapeHtml(`${site.siteUrl}/`)}">${escapeHtml(site.siteUrl)}</a>`;
  }
  if (name === 'contact.email') {
    const email = site.contact.email;
    if (!email || !emailAddressPattern.test(email)) return missing(`set ${field} in content/data/site.json`);
    return `<a href="mailto:${escapeHtml(email)}">${escapeHtml(email)}</a>`;
  }
  const address = site.contact.postalAddress;
  return address ? escapeHtml(address) : missing(`set ${field} in content/data/site.json`);
}

/**
 * A rendered legal page body with each known placeholder in its text filled in (see
 * `placeholderHtml`). Only text is touched: attribute values, `<code>` and `<pre>` keep what
 * they say, and an unknown name is left as written (validation refuses those first).
 */
export function fillConfigPlaceholders(html: string, site: SiteConfig): string {
  if (!html.includes('{{')) return html;
  const ranges: [number, number][] = [];
  let literal = 0;
  const parser = new Parser({
    onopentag(tag) {
      if (tag === 'code' || tag === 'pre') literal += 1;
    },
    onclosetag(tag) {
      if ((tag === 'code' || tag === 'pre') && literal > 0) literal -= 1;
    },
    ontext() {
      if (literal === 0) ranges.push([parser.startIndex, parser.endIndex + 1]);
    },
  }, { decodeEntities: false });
  parser.end(html);
  let filled = '';
  let last = 0;
  for (const [start, end] of ranges) {
    filled += html.slice(last, start) + html.slice(start, end).replace(placeholderPattern, (written, name: string) => (isPlaceholderName(name) ? placeholderHtml(name, site) : written));
    last = end;
  }
  return filled + html.slice(last);
}

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => entities[c]!);
}

import type { z } from 'zod';
import { SiteError, SiteErrorList } from '../errors.ts';
import type { RawContent, RawMarkdown } from '../load/load-content.ts';
import { formatFieldPath, locateFrontMatterField, locateJsonField, type FieldPath } from './locate-field.ts';
import { recordDataOrigins, type OriginIndex } from '../render/link-origins.ts';
import {
  dataSchemas, guideArticleFrontMatterSchema, legalFrontMatterSchema, postFrontMatterSchema,
  type DataName, type GuideTopic, type SiteData,
} from '../site-model/schemas.ts';

/** A blog post ready to render. */
export interface Post {
  file: string;
  slug: string;
  title: string;
  excerpt: string;
  date: Date;
  /** Display text such as 'Mar 15, 2024'. */
  dateText: string;
  readTime: string;
  image: string;
  imageAlt: string;
  category: string;
  tags: string[];
  draft: boolean;
  body: string;
  bodyLine: number;
}

/** A long-form guide article, `/guides/content/{topic}`. */
export interface GuideArticle {
  file: string;
  topic: GuideTopic;
  title: string;
  description: string;
  body: string;
  bodyLine: number;
}

/** A legal page such as `/terms`. */
export interface LegalPage {
  file: string;
  slug: 'terms' | 'privacy';
  title: string;
  description: string;
  lastUpdated: string;
  body: string;
  bodyLine: number;
}

/** The validated site: every dataset typed, posts filtered and sorted newest first. */
export interface SiteModel {
  contentRoot: string;
  data: SiteData;
  posts: Post[];
  guides: GuideArticle[];
  legal: LegalPage[];
  toolkit: { readme: string; rules: string };
  origins: OriginIndex;
}

export interface ValidateOptions {
  /** Include posts marked `draft: true`. */
  drafts?: boolean;
  /** Include posts dated after `now`. */
  future?: boolean;
  now?: Date;
  /** Environment variables that override site config (see applySiteOverrides). */
  env?: Record<string, string | undefined>;
  siteUrl?: string;
}

/** Turns raw content into a typed model, collecting every problem before failing. */
export function validateContent(raw: RawContent, options: ValidateOptions = {}): SiteModel {
  const errors: SiteError[] = [];
  const origins: OriginIndex = new WeakMap();
  const data = {} as Record<DataName, unknown>;
  for (const [name, dataset] of raw.data) {
    const result = dataSchemas[name].safeParse(dataset.value, { reportInput: true });
    if (result.success) {
      data[name] = result.data;
      recordDataOrigins(dataset, result.data, origins);
    } else {
      errors.push(...result.error.issues.map((issue) => issueToError(issue, dataset.file, locateJsonField(dataset.source, issue.path as FieldPath))));
    }
  }
  const posts = raw.posts.map((file) => validatePost(file, errors));
  const guides = raw.guides.map((file) => validateFrontMatter(file, guideArticleFrontMatterSchema, errors));
  const legal = raw.legal.map((file) => validateFrontMatter(file, legalFrontMatterSchema, errors));
  const validPosts = posts.filter((post): post is Post => post !== undefined);
  errors.push(...findDuplicates(validPosts, (post) => post.slug, 'content.duplicate-slug', 'slug'));
  const validGuides = guides.filter((g) => g !== undefined) as GuideArticle[];
  errors.push(...findDuplicates(validGuides, (guide) => guide.topic, 'content.duplicate-topic', 'topic'));
  if (errors.length > 0) throw new SiteErrorList(errors);

  const now = options.now ?? new Date();
  return {
    contentRoot: raw.root,
    data: applySiteOverrides(data as SiteData, options),
    posts: validPosts
      .filter((post) => options.drafts || !post.draft)
      .filter((post) => options.future || post.date.getTime() <= now.getTime())
      .sort((a, b) => b.date.getTime() - a.date.getTime() || a.slug.localeCompare(b.slug)),
    guides: validGuides,
    legal: legal.filter((l) => l !== undefined) as LegalPage[],
    toolkit: raw.toolkit,
    origins,
  };
}

/** Environment variables that may replace site config values at build time. */
export const siteEnvOverrides = {
  SITE_URL: 'siteUrl',
  CHAT_PERSONA_URL: 'chatPersonaUrl',
  SCHEDULING_URL: 'schedulingUrl',
  FORM_WEBHOOK_URL: 'formWebhookUrl',
  RECAPTCHA_SITE_KEY: 'recaptcha.siteKey',
  RECAPTCHA_ENTERPRISE: 'recaptcha.enterprise',
} as const;

function applySiteOverrides(data: SiteData, options: ValidateOptions): SiteData {
  const env = options.env ?? {};
  const site = { ...data.site, recaptcha: { ...data.site.recaptcha } };
  for (const [variable, field] of Object.entries(siteEnvOverrides)) {
    const value = env[variable];
    if (value === undefined || value === '') continue;
    if (field === 'recaptcha.siteKey') site.recaptcha.siteKey = value;
    else if (field === 'recaptcha.enterprise') site.recaptcha.enterprise = value === 'true' || value === '1';
    else site[field] = requireHttpUrl(value, variable);
  }
  if (options.siteUrl) site.siteUrl = requireHttpUrl(options.siteUrl, '--site-url');
  site.siteUrl = site.siteUrl.replace(/\/+$/, '');
  return { ...data, site };
}

function requireHttpUrl(value: string, name: string): string {
  if (!/^https?:\/\/[^\s/]+/.test(value)) {
    throw new SiteError({ code: 'config.bad-url', message: `${name}: expected an http(s) URL, got ${JSON.stringify(value)}` });
  }
  return value;
}

function validatePost(file: RawMarkdown, errors: SiteError[]): Post | undefined {
  const fm = validateFrontMatter(file, postFrontMatterSchema, errors);
  if (!fm) return undefined;
  // YAML turns 2024-02-31 into March 2 without complaint, so the date is checked as written.
  const written = /^date:\s*["']?([^"'\s#]+)/m.exec(file.frontMatterText)?.[1];
  const date = parsePostDate(written ?? fm.date);
  if (!date) {
    errors.push(frontMatterError(file, 'date', 'content.bad-date', `date: expected a date such as 2024-03-15, got ${JSON.stringify(fm.date)}`));
    return undefined;
  }
  return {
    file: file.file,
    slug: fm.slug,
    title: fm.title,
    excerpt: fm.excerpt,
    date,
    dateText: formatPostDate(date),
    readTime: fm.readTime ?? estimateReadTime(file.body),
    image: fm.image,
    imageAlt: fm.imageAlt,
    category: fm.category,
    tags: fm.tags,
    draft: fm.draft ?? false,
    body: file.body,
    bodyLine: file.bodyLine,
  };
}

function validateFrontMatter<S extends z.ZodType>(file: RawMarkdown, schema: S, errors: SiteError[]): (z.infer<S> & { file: string; body: string; bodyLine: number }) | undefined {
  const result = schema.safeParse(file.frontMatter, { reportInput: true });
  if (!result.success) {
    for (const issue of result.error.issues) {
      errors.push(issueToError(issue, file.file, { line: locateFrontMatterField(file.frontMatterText, issue.path[0] as string) }));
    }
    return undefined;
  }
  return { ...(result.data as object), file: file.file, body: file.body, bodyLine: file.bodyLine } as z.infer<S> & { file: string; body: string; bodyLine: number };
}

/** Accepts YAML dates and `YYYY-MM-DD` strings; rejects impossible dates such as 2024-02-31. */
export function parsePostDate(value: Date | string): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : undefined;
}

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Formats a date as the site shows it: 'Mar 15, 2024' (by hand: Intl is slow per call on large blogs). */
export function formatPostDate(date: Date): string {
  return `${monthNames[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** Estimates reading time at 200 words a minute, as '6 min read'. */
export function estimateReadTime(markdown: string): string {
  return `${Math.max(1, Math.round(countWords(markdown) / 200))} min read`;
}

const nonAsciiSpace = /\s/u;
const letterOrDigit = /[\p{L}\p{N}]/u;

/**
 * Counts runs of non-space characters with at least one letter or digit (so a lone "—" or a
 * fence line is not a word). One pass over the character codes: ASCII is decided by
 * comparison, and only other characters go through a Unicode property test (a regex over
 * the whole text took about a tenth of a second for 1,000 posts).
 */
function countWords(text: string): number {
  let words = 0;
  let counted = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 128) {
      if (code === 32 || (code >= 9 && code <= 13)) counted = false;
      else if (!counted && ((code >= 48 && code <= 57) || ((code | 32) >= 97 && (code | 32) <= 122))) {
        counted = true;
        words += 1;
      }
      continue;
    }
    const char = String.fromCodePoint(text.codePointAt(i)!);
    if (char.length === 2) i += 1;
    if (nonAsciiSpace.test(char)) counted = false;
    else if (!counted && letterOrDigit.test(char)) {
      counted = true;
      words += 1;
    }
  }
  return words;
}

function issueToError(issue: z.core.$ZodIssue, file: string, position: { line?: number; column?: number }): SiteError {
  const field = formatFieldPath(issue.path as FieldPath) || '(file)';
  return new SiteError({
    code: issue.code === 'unrecognized_keys' ? 'content.unknown-field' : 'content.invalid-field',
    message: `${field}: ${describeIssue(issue)}`,
    file,
    ...position,
  });
}

/** Rewrites zod's wording as "expected X, got Y" with the offending value. */
function describeIssue(issue: z.core.$ZodIssue): string {
  const expected = issue.message.replace(/^Invalid input: /, '').replace(/, received \w+$/, '');
  if (issue.code === 'unrecognized_keys') return `${issue.message}; remove it or check its spelling`;
  if (issue.input === undefined) return issue.code === 'invalid_type' ? `${expected}, but it is missing` : expected;
  const got = JSON.stringify(issue.input);
  return `${expected}, got ${got.length > 60 ? `${got.slice(0, 57)}...` : got}`;
}

function frontMatterError(file: RawMarkdown, key: string, code: string, message: string): SiteError {
  return new SiteError({ code, message, file: file.file, line: locateFrontMatterField(file.frontMatterText, key) });
}

function findDuplicates<T extends { file: string }>(items: T[], keyOf: (item: T) => string, code: string, field: string): SiteError[] {
  const seen = new Map<string, T>();
  const errors: SiteError[] = [];
  for (const item of items) {
    const first = seen.get(keyOf(item));
    if (first) {
      errors.push(new SiteError({ code, message: `${field}: "${keyOf(item)}" is already used by ${first.file}`, hint: `Give each file its own ${field}.`, file: item.file }));
    } else {
      seen.set(keyOf(item), item);
    }
  }
  return errors;
}

import { SiteError, SiteErrorList } from '../errors.ts';
import { errorCatalogue } from '../error-catalogue.ts';
import type { RawContent } from '../load/load-content.ts';
import type { OriginIndex } from '../render/link-origins.ts';
import { legalFrontMatterSchema, topicSchemas } from '../site-model/schemas.ts';
import type { GuideArticle, LegalPage, Post, SiteModel } from './model.ts';
import type { SiteOverrides } from './site-env-overrides.ts';
import { applySiteOverrides } from './site-overrides.ts';
import { validateDatasets } from './validate-datasets.ts';
import { validateFrontMatter, validatePost } from './validate-markdown.ts';

/** Which posts to keep, and the site config values given at build time. */
export interface ValidateOptions {
  /** Include posts marked `draft: true`. */
  drafts?: boolean;
  /** Include posts dated after `now`. */
  future?: boolean;
  now?: Date;
  /** Site config values given at build time (see `siteOverridesFromEnv`). */
  overrides?: SiteOverrides;
  /** `--site-url`: replaces the site URL after every other override. */
  siteUrl?: string;
}

/** Turns raw content into a typed model, collecting every problem before failing. */
export function validateContent(raw: RawContent, options: ValidateOptions = {}): SiteModel {
  const errors: SiteError[] = [];
  const origins: OriginIndex = new WeakMap();
  const { data, topics } = validateDatasets(raw, origins, errors);
  const guideSchema = topicSchemas(topics).guideArticleFrontMatter;
  const posts = defined(raw.posts.map((file) => validatePost(file, errors)));
  const guides: GuideArticle[] = defined(raw.guides.map((file) => validateFrontMatter(file, guideSchema, errors)));
  const legal: LegalPage[] = defined(raw.legal.map((file) => validateFrontMatter(file, legalFrontMatterSchema, errors)));
  errors.push(...findDuplicates(posts, (post) => post.slug, 'content.duplicate-slug', 'slug'));
  errors.push(...findDuplicates(guides, (guide) => guide.topic, 'content.duplicate-topic', 'topic'));
  if (errors.length > 0) throw new SiteErrorList(errors);

  return {
    contentRoot: raw.root,
    data: applySiteOverrides(data, options.overrides ?? {}, options.siteUrl),
    posts: publishedPosts(posts, options),
    guides,
    legal,
    toolkit: raw.toolkit,
    origins,
  };
}

/** Leaves drafts and future posts out unless asked, newest first (then by slug, for stable output). */
function publishedPosts(posts: Post[], options: ValidateOptions): Post[] {
  const now = options.now ?? new Date();
  return posts
    .filter((post) => options.drafts || !post.draft)
    .filter((post) => options.future || post.date.getTime() <= now.getTime())
    .sort((a, b) => b.date.getTime() - a.date.getTime() || a.slug.localeCompare(b.slug));
}

function defined<T>(items: (T | undefined)[]): T[] {
  return items.filter((item): item is T => item !== undefined);
}

function findDuplicates<T extends { file: string }>(
  items: T[], keyOf: (item: T) => string, code: 'content.duplicate-slug' | 'content.duplicate-topic', field: string,
): SiteError[] {
  const seen = new Map<string, T>();
  const errors: SiteError[] = [];
  for (const item of items) {
    const first = seen.get(keyOf(item));
    if (first) {
      const { message, hint } = errorCatalogue[code];
      errors.push(new SiteError({ code, message: message(field, keyOf(item), first.file), hint: hint(field), file: item.file }));
    } else {
      seen.set(keyOf(item), item);
    }
  }
  return errors;
}

import path from 'node:path';
import { collectTerms, defaultTermLimits, type Entry, estimateReadTime, formatPostDate, type LoadedContent, locateFrontMatterField, type ModelOptions, mostUsedTerms, type OriginIndex, SiteError, SiteErrorList, type Term, type TermLimits } from 'sitegen/site';
import { siteErrors } from './errors.ts';
import { legalPlaceholderProblems } from './legal-placeholders.ts';
import { buildNavigation, type Navigation } from './navigation.ts';
import { applySiteOverrides, siteOverridesFromEnv } from './overrides.ts';
import { postSlug } from './schemas/blog.ts';
import type { GuideTopic, SiteData } from './schemas/schemas.ts';

// The validated site as templates and later steps see it: every dataset typed, posts with their
// date text and read time, and what the schemas alone cannot check (guide topics named
// elsewhere, slugs and topics used twice, placeholders of the legal pages).

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
  /** Former addresses, each redirected here. */
  aliases: string[];
  /** The post's own share picture (`/images/…`, PNG or JPEG) in place of its generated card. */
  socialImage?: string;
  socialImageAlt?: string;
  category: string;
  tags: string[];
  draft: boolean;
  body: string;
  bodyLine: number;
}

/** The blog's tags (alphabetical, as the SPEC lists them) and categories (in order of first use), each with its posts' slugs, newest first. */
export interface BlogTerms {
  tags: Term<string>[];
  categories: Term<string>[];
  /**
   * What the lists' sidebars show: the most used tags and categories (blog.json's
   * `termLists.shown`), in the same order; every one of them while there are no more.
   */
  shown: { tags: Term<string>[]; categories: Term<string>[] };
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
  /** Every tag and category with a page of its own. */
  terms: BlogTerms;
  guides: GuideArticle[];
  legal: LegalPage[];
  toolkit: { readme: string; rules: string };
  origins: OriginIndex;
  navigation: Navigation;
  /** The year the footer's copyright line gives: the build's, so a page's key changes with it. */
  year: number;
  /** The content the model was made from, for locating a field in an error. */
  content: LoadedContent;
}

/** The model of validated content; throws every problem the schemas could not see at once. */
export function buildSiteModel(content: LoadedContent, options: ModelOptions): SiteModel {
  const errors: SiteError[] = [];
  const declared = content.data.guides as SiteData['guides'];
  const topics = new Set(declared.map((guide) => guide.topic));
  const topicProblem = (topic: string) => `Invalid option: expected one of ${[...topics].map((t) => JSON.stringify(t)).join('|')}, got ${JSON.stringify(topic)}`;
  const blog = content.data.blog as SiteData['blog'];
  blog.post.guides.forEach((topic, index) => {
    if (!topics.has(topic)) errors.push(content.fieldError({ dataset: 'blog' }, ['post', 'guides', index], 'content.invalid-field', topicProblem(topic)));
  });
  for (const entry of content.collections.guides!) {
    const topic = String(entry.data.topic);
    if (!topics.has(topic)) errors.push(content.fieldError({ file: entry.file }, ['topic'], 'content.invalid-field', topicProblem(topic)));
  }
  const posts = content.collections.posts!.map((entry) => toPost(entry, blog.postDefaults));
  for (const entry of content.collections.posts!) {
    if (entry.data.slug === undefined && !postSlug.safeParse(entry.name).success) {
      errors.push(content.fieldError({ file: entry.file }, ['slug'], 'content.invalid-field', `the post has no slug, and its name "${entry.name}" is not lowercase words joined by hyphens`, 'Add `slug: my-post-name` to the front matter, or rename the file (or folder).'));
    }
  }
  const guides = content.collections.guides!.map((entry) => ({ ...(entry.data as Omit<GuideArticle, 'file' | 'body' | 'bodyLine'>), file: entry.file, body: entry.body, bodyLine: entry.bodyLine }));
  const legal = content.collections.legal!.map((entry) => ({ ...(entry.data as Omit<LegalPage, 'file' | 'body' | 'bodyLine'>), file: entry.file, body: entry.body, bodyLine: entry.bodyLine }));
  errors.push(...findDuplicates(posts, (post) => post.slug, 'content.duplicate-slug', 'slug', content));
  errors.push(...findDuplicates(guides, (guide) => guide.topic, 'content.duplicate-topic', 'topic', content));
  errors.push(...legalPlaceholderProblems(content.collections.legal!));
  const terms = blogTerms(posts, content, options.termLimits, blog.termLists.shown, errors);
  if (errors.length > 0) throw new SiteErrorList(errors);
  const texts = new Map(content.collections.toolkit!.map((entry) => [entry.file.slice(entry.file.lastIndexOf('/') + 1), entry.body]));
  const data = applySiteOverrides(content.data as SiteData, siteOverridesFromEnv(options.env), options.siteUrl);
  const model: Omit<SiteModel, 'navigation'> = {
    contentRoot: content.root,
    data,
    posts,
    terms,
    guides,
    legal,
    toolkit: { readme: texts.get('pom-readme.md') ?? '', rules: texts.get('cursor-rules.md') ?? '' },
    origins: content.origins,
    year: (options.now ?? new Date()).getUTCFullYear(),
    content,
  };
  return { ...model, navigation: buildNavigation(model) };
}

/**
 * The tags and categories, each given a page: two names that would share its address
 * ("CI/CD" and "CI-CD"), or a name with no letter or digit to make one from, are errors at the
 * front matter of the posts that write them.
 */
function blogTerms(posts: Post[], content: LoadedContent, limits: TermLimits | undefined, shown: number, errors: SiteError[]): BlogTerms {
  const bySlug = <T extends { slug: string }>(entries: T[]) => entries.map((entry) => entry.slug);
  const taxonomies = {
    tags: collectTerms(posts, (post) => post.tags, limits),
    categories: collectTerms(posts, (post) => [post.category], limits),
  };
  const { hint } = siteErrors['content.too-many-terms'];
  for (const [field, { overflows }] of Object.entries(taxonomies)) {
    for (const overflow of overflows) {
      const what = field === 'tags' ? 'tags' : 'categories';
      if (overflow.limit === 'perEntry') {
        errors.push(content.fieldError({ file: overflow.entry.file }, ['tags'], 'content.too-many-terms', `tags: the post has ${overflow.count} tags, more than the ${limits?.perEntry ?? defaultTermLimits.perEntry} a post may carry`, hint));
      } else {
        const path = field === 'tags' ? ['tags', overflow.entry.tags.indexOf(overflow.name)] : ['category'];
        const limit = (limits?.perSite ?? defaultTermLimits.perSite).toLocaleString('en-US');
        errors.push(content.fieldError({ file: overflow.entry.file }, path, 'content.too-many-terms', `${field === 'tags' ? 'Tag' : 'Category'} “${overflow.name}” is one more than the ${limit} ${what} the blog may have`, hint));
      }
    }
  }
  for (const [field, { clashes }] of Object.entries(taxonomies)) {
    for (const clash of clashes) {
      for (const { name, first } of clash.names) {
        const path = field === 'tags' ? ['tags', first.tags.indexOf(name)] : ['category'];
        const others = clash.names.filter((other) => other.name !== name).map((other) => `“${other.name}” (${other.first.file.slice(content.root.length + 1)})`);
        const message = clash.slug === ''
          ? `${field === 'tags' ? 'Tag' : 'Category'} “${name}” has no letter or digit to make the address of its page from`
          : `${field === 'tags' ? 'Tag' : 'Category'} “${name}” would share the address …/${clash.slug} with ${others.join(', ')}`;
        errors.push(content.fieldError({ file: first.file }, path, 'content.term-clash', message, siteErrors['content.term-clash'].hint));
      }
    }
  }
  const terms = (found: typeof taxonomies.tags) => found.terms.map((term) => ({ ...term, items: bySlug(term.items) }));
  const tags = terms(taxonomies.tags).sort((a, b) => a.name.localeCompare(b.name));
  const categories = terms(taxonomies.categories);
  return { tags, categories, shown: { tags: mostUsedTerms(tags, shown), categories: mostUsedTerms(categories, shown) } };
}

/** A post's slug: its front matter's, or the name of its file (or of its bundle's folder). */
export function postSlugOf(entry: Entry): string {
  return typeof entry.data.slug === 'string' ? entry.data.slug : entry.name;
}

/**
 * A post as the templates show it: its date as text, its read time estimated when the front
 * matter gives none, and what the front matter leaves out taken from blog.json's `postDefaults`.
 */
function toPost(entry: Entry, defaults: SiteData['blog']['postDefaults']): Post {
  const fm = entry.data as Partial<Omit<Post, 'file' | 'date' | 'dateText' | 'draft' | 'body' | 'bodyLine'>> & { title: string; excerpt: string };
  return {
    file: entry.file,
    slug: postSlugOf(entry),
    title: fm.title,
    excerpt: fm.excerpt,
    date: entry.date!,
    dateText: formatPostDate(entry.date!),
    readTime: fm.readTime ?? estimateReadTime(entry.body),
    image: fm.image ?? defaults.image,
    imageAlt: fm.image === undefined ? defaults.imageAlt : fm.imageAlt ?? '',
    socialImage: fm.socialImage,
    socialImageAlt: fm.socialImageAlt,
    category: fm.category ?? defaults.category,
    tags: fm.tags ?? [],
    aliases: fm.aliases ?? [],
    draft: entry.draft ?? false,
    body: entry.body,
    bodyLine: entry.bodyLine,
  };
}

/**
 * The second of two entries with one key, at the line of the field in its front matter (or line 1
 * when its file name gives the key), naming the first file at its line: an author sees both places.
 */
function findDuplicates<T extends { file: string }>(
  items: T[], keyOf: (item: T) => string, code: 'content.duplicate-slug' | 'content.duplicate-topic', field: string, content: LoadedContent,
): SiteError[] {
  const frontMatterOf = new Map(Object.values(content.collections).flat().map((entry) => [entry.file, entry.frontMatterText]));
  const lineOf = (file: string) => locateFrontMatterField(frontMatterOf.get(file) ?? '', field);
  const seen = new Map<string, T>();
  const errors: SiteError[] = [];
  for (const item of items) {
    const first = seen.get(keyOf(item));
    if (first) {
      const { message, hint } = siteErrors[code];
      errors.push(new SiteError({ code, message: message(field, keyOf(item), `${shownPath(first.file)}:${lineOf(first.file)}`), hint: hint(field), file: item.file, line: lineOf(item.file) }));
    } else {
      seen.set(keyOf(item), item);
    }
  }
  return errors;
}

/** A file as the error rows name it: from the folder the command runs in, when it is inside it. */
function shownPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
}

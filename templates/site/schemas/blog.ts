import { z } from 'zod';
import { imagePath, lineText, link, meta, text, textWith } from './fields.ts';
import { declaredTopic } from './guides.ts';

/** content/data/blog.json; the site's model checks that guides.json declares each guide its post sidebar lists. */
export const blogSchema = z.object({
  meta,
  heading: text,
  intro: text,
  featuredHeading: text,
  allPostsHeading: text,
  searchLabel: text,
  searchPlaceholder: text,
  clearLabel: text,
  categoriesHeading: text,
  allCategories: text,
  tagsHeading: text,
  allTags: text,
  empty: text,
  clearFilters: text,
  results: z.object({
    posts: z.object({ none: textWith('count', { optional: true }), one: textWith('count', { optional: true }), other: textWith('count') }).strict(),
    query: z.object({ one: textWith('query'), other: textWith('query') }).strict(),
    category: textWith('category'),
    tag: textWith('tag'),
    all: textWith('count'),
  }).strict(),
  readMore: text,
  readMoreContext: textWith('title'),
  post: z.object({
    backLabel: text,
    guidesHeading: text,
    guides: z.array(declaredTopic).min(1),
    tagsHeading: text,
    titleSuffix: text,
  }).strict(),
  notFound: z.object({ title: text, text, button: link }).strict(),
}).strict();


/** Longest post title, excerpt, category or tag, and slug (it names a file and a folder of the output). */
export const postFieldLimits = { title: 250, excerpt: 500, category: 60, tag: 60, slug: 100 } as const;

/** Front matter of a post in content/posts. */
export const postFrontMatterSchema = z.object({
  title: lineText(postFieldLimits.title),
  slug: z.string().max(postFieldLimits.slug, `expected at most ${postFieldLimits.slug} characters`).regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'expected lowercase words joined by hyphens'),
  excerpt: lineText(postFieldLimits.excerpt),
  date: z.union([z.date(), z.string()]),
  readTime: z.string().regex(/^\d+ min read$/, 'expected text such as "6 min read"').optional(),
  image: imagePath,
  imageAlt: z.string(),
  /** The picture social sites show for the post instead of its generated card: a PNG or JPEG in content/images. */
  socialImage: imagePath.optional(),
  /** What the social image shows, for people who cannot see it; required with `socialImage`. */
  socialImageAlt: lineText(postFieldLimits.excerpt).optional(),
  category: lineText(postFieldLimits.category),
  tags: z.array(lineText(postFieldLimits.tag), { error: 'expected a list of strings' }).min(1),
  draft: z.boolean().optional(),
}).strict();

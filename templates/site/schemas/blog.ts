import { z } from 'zod';
import { imageRef, redirectSource } from 'sitegen/site';
import { imagePath, lineText, link, meta, text, textWith } from './fields.ts';
import { declaredTopic } from './guides.ts';
import { personId } from './people.ts';

/** The page of one tag or category: its title, description, heading and feed, each naming the term. */
function termPage(name: string) {
  return z
    .object({
      title: textWith(name),
      description: textWith(name),
      heading: textWith(name),
      /**
       * How many posts the term has, under the heading that already names it: `{count}`, and the
       * term only where the words need it.
       */
      count: z
        .object({
          one: textWith(name, { optional: true }),
          other: textWith([name, 'count'], { optional: true }).refine(
            (value) => value.includes('{count}'),
            'expected the placeholder {count}',
          ),
        })
        .strict(),
      feedTitle: textWith(name),
    })
    .strict();
}

/** The page listing every tag or every category: its words, each naming how many there are. */
function termListPage() {
  return z
    .object({
      title: text,
      description: text,
      heading: text,
      /** How many there are: `{count}`. */
      count: z.object({ one: text, other: textWith('count') }).strict(),
      /** The sidebar's link to the page, after the most used ones: `{count}`. */
      seeAll: textWith('count'),
    })
    .strict();
}

/** content/data/blog.json; the site's model checks that guides.json declares each guide its post sidebar lists. */
export const blogSchema = z
  .object({
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
    results: z
      .object({
        posts: z
          .object({
            none: textWith('count', { optional: true }),
            one: textWith('count', { optional: true }),
            other: textWith('count'),
          })
          .strict(),
        query: z.object({ one: textWith('query'), other: textWith('query') }).strict(),
        category: textWith('category'),
        tag: textWith('tag'),
        all: textWith('count'),
      })
      .strict(),
    readMore: text,
    readMoreContext: textWith('title'),
    /** Posts on each page of the blog's list and of each tag's and category's page. */
    pageSize: z.number().int().min(1).max(100).default(12),
    pager: z
      .object({
        /** The accessible name of the pager's navigation. */
        label: text,
        previous: text,
        next: text,
        /** A page link's accessible name. */
        page: textWith('page'),
        /** A later page's title and heading: the list's title and the page. */
        pageTitle: textWith(['title', 'page', 'count']),
      })
      .strict(),
    /** An author's page (`/blog/authors/{id}`): its title and description name the person, its heading leads their posts. */
    authorPage: z
      .object({
        title: textWith('name'),
        description: textWith(['name', 'role']),
        heading: textWith('name'),
        count: z.object({ one: text, other: textWith('count') }).strict(),
      })
      .strict(),
    tagPage: termPage('tag'),
    categoryPage: termPage('category'),
    /**
     * The blog's tags and categories beside its lists: the `shown` most used of each (all of them
     * while there are no more), then a link to a page listing every one, `pageSize` to a page.
     */
    termLists: z
      .object({
        shown: z.number().int().min(1).max(200).default(40),
        pageSize: z.number().int().min(1).max(1000).default(200),
        tag: termListPage(),
        category: termListPage(),
      })
      .strict(),
    /** The visible link to a tag's or category's RSS feed. */
    feedLink: text,
    /** Filtering searches every post, fetched when the visitor first filters: while they load, and if they cannot. */
    loading: text,
    loadFailed: text,
    retry: text,
    /** Filter results show a page's worth at a time. */
    showMore: text,
    post: z
      .object({
        backLabel: text,
        guidesHeading: text,
        guides: z.array(declaredTopic).min(1),
        tagsHeading: text,
        titleSuffix: text,
      })
      .strict(),
    notFound: z.object({ title: text, text, button: link }).strict(),
    /** What a post shows when its front matter leaves these out: its card is never without a picture. */
    postDefaults: z
      .object({
        image: imagePath,
        imageAlt: text,
        category: lineText(60),
        /** The author of a post whose front matter names none (a person of people.json); without it such a post shows no author. */
        author: personId.optional(),
      })
      .strict(),
  })
  .strict();

/** Longest post title, excerpt, category or tag, and slug (it names a file and a folder of the output). */
export const postFieldLimits = { title: 250, excerpt: 500, category: 60, tag: 60, slug: 100 } as const;

/** A post's slug: it names a file and a folder of the output. */
export const postSlug = z
  .string()
  .max(postFieldLimits.slug, `expected at most ${postFieldLimits.slug} characters`)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'expected lowercase words joined by hyphens');

/**
 * Front matter of a post in content/posts (a file, or a page bundle's index.md). Required: a
 * title, an excerpt and a date. The slug defaults to the file's (or the bundle folder's) name;
 * the image, its alt text and the category to blog.json's `postDefaults`; the tags to none.
 */
export const postFrontMatterSchema = z
  .object({
    title: lineText(postFieldLimits.title),
    slug: postSlug.optional(),
    excerpt: lineText(postFieldLimits.excerpt),
    date: z.union([z.date(), z.string()]),
    readTime: z
      .string()
      .regex(/^\d+ min read$/, 'expected text such as "6 min read"')
      .optional(),
    /** The post's cover: /images/… or, in a page bundle, an image beside it (cover.png). */
    image: imageRef.optional(),
    /** What the image shows; required with `image`. */
    imageAlt: z.string().optional(),
    /** The picture social sites show for the post instead of its generated card: a PNG or JPEG in content/images. */
    socialImage: imagePath.optional(),
    /** What the social image shows, for people who cannot see it; required with `socialImage`. */
    socialImageAlt: lineText(postFieldLimits.excerpt).optional(),
    category: lineText(postFieldLimits.category).optional(),
    /** Who wrote it: a person of content/data/people.json, by id. By default blog.json's `postDefaults.author`. */
    author: personId.optional(),
    tags: z.array(lineText(postFieldLimits.tag), { error: 'expected a list of strings' }).optional(),
    /** The post's former addresses (another generator's, say): each redirects to the post. */
    aliases: z.array(redirectSource, { error: 'expected a list of site paths such as /2019/05/old-post/' }).optional(),
    draft: z.boolean().optional(),
  })
  .strict()
  .superRefine((post, context) => {
    if (post.image !== undefined && post.imageAlt === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['image'],
        message: 'expected imageAlt beside image: say what the image shows',
        input: post.image,
      });
    }
  });

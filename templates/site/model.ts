import path from 'node:path';
import {
  collectTerms,
  defaultTermLimits,
  type Entry,
  estimateReadTime,
  formatPostDate,
  type LoadedContent,
  locateFrontMatterField,
  type ModelOptions,
  mostUsedTerms,
  type OriginIndex,
  SiteError,
  SiteErrorList,
  type Term,
  type TermLimits,
} from 'sitegen/site';
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
  /** The id of the person who wrote it (content/data/people.json), when the post or blog.json names one. */
  author?: string;
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

/** A person of content/data/people.json. */
export type Person = SiteData['people'][number];

/** The validated site: every dataset typed, posts filtered and sorted newest first. */
export interface SiteModel {
  contentRoot: string;
  data: SiteData;
  posts: Post[];
  /** content/data/people.json by id. */
  people: Map<string, Person>;
  /** Each author's posts (slugs, newest first), in the order people.json lists the authors. */
  authors: { id: string; posts: string[] }[];
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
  const topicProblem = (topic: string) =>
    `Invalid option: expected one of ${[...topics].map((t) => JSON.stringify(t)).join('|')}, got ${JSON.stringify(topic)}`;
  const blog = content.data.blog as SiteData['blog'];
  blog.post.guides.forEach((topic, index) => {
    if (!topics.has(topic))
      errors.push(
        content.fieldError(
          { dataset: 'blog' },
          ['post', 'guides', index],
          'content.invalid-field',
          topicProblem(topic),
        ),
      );
  });
  for (const entry of content.collections.guides!) {
    const topic = String(entry.data.topic);
    if (!topics.has(topic))
      errors.push(content.fieldError({ file: entry.file }, ['topic'], 'content.invalid-field', topicProblem(topic)));
  }
  const posts = content.collections.posts!.map((entry) => toPost(entry, blog.postDefaults));
  for (const entry of content.collections.posts!) {
    if (entry.data.slug === undefined && !postSlug.safeParse(entry.name).success) {
      errors.push(
        content.fieldError(
          { file: entry.file },
          ['slug'],
          'content.invalid-field',
          `the post has no slug, and its name "${entry.name}" is not lowercase words joined by hyphens`,
          'Add `slug: my-post-name` to the front matter, or rename the file (or folder).',
        ),
      );
    }
  }
  const guides = content.collections.guides!.map((entry) => ({
    ...(entry.data as Omit<GuideArticle, 'file' | 'body' | 'bodyLine'>),
    file: entry.file,
    body: entry.body,
    bodyLine: entry.bodyLine,
  }));
  const legal = content.collections.legal!.map((entry) => ({
    ...(entry.data as Omit<LegalPage, 'file' | 'body' | 'bodyLine'>),
    file: entry.file,
    body: entry.body,
    bodyLine: entry.bodyLine,
  }));
  errors.push(...findDuplicates(posts, (post) => post.slug, 'content.duplicate-slug', 'slug', content));
  errors.push(...findDuplicates(guides, (guide) => guide.topic, 'content.duplicate-topic', 'topic', content));
  errors.push(...legalPlaceholderProblems(content.collections.legal!));
  const terms = blogTerms(posts, content, options.termLimits, blog.termLists.shown, errors);
  const people = peopleOf(content, errors);
  errors.push(...storyProblems(content), ...offerProblems(content));
  if (errors.length > 0) throw new SiteErrorList(errors);
  const texts = new Map(
    content.collections.toolkit!.map((entry) => [entry.file.slice(entry.file.lastIndexOf('/') + 1), entry.body]),
  );
  const data = applySiteOverrides(content.data as SiteData, siteOverridesFromEnv(options.env), options.siteUrl);
  const model: Omit<SiteModel, 'navigation'> = {
    contentRoot: content.root,
    data,
    posts,
    people,
    authors: authorsOf(people, posts),
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
function blogTerms(
  posts: Post[],
  content: LoadedContent,
  limits: TermLimits | undefined,
  shown: number,
  errors: SiteError[],
): BlogTerms {
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
        errors.push(
          content.fieldError(
            { file: overflow.entry.file },
            ['tags'],
            'content.too-many-terms',
            `tags: the post has ${overflow.count} tags, more than the ${limits?.perEntry ?? defaultTermLimits.perEntry} a post may carry`,
            hint,
          ),
        );
      } else {
        const path = field === 'tags' ? ['tags', overflow.entry.tags.indexOf(overflow.name)] : ['category'];
        const limit = (limits?.perSite ?? defaultTermLimits.perSite).toLocaleString('en-US');
        errors.push(
          content.fieldError(
            { file: overflow.entry.file },
            path,
            'content.too-many-terms',
            `${field === 'tags' ? 'Tag' : 'Category'} “${overflow.name}” is one more than the ${limit} ${what} the blog may have`,
            hint,
          ),
        );
      }
    }
  }
  for (const [field, { clashes }] of Object.entries(taxonomies)) {
    for (const clash of clashes) {
      for (const { name, first } of clash.names) {
        const path = field === 'tags' ? ['tags', first.tags.indexOf(name)] : ['category'];
        const others = clash.names
          .filter((other) => other.name !== name)
          .map((other) => `“${other.name}” (${other.first.file.slice(content.root.length + 1)})`);
        const message =
          clash.slug === ''
            ? `${field === 'tags' ? 'Tag' : 'Category'} “${name}” has no letter or digit to make the address of its page from`
            : `${field === 'tags' ? 'Tag' : 'Category'} “${name}” would share the address …/${clash.slug} with ${others.join(', ')}`;
        errors.push(
          content.fieldError(
            { file: first.file },
            path,
            'content.term-clash',
            message,
            siteErrors['content.term-clash'].hint,
          ),
        );
      }
    }
  }
  const terms = (found: typeof taxonomies.tags) => found.terms.map((term) => ({ ...term, items: bySlug(term.items) }));
  const tags = terms(taxonomies.tags).sort((a, b) => a.name.localeCompare(b.name));
  const categories = terms(taxonomies.categories);
  return {
    tags,
    categories,
    shown: { tags: mostUsedTerms(tags, shown), categories: mostUsedTerms(categories, shown) },
  };
}

/**
 * The people of people.json by id. An id used twice is an error at the second; so is an `author`
 * (of a post, or blog.json's default) or a member of /humans' team that names no one, each where
 * it is written.
 */
function peopleOf(content: LoadedContent, errors: SiteError[]): Map<string, Person> {
  const list = content.data.people as SiteData['people'];
  const people = new Map<string, Person>();
  list.forEach((person, index) => {
    if (people.has(person.id))
      errors.push(
        content.fieldError(
          { dataset: 'people' },
          [index, 'id'],
          'content.invalid-field',
          `id "${person.id}" is another person's too: each person needs an id of their own`,
        ),
      );
    else people.set(person.id, person);
  });
  const known = [...people.keys()].map((id) => JSON.stringify(id)).join('|');
  const unknown = (id: string) =>
    `Invalid option: expected a person of content/data/people.json (${known}), got ${JSON.stringify(id)}`;
  const fallback = (content.data.blog as SiteData['blog']).postDefaults.author;
  if (fallback !== undefined && !people.has(fallback))
    errors.push(
      content.fieldError({ dataset: 'blog' }, ['postDefaults', 'author'], 'content.invalid-field', unknown(fallback)),
    );
  for (const entry of content.collections.posts!) {
    const written = (entry.data as { author?: string }).author;
    if (written !== undefined && !people.has(written))
      errors.push(content.fieldError({ file: entry.file }, ['author'], 'content.invalid-field', unknown(written)));
  }
  const artefacts = content.data.artefacts as SiteData['artefacts'];
  for (const name of ['bugReport', 'ciRun'] as const) {
    const { reviewer } = artefacts[name].review;
    if (!people.has(reviewer))
      errors.push(
        content.fieldError(
          { dataset: 'artefacts' },
          [name, 'review', 'reviewer'],
          'content.invalid-field',
          unknown(reviewer),
        ),
      );
  }
  const humans = content.data.humans as SiteData['humans'];
  humans.team.people.forEach((id, index) => {
    if (!people.has(id))
      errors.push(
        content.fieldError({ dataset: 'humans' }, ['team', 'people', index], 'content.invalid-field', unknown(id)),
      );
  });
  if (!humans.sections.some((section) => section.id === humans.team.section)) {
    errors.push(
      content.fieldError(
        { dataset: 'humans' },
        ['team', 'section'],
        'content.invalid-field',
        `Invalid option: expected the id of a section of this page (${humans.sections.map((section) => JSON.stringify(section.id ?? '')).join('|')}), got ${JSON.stringify(humans.team.section)}`,
      ),
    );
  }
  return people;
}

/**
 * What names a case study (the home video's `story`, a hero's proof card) names one of
 * case-studies.json, and a proof card's `metric` one of its figures.
 */
function storyProblems(content: LoadedContent): SiteError[] {
  const data = content.data as SiteData;
  const studies = data['case-studies'].studies;
  const errors: SiteError[] = [];
  const check = (dataset: string, path: (string | number)[], id: string, metric?: number) => {
    const study = studies.find((candidate) => candidate.id === id);
    if (!study)
      errors.push(
        content.fieldError(
          { dataset },
          path,
          'content.invalid-field',
          `Invalid option: expected the id of a case study (${studies.map((s) => JSON.stringify(s.id)).join('|')}), got ${JSON.stringify(id)}`,
        ),
      );
    else if (metric !== undefined && metric >= study.metrics.length)
      errors.push(
        content.fieldError(
          { dataset },
          [...path.slice(0, -1), 'metric'],
          'content.invalid-field',
          `Too big: ${study.company} has ${study.metrics.length} figures, numbered from 0; got ${metric}`,
        ),
      );
  };
  check('home', ['customerVideo', 'story'], data.home.customerVideo.story);
  const asides: [string, (string | number)[], SiteData['humans']['hero']['aside']][] = [
    ...data.audiences.map((audience, index): [string, (string | number)[], SiteData['humans']['hero']['aside']] => [
      'audiences',
      [index, 'hero', 'aside'],
      audience.hero.aside,
    ]),
    ['humans', ['hero', 'aside'], data.humans.hero.aside],
    ['toolkit', ['hero', 'aside'], data.toolkit.hero.aside],
    ['case-studies', ['hero', 'aside'], data['case-studies'].hero.aside],
  ];
  for (const [dataset, path, aside] of asides)
    if (aside && 'proof' in aside) check(dataset, [...path, 'proof'], aside.proof, aside.metric);
  return errors;
}

/** An offer of /getting-started that picks an interest picks one the consultation form offers (forms.json). */
function offerProblems(content: LoadedContent): SiteError[] {
  const data = content.data as SiteData;
  const { options } = data.forms.consultation.interest;
  return data['getting-started'].form.offers.flatMap((offer, index) =>
    offer.interest === undefined || options.includes(offer.interest)
      ? []
      : [
          content.fieldError(
            { dataset: 'getting-started' },
            ['form', 'offers', index, 'interest'],
            'content.invalid-field',
            `Invalid option: expected one of the consultation form's interests (${options.map((option) => JSON.stringify(option)).join('|')}), got ${JSON.stringify(offer.interest)}`,
          ),
        ],
  );
}

/** Each person who wrote a post, with their posts' slugs (newest first, as `posts` are), in people.json's order. */
function authorsOf(people: Map<string, Person>, posts: Post[]): SiteModel['authors'] {
  const byAuthor = new Map<string, string[]>([...people.keys()].map((id) => [id, []]));
  for (const post of posts) if (post.author !== undefined) byAuthor.get(post.author)?.push(post.slug);
  return [...byAuthor].filter(([, slugs]) => slugs.length > 0).map(([id, slugs]) => ({ id, posts: slugs }));
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
  const fm = entry.data as Partial<Omit<Post, 'file' | 'date' | 'dateText' | 'draft' | 'body' | 'bodyLine'>> & {
    title: string;
    excerpt: string;
  };
  return {
    file: entry.file,
    slug: postSlugOf(entry),
    title: fm.title,
    excerpt: fm.excerpt,
    date: entry.date!,
    dateText: formatPostDate(entry.date!),
    readTime: fm.readTime ?? estimateReadTime(entry.body),
    image: fm.image ?? defaults.image,
    imageAlt: fm.image === undefined ? defaults.imageAlt : (fm.imageAlt ?? ''),
    socialImage: fm.socialImage,
    socialImageAlt: fm.socialImageAlt,
    category: fm.category ?? defaults.category,
    tags: fm.tags ?? [],
    ...((fm.author ?? defaults.author) !== undefined ? { author: fm.author ?? defaults.author } : {}),
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
  items: T[],
  keyOf: (item: T) => string,
  code: 'content.duplicate-slug' | 'content.duplicate-topic',
  field: string,
  content: LoadedContent,
): SiteError[] {
  const frontMatterOf = new Map(
    Object.values(content.collections)
      .flat()
      .map((entry) => [entry.file, entry.frontMatterText]),
  );
  const lineOf = (file: string) => locateFrontMatterField(frontMatterOf.get(file) ?? '', field);
  const seen = new Map<string, T>();
  const errors: SiteError[] = [];
  for (const item of items) {
    const first = seen.get(keyOf(item));
    if (first) {
      const { message, hint } = siteErrors[code];
      errors.push(
        new SiteError({
          code,
          message: message(field, keyOf(item), `${shownPath(first.file)}:${lineOf(first.file)}`),
          hint: hint(field),
          file: item.file,
          line: lineOf(item.file),
        }),
      );
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

import { z } from 'zod';

/** Names of the icons templates/components/Icon.tsx can draw. */
export const iconNames = [
  'bot', 'database', 'cursor', 'bug', 'zap', 'rocket', 'layers', 'puzzle', 'building', 'shield',
  'clock', 'chart', 'users', 'check', 'target', 'code', 'search', 'brain', 'heart', 'flag',
  'compass', 'refresh', 'workflow', 'book', 'message', 'star', 'award', 'lock', 'globe', 'trending',
] as const;

const text = z.string().trim().min(1, 'expected a non-empty string');
const icon = z.enum(iconNames);
/** A site path such as `/guides/playwright` or `/#pricing`, or an in-page `#anchor`. */
const href = z.string().regex(/^(\/|#)/, 'expected a site path starting with "/" or "#"');
/** An image shipped in content/images, referenced by its public path. */
const imagePath = z.string().regex(/^\/images\/[\w./-]+\.(svg|png|jpg|jpeg|webp|avif)$/, 'expected a path like /images/name.svg');
const externalUrl = z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' });

export const link = z.object({ text, href }).strict();
const meta = z.object({ title: text, description: text }).strict();
const item = z.object({ title: text, description: text, icon: icon.optional() }).strict();
const image = z.object({ src: imagePath, alt: z.string(), width: z.number().int().positive(), height: z.number().int().positive() }).strict();

/** A block of a content page: a heading, optional intro and items laid out one of several ways. */
export const section = z.object({
  id: z.string().regex(/^[a-z][a-z0-9-]*$/, 'expected a lowercase id').optional(),
  layout: z.enum(['cards', 'checklist', 'steps', 'split']),
  eyebrow: text.optional(),
  heading: text,
  intro: text.optional(),
  items: z.array(item).min(1),
  cta: link.optional(),
}).strict();

export const siteSchema = z.object({
  brand: text,
  description: text,
  siteUrl: externalUrl,
  locale: text,
  chatPersonaUrl: externalUrl,
  schedulingUrl: externalUrl,
  formWebhookUrl: externalUrl,
  recaptcha: z.object({ siteKey: text, enterprise: z.boolean() }).strict(),
  footerTagline: text,
  copyright: text,
  socialImage: imagePath,
}).strict();

const menu = z.object({
  id: z.enum(['services', 'guides']),
  label: text,
  /** Where the menu's overview link goes; on the home page it scrolls to that section. */
  anchor: href,
  overviewLabel: text,
}).strict();

export const navigationSchema = z.object({
  header: z.object({
    menus: z.array(menu).length(2),
    links: z.array(link).min(1),
    cta: link,
    openMenuLabel: text,
    closeMenuLabel: text,
  }).strict(),
  footer: z.object({
    servicesTitle: text,
    columns: z.array(z.object({ title: text, links: z.array(link).min(1) }).strict()).min(1),
    social: z.array(text).min(1),
    newsletter: z.object({ label: text, placeholder: text, buttonLabel: text }).strict(),
  }).strict(),
}).strict();

export const redirectsSchema = z.array(z.object({
  from: z.string().regex(/^\/[\w/-]*$/, 'expected a site path such as /old-page'),
  to: href,
}).strict());

const plan = z.object({
  name: text,
  price: text,
  hoursPerWeek: z.number().int().positive(),
  description: text,
  features: z.array(text).min(1),
  popular: z.boolean(),
  cta: link,
}).strict();

export const homeSchema = z.object({
  meta,
  hero: z.object({
    eyebrow: text,
    headline: text,
    subheadline: text,
    claim: text,
    primaryCta: link,
    askAiLabel: text,
    featuresId: z.string(),
    features: z.array(item.extend({ href })).length(4),
    serviceItemsHeading: text,
    serviceItems: z.array(item.extend({ icon })).min(1),
  }).strict(),
  services: z.object({
    id: z.string(),
    heading: text,
    intro: text,
    learnMoreLabel: text,
    cards: z.array(z.object({ id: text, title: text, description: text, icon, image, href }).strict()).length(4),
  }).strict(),
  benefits: z.object({ id: z.string(), heading: text, intro: text, items: z.array(item.extend({ icon })).length(6) }).strict(),
  pricing: z.object({ id: z.string(), heading: text, intro: text, popularLabel: text, hoursSuffix: text, plans: z.array(plan).length(2) }).strict(),
  testimonials: z.object({
    id: z.string(),
    heading: text,
    intro: text,
    watchLabel: text,
    previousLabel: text,
    nextLabel: text,
    caseStudiesLink: link,
  }).strict(),
  closingCta: z.object({ heading: text, text, primary: link, secondary: link }).strict(),
  customerVideo: z.object({ heading: text, text, title: text, videoUrl: externalUrl }).strict(),
}).strict();

const person = {
  id: z.string().regex(/^[a-z0-9-]+$/, 'expected a lowercase id'),
  quote: text,
  company: text,
  logo: imagePath,
  name: text,
  title: text,
  videoUrl: externalUrl,
};

export const testimonialsSchema = z.array(z.object(person).strict()).length(8);

export const caseStudiesSchema = z.object({
  meta,
  hero: z.object({ eyebrow: text, headline: text, text }).strict(),
  stats: z.array(z.object({ value: text, label: text }).strict()).length(3),
  gridHeading: text,
  watchLabel: text,
  playLabel: text,
  closeLabel: text,
  promo: z.object({ heading: text, text, cta: link }).strict(),
  closing: z.object({ heading: text, text, primary: link, secondary: link }).strict(),
  studies: z.array(z.object({ ...person, thumbnail: imagePath }).strict()).length(8),
}).strict();

const button = link;

export const audiencesSchema = z.array(z.object({
  slug: z.string().regex(/^[a-z][a-z-]*$/, 'expected a lowercase slug'),
  navTitle: text,
  navSummary: text,
  icon,
  meta,
  hero: z.object({ eyebrow: text, headline: text, text, primary: button, secondary: button }).strict(),
  sections: z.array(section).min(3),
  closing: z.object({ heading: text, text, primary: button, secondary: button }).strict(),
}).strict()).length(4);

export const guidesSchema = z.array(z.object({
  topic: z.enum(['playwright', 'test-data', 'cursor-usage', 'bug-documentation', 'productivity']),
  name: text,
  navSummary: text,
  icon,
  guideName: text,
  overview: z.object({
    meta,
    backLabel: text,
    badge: text,
    headline: text,
    intro: text,
    scrollLabel: text,
    featuresHeading: text,
    features: z.array(item).min(3),
    formHeading: text,
    formIntro: text,
  }).strict(),
  articleBackLabel: text,
}).strict()).length(5);

export const pageSchema = z.object({
  meta,
  hero: z.object({ eyebrow: text, headline: text, text, cta: link }).strict(),
  sections: z.array(section).min(1),
  closing: z.object({ heading: text, text, primary: button }).strict().optional(),
}).strict();

export const gettingStartedSchema = pageSchema.extend({
  form: z.object({ id: z.literal('contact-form'), heading: text, intro: text }).strict(),
}).strict();

export const toolkitSchema = z.object({
  meta,
  hero: z.object({ eyebrow: text, headline: text, text }).strict(),
  featuresHeading: text,
  features: z.array(item).min(1),
  form: z.object({ heading: text, intro: text }).strict(),
  unlocked: z.object({ heading: text, readmeTitle: text, rulesTitle: text, copyLabel: text, copiedLabel: text }).strict(),
  workshop: z.object({ heading: text, text, cta: link }).strict(),
}).strict();

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
  readMore: text,
  post: z.object({
    backLabel: text,
    guidesHeading: text,
    guides: z.array(z.enum(['playwright', 'test-data', 'cursor-usage', 'bug-documentation', 'productivity'])).length(5),
    tagsHeading: text,
    titleSuffix: text,
  }).strict(),
  notFound: z.object({ title: text, text, button: link }).strict(),
}).strict();

const field = z.object({ label: text, placeholder: z.string() }).strict();

export const formsSchema = z.object({
  submitting: text,
  required: text,
  captcha: z.object({ required: text, error: text, expired: text, label: text }).strict(),
  failure: text,
  consultation: z.object({
    name: field, email: field, company: field, message: field,
    interest: z.object({ label: text, placeholder: text, options: z.array(text).length(3) }).strict(),
    submit: text,
  }).strict(),
  guide: z.object({ name: field, email: field, company: field, submit: text }).strict(),
  toolkit: z.object({ name: field, email: field, organization: field, submit: text, fixedGuideName: text }).strict(),
}).strict();

export const uiSchema = z.object({
  skipToContent: text,
  askUsAnything: text,
  newTabNote: text,
  notFound: z.object({ metaTitle: text, title: text, text, linksHeading: text, links: z.array(link).min(1) }).strict(),
  islandFallback: text,
  /** Label before a legal page's date: 'Last updated'. */
  lastUpdated: text,
  tableOfContents: text,
  filterPostsLabel: text,
  tagsLabel: text,
  statsLabel: text,
  redirect: z.object({ title: text, text: text }).strict(),
}).strict();

export const postFrontMatterSchema = z.object({
  title: text,
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'expected lowercase words joined by hyphens'),
  excerpt: text,
  date: z.union([z.date(), z.string()]),
  readTime: z.string().regex(/^\d+ min read$/, 'expected text such as "6 min read"').optional(),
  image: imagePath,
  imageAlt: z.string(),
  category: text,
  tags: z.array(text, { error: 'expected a list of strings' }).min(1),
  draft: z.boolean().optional(),
}).strict();

export const guideArticleFrontMatterSchema = z.object({
  topic: z.enum(['playwright', 'test-data', 'cursor-usage', 'bug-documentation', 'productivity']),
  title: text,
  description: text,
}).strict();

export const legalFrontMatterSchema = z.object({
  slug: z.enum(['terms', 'privacy']),
  title: text,
  description: text,
  lastUpdated: text,
}).strict();

/** Every JSON dataset the site needs, by file name in content/data. */
export const dataSchemas = {
  site: siteSchema,
  navigation: navigationSchema,
  redirects: redirectsSchema,
  home: homeSchema,
  testimonials: testimonialsSchema,
  'case-studies': caseStudiesSchema,
  audiences: audiencesSchema,
  guides: guidesSchema,
  humans: pageSchema,
  'getting-started': gettingStartedSchema,
  toolkit: toolkitSchema,
  blog: blogSchema,
  forms: formsSchema,
  ui: uiSchema,
} as const;

export type DataName = keyof typeof dataSchemas;
export type SiteData = { [K in DataName]: z.infer<(typeof dataSchemas)[K]> };
export type Link = z.infer<typeof link>;
export type Section = z.infer<typeof section>;
export type IconName = (typeof iconNames)[number];
export type GuideTopic = z.infer<typeof guideArticleFrontMatterSchema>['topic'];

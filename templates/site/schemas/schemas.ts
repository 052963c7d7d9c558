import type { z } from 'zod';
import { blogSchema } from './blog.ts';
import { caseStudiesSchema, testimonialsSchema } from './customer-stories.ts';
import { iconNames, type link, type section } from './fields.ts';
import { guidesSchema } from './guides.ts';
import { homeSchema } from './home.ts';
import { llmsSchema } from './llms.ts';
import { formsSchema, uiSchema } from './interface-text.ts';
import { audiencesSchema, gettingStartedSchema, humansSchema, toolkitSchema } from './pages.ts';
import { searchSchema } from './search.ts';
import { navigationSchema, redirectsSchema, siteSchema } from './site-config.ts';
import { peopleSchema } from './people.ts';
import { artefactsSchema } from './artefacts.ts';
import { shareCardsSchema } from './share-cards.ts';

// The site's content model: which datasets content/data holds and the schema of each. The
// schemas themselves live one concern a file beside this one.

export { iconNames };
export { legalFrontMatterSchema } from './articles.ts';
export { postFrontMatterSchema } from './blog.ts';

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
  humans: humansSchema,
  people: peopleSchema,
  artefacts: artefactsSchema,
  'getting-started': gettingStartedSchema,
  toolkit: toolkitSchema,
  blog: blogSchema,
  forms: formsSchema,
  ui: uiSchema,
  'share-cards': shareCardsSchema,
  search: searchSchema,
  llms: llmsSchema,
} as const;

export type DataName = keyof typeof dataSchemas;
export type SiteData = { [K in DataName]: z.infer<(typeof dataSchemas)[K]> };
export type Link = z.infer<typeof link>;
export type Section = z.infer<typeof section>;
export type IconName = (typeof iconNames)[number];
/** A guide topic: one that content/data/guides.json declares. */
export type GuideTopic = string;

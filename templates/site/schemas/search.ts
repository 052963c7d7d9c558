import { z } from 'zod';
import { link, meta, text, textWith } from './fields.ts';

// The words of the search page (/search) and of its island: the field, the section names the
// index filters by, the filter and result texts, and what the page offers without JavaScript.

/** content/data/search.json. */
export const searchSchema = z
  .object({
    meta,
    heading: text,
    intro: text,
    /** The header link's name. */
    headerLabel: text,
    fieldLabel: text,
    placeholder: text,
    clearLabel: text,
    /** The name of the search button at the end of the field. */
    submitLabel: text,
    /** Shown under the field before anything is typed. */
    prompt: text,
    /** What each indexed kind of page is called in results and in the section filter. */
    sections: z.object({ blog: text, guides: text, services: text, caseStudies: text }).strict(),
    filters: z
      .object({
        label: text,
        section: text,
        allSections: text,
        tag: text,
        allTags: text,
        category: text,
        allCategories: text,
        /** Under the tag and category filters: only posts have them. */
        postsOnly: text,
        /** On phones the filters fold behind this button, so the results come first. */
        toggle: text,
      })
      .strict(),
    results: z
      .object({
        heading: text,
        searching: text,
        none: text,
        one: text,
        other: textWith('count'),
        forQuery: textWith('query'),
        noneHint: text,
        /** When nothing matched: the guides, then a call with an engineer. */
        noneOffers: z
          .object({ guidesHeading: text, consultationHeading: text, consultationText: text, consultation: link })
          .strict(),
        more: text,
        failed: text,
      })
      .strict(),
    /** Without JavaScript, or when search cannot load, the page offers the blog and the guides instead. */
    browse: z.object({ noScript: text, blog: link, guidesHeading: text }).strict(),
  })
  .strict();

import { z } from 'zod';
import { icon, item, link, meta, section, text } from './fields.ts';
import { personId } from './people.ts';
import { heroAside } from './artefacts.ts';

// Pages assembled from sections: the audience pages, /humans, /getting-started and /pom-files.

/** content/data/audiences.json: one `/services/{slug}` page per audience. */
export const audiencesSchema = z
  .array(
    z
      .object({
        slug: z.string().regex(/^[a-z][a-z-]*$/, 'expected a lowercase slug'),
        navTitle: text,
        navSummary: text,
        icon,
        meta,
        /** `aside`: an artefact or a case study's figure beside the hero's copy on wide screens. */
        hero: z
          .object({ eyebrow: text, headline: text, text, primary: link, secondary: link, aside: heroAside.optional() })
          .strict(),
        sections: z.array(section).min(3),
        closing: z.object({ heading: text, text, primary: link, secondary: link }).strict(),
      })
      .strict(),
  )
  .length(4);

/** A page of a hero, sections and an optional closing call to action. */
export const pageSchema = z
  .object({
    meta,
    hero: z.object({ eyebrow: text, headline: text, text, cta: link, aside: heroAside.optional() }).strict(),
    sections: z.array(section).min(1),
    closing: z.object({ heading: text, text, primary: link }).strict().optional(),
  })
  .strict();

/**
 * content/data/humans.json: a section page whose `team` shows people of content/data/people.json
 * (by id) inside the section with the id `team.section`.
 */
export const humansSchema = pageSchema
  .extend({
    team: z.object({ section: z.string(), heading: text, people: z.array(personId).min(1) }).strict(),
  })
  .strict();

/** content/data/getting-started.json: a section page with the contact form. */
export const gettingStartedSchema = pageSchema
  .extend({
    form: z
      .object({
        id: z.literal('contact-form'),
        heading: text,
        intro: text,
        /**
         * What other pages' buttons offer, each a destination of its own: `/getting-started#{id}`
         * shows the offer's heading and text over the form in place of `heading` and `intro` (no
         * script: CSS :target), and picks `interest` (one of forms.json's) in the form.
         */
        offers: z
          .array(
            z
              .object({
                id: z.string().regex(/^[a-z][a-z0-9-]*$/, 'expected a lowercase id such as startup-blueprint'),
                heading: text,
                text,
                interest: text.optional(),
              })
              .strict(),
          )
          .default([]),
        /** Under the hero's copy: what happens after the form is sent, the logos of client companies and the contact email. */
        aside: z
          .object({ heading: text, items: z.array(item).min(1).max(4), logosHeading: text, emailLead: text })
          .strict()
          .optional(),
      })
      .strict(),
  })
  .strict();

/** content/data/toolkit.json: the /pom-files page and what its form unlocks. */
export const toolkitSchema = z
  .object({
    meta,
    hero: z.object({ eyebrow: text, headline: text, text, aside: heroAside.optional() }).strict(),
    featuresHeading: text,
    features: z.array(item).min(1),
    form: z.object({ heading: text, intro: text }).strict(),
    /** What the form reveals once sent: `status` says the files are unlocked, above them. */
    unlocked: z
      .object({ heading: text, status: text, readmeTitle: text, rulesTitle: text, copyLabel: text, copiedLabel: text })
      .strict(),
    workshop: z.object({ heading: text, text, cta: link }).strict(),
  })
  .strict();

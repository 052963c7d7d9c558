import { z } from 'zod';
import { videoUrl } from './customer-stories.ts';
import { href, icon, image, imagePath, item, link, meta, text } from './fields.ts';

const plan = z
  .object({
    name: text,
    price: text,
    hoursPerWeek: z.number().int().positive(),
    description: text,
    features: z.array(text).min(1),
    popular: z.boolean(),
    cta: link,
  })
  .strict();

/** content/data/home.json: every section of the home page, top to bottom. */
export const homeSchema = z
  .object({
    meta,
    hero: z
      .object({
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
      })
      .strict(),
    /** The audience pages (content/data/audiences.json) as cards: where the Services menu's overview link lands. */
    audiences: z
      .object({ id: z.string(), eyebrow: text.optional(), heading: text, intro: text, linkLabel: text })
      .strict()
      .optional(),
    services: z
      .object({
        id: z.string(),
        heading: text,
        intro: text,
        learnMoreLabel: text,
        cards: z.array(z.object({ id: text, title: text, description: text, icon, image, href }).strict()).length(4),
        /** Every guide of content/data/guides.json under the cards, so the section lists them all. */
        allGuides: z.object({ heading: text, linkLabel: text }).strict().optional(),
      })
      .strict(),
    benefits: z
      .object({ id: z.string(), heading: text, intro: text, items: z.array(item.extend({ icon })).length(6) })
      .strict(),
    /** `anchor` stands under each plan's price ("Contact Us"): how the price is set. */
    pricing: z
      .object({
        id: z.string(),
        heading: text,
        intro: text,
        popularLabel: text,
        hoursSuffix: text,
        anchor: text,
        plans: z.array(plan).length(2),
      })
      .strict(),
    testimonials: z
      .object({
        id: z.string(),
        heading: text,
        intro: text,
        watchLabel: text,
        previousLabel: text,
        nextLabel: text,
        caseStudiesLink: link,
      })
      .strict(),
    closingCta: z.object({ heading: text, text, primary: link, secondary: link }).strict(),
    /**
     * The closing video: a poster with a play button; the player loads when the visitor presses it.
     * `story` names the case study (case-studies.json) whose speaker it shows; `poster` is a still
     * from the video (16:9, at least 1280×720), and without one the speaker's quote and name stand in.
     */
    customerVideo: z
      .object({
        heading: text,
        text,
        title: text,
        playLabel: text,
        videoUrl,
        story: z.string(),
        poster: imagePath.optional(),
      })
      .strict(),
  })
  .strict();

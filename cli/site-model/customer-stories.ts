import { z } from 'zod';
import { externalUrl, imagePath, link, meta, text } from './fields.ts';

// Customers speaking for the site: the home page's testimonials and the case-studies page.

const person = {
  id: z.string().regex(/^[a-z0-9-]+$/, 'expected a lowercase id'),
  quote: text,
  company: text,
  logo: imagePath,
  name: text,
  title: text,
  videoUrl: externalUrl,
};

/** content/data/testimonials.json: the quotes of the home page's carousel. */
export const testimonialsSchema = z.array(z.object(person).strict()).length(8);

/** content/data/case-studies.json: the case-studies page and its video gallery. */
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

import { z } from 'zod';
import { toEmbedUrl } from '../../../client/video-url.ts';
import { imagePath, link, meta, text } from './fields.ts';
import { absoluteUrlProblem } from 'sitegen/site';

// Customers speaking for the site: the home page's testimonials and the case-studies page.

/** A video the site's players play (see client/video-url.ts): a YouTube or a Wistia link. */
export const videoUrl = z.string().superRefine((value, context) => {
  const reason = absoluteUrlProblem(value)
    ?? (toEmbedUrl(value) ? undefined : 'expected a video the site plays: a YouTube /embed/ID, /watch?v=ID or youtu.be/ID URL, or a Wistia /embed/iframe/ID URL');
  if (reason) context.addIssue({ code: 'custom', message: reason, input: value });
});

/** Where a label names the company: "Play video: {company}". */
const companyPlaceholder = '{company}';

/** Text that names the company where it says `{company}`, and has no other placeholder. */
const textWithCompany = text.superRefine((value, context) => {
  if (!value.includes(companyPlaceholder)) context.addIssue({ code: 'custom', message: `expected the placeholder ${companyPlaceholder}` });
  for (const [placeholder] of value.matchAll(/\{\w*\}/g)) {
    if (placeholder !== companyPlaceholder) context.addIssue({ code: 'custom', message: `unknown placeholder ${placeholder}: only ${companyPlaceholder} is filled in here` });
  }
});

/** A label with the company's name in the place of `{company}`. */
export function fillCompany(pattern: string, company: string): string {
  return pattern.replaceAll(companyPlaceholder, () => company);
}

const person = {
  id: z.string().regex(/^[a-z0-9-]+$/, 'expected a lowercase id'),
  quote: text,
  company: text,
  logo: imagePath,
  name: text,
  title: text,
  videoUrl,
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
  /** The thumbnail play button's accessible name, such as "Play video: {company}". */
  playLabel: textWithCompany,
  closeLabel: text,
  promo: z.object({ heading: text, text, cta: link }).strict(),
  closing: z.object({ heading: text, text, primary: link, secondary: link }).strict(),
  studies: z.array(z.object({ ...person, thumbnail: imagePath }).strict()).length(8),
}).strict();

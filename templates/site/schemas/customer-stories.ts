import { z } from 'zod';
import { toEmbedUrl } from '../../../client/video-url.ts';
import { imagePath, lineText, link, meta, text } from './fields.ts';
import { absoluteUrlProblem } from 'sitegen/site';
import { sentencesOf } from '../sentences.ts';
import { heroAside } from './artefacts.ts';

// Customers speaking for the site: the home page's testimonials and the case-studies page.

/** A video the site's players play (see client/video-url.ts): a YouTube or a Wistia link. */
export const videoUrl = z.string().superRefine((value, context) => {
  const reason =
    absoluteUrlProblem(value) ??
    (toEmbedUrl(value)
      ? undefined
      : 'expected a video the site plays: a YouTube /embed/ID, /watch?v=ID or youtu.be/ID URL, or a Wistia /embed/iframe/ID URL');
  if (reason) context.addIssue({ code: 'custom', message: reason, input: value });
});

/** Where a label names the company: "Play video: {company}". */
const companyPlaceholder = '{company}';

/** Text that names the company where it says `{company}`, and has no other placeholder. */
const textWithCompany = text.superRefine((value, context) => {
  if (!value.includes(companyPlaceholder))
    context.addIssue({ code: 'custom', message: `expected the placeholder ${companyPlaceholder}` });
  for (const [placeholder] of value.matchAll(/\{\w*\}/g)) {
    if (placeholder !== companyPlaceholder)
      context.addIssue({
        code: 'custom',
        message: `unknown placeholder ${placeholder}: only ${companyPlaceholder} is filled in here`,
      });
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
  /** The speaker's portrait (square, at least 512 px a side); without one, their initials. */
  photo: imagePath.optional(),
};

/** At most two sentences: what a card shows of a quote before its disclosure holds the rest. */
const twoSentences = lineText(280).refine(
  (value) => sentencesOf(value).length <= 2,
  'expected at most two sentences: the full quote is shown behind "Read the full story"',
);

/** content/data/testimonials.json: the quotes of the home page's carousel. */
export const testimonialsSchema = z.array(z.object(person).strict()).length(8);

/** content/data/case-studies.json: the case-studies page and its video gallery. */
export const caseStudiesSchema = z
  .object({
    meta,
    hero: z.object({ eyebrow: text, headline: text, text, aside: heroAside.optional() }).strict(),
    stats: z.array(z.object({ value: text, label: text }).strict()).length(3),
    gridHeading: text,
    watchLabel: text,
    /** The thumbnail play button's accessible name, such as "Play video: {company}". */
    playLabel: textWithCompany,
    closeLabel: text,
    promo: z.object({ heading: text, text, cta: link }).strict(),
    closing: z.object({ heading: text, text, primary: link, secondary: link }).strict(),
    /** Under each card's shortened quote: opens the full quote. */
    fullStoryLabel: text,
    /** A proof card's link to the study's card on this page, such as "Read the {company} story". */
    storyLink: textWithCompany,
    studies: z
      .array(
        z
          .object({
            ...person,
            /** The result, in one line: the card's heading. */
            outcome: lineText(110),
            /** Two or three figures set large: "4 hrs" over "release sign-off, down from 2 days". */
            metrics: z
              .array(z.object({ value: lineText(12), label: lineText(70) }).strict())
              .min(2)
              .max(3),
            /** The card's quote: at most two sentences, each of them one of the quote's own; the quote's first two by default. */
            pullQuote: twoSentences.optional(),
            /**
             * A still from the video (16:9, at least 1280×720): the poster under the play button.
             * Without one the card shows a title card of the speaker's quote and name instead.
             */
            thumbnail: imagePath.optional(),
          })
          .strict()
          .superRefine((study, context) => {
            // A cut of the quote, not new words put in the speaker's mouth.
            const said = new Set(sentencesOf(study.quote));
            const added = sentencesOf(study.pullQuote ?? '').filter((sentence) => !said.has(sentence));
            if (added.length > 0)
              context.addIssue({
                code: 'custom',
                path: ['pullQuote'],
                message: `expected sentences of the quote, cut from it as they are written; the quote does not say "${added[0]}"`,
                input: study.pullQuote,
              });
          }),
      )
      .length(8),
  })
  .strict();

import { z } from 'zod';
import { lineText, link, text } from './fields.ts';

// Words the interface shows outside page content: form labels and messages, shared UI strings.

const field = z.object({ label: text, placeholder: z.string() }).strict();
/** Names a form's group of fields for screen readers (a visually hidden legend). */
const legend = lineText(80);
/** The subject of the email a visitor writes when the form cannot be sent. */
const mailSubject = lineText(120);
/** A guide form's email subject; `{guide}` stands for the guide's name. */
const guideMailSubject = mailSubject.refine(
  (value) => !/\{(?!guide\})/.test(value),
  'expected no placeholder other than {guide}',
);

/** The line under a form's button: when the company replies, no spam (the privacy link follows it). */
const formNote = lineText(200);

/** A line of the endpoint's failure page about one field: `{field}` stands for its label. */
const fieldProblem = text.refine((value) => value.includes('{field}'), 'expected the placeholder {field}');

/** content/data/forms.json: labels and messages of the consultation, guide and toolkit forms. */
export const formsSchema = z
  .object({
    submitting: text,
    /** What a field says under itself once the visitor left it wrong, by the lead schema's problem. */
    fieldProblems: z.object({ required: text, email: text, 'too-long': text, choose: text }).strict(),
    /** The link to the privacy policy at the end of each form's note. */
    privacyLink: text,
    captcha: z
      .object({
        required: text,
        error: text,
        expired: text,
        label: text,
        /**
         * Shown once, in place of the widget, when Google's script cannot load (blocked, offline, no
         * answer in time): `emailLead` before a mailto link to `contact.email` in site.json, or
         * `noEmail` when none is set.
         */
        unavailable: z.object({ text, emailLead: text, noEmail: text, retry: text }).strict(),
      })
      .strict(),
    failure: text,
    /** Shown in place of the submit button when JavaScript is off: the form cannot be sent, so it offers the email instead. */
    noScript: z.object({ text, emailLead: text, noEmail: text }).strict(),
    /**
     * The page the lead endpoint answers a form sent without JavaScript with when it cannot take
     * it: `title`, `intro`, one line per field to fix (`{field}` stands for its label), `tooMany`
     * after too many posts from one address, `back` the link to the form.
     */
    endpoint: z
      .object({
        title: text,
        intro: text,
        problems: z
          .object({ required: fieldProblem, 'too-long': fieldProblem, email: fieldProblem, choose: fieldProblem })
          .strict(),
        tooMany: text,
        back: text,
        /** The label of the hidden field people leave empty (a bot fills it). */
        honeypotLabel: text,
      })
      .strict(),
    consultation: z
      .object({
        name: field,
        email: field,
        company: field,
        message: field,
        interest: z.object({ label: text, placeholder: text, options: z.array(text).length(3) }).strict(),
        submit: text,
        note: formNote,
        legend,
        mailSubject,
      })
      .strict(),
    guide: z
      .object({
        name: field,
        email: field,
        company: field,
        submit: text,
        note: formNote,
        legend,
        mailSubject: guideMailSubject,
      })
      .strict(),
    toolkit: z
      .object({
        name: field,
        email: field,
        organization: field,
        submit: text,
        note: formNote,
        fixedGuideName: text,
        legend,
        mailSubject,
      })
      .strict(),
  })
  .strict();

/** content/data/ui.json: shared interface strings and the 404 page. */
export const uiSchema = z
  .object({
    skipToContent: text,
    askUsAnything: text,
    /**
     * The dock along the bottom of screens narrower than 1440 px: its name for screen readers,
     * and the booking link that leads it (the consultation form), the chat badge beside it.
     */
    dock: z.object({ label: text, book: link }).strict(),
    newTabNote: text,
    /** `home` is the 404's first action; a search of the site and the links follow it. */
    notFound: z
      .object({
        metaTitle: text,
        title: text,
        text,
        home: link,
        search: z.object({ label: text, placeholder: text, submit: text }).strict(),
        linksHeading: text,
        links: z.array(link).min(1),
      })
      .strict(),
    /** What ends a blog post or a guide article: related reading, then a call to action. */
    nextSteps: z
      .object({
        relatedPostsHeading: text,
        moreGuidesHeading: text,
        guideLinkLabel: text,
        cta: z.object({ heading: text, text, primary: link, secondary: link }).strict(),
      })
      .strict(),
    /** The facts under a guide overview's title: `{count} chapters` and the rest as written. */
    guideFacts: z
      .object({
        chapters: text.refine((value) => value.includes('{count}'), 'expected the placeholder {count}'),
        more: z.array(text).max(3),
      })
      .strict(),
    islandFallback: text,
    /** A video embedded in a post or guide (an iframe in its Markdown): the player's title when the iframe has none, and the play button's name, `{title}` standing for the title. */
    embeddedVideo: z
      .object({
        title: text,
        playLabel: text.refine((value) => value.includes('{title}'), 'expected the placeholder {title}'),
      })
      .strict(),
    /** Label before a legal page's date: 'Last updated'. */
    lastUpdated: text,
    tableOfContents: text,
    filterPostsLabel: text,
    tagsLabel: text,
    statsLabel: text,
    redirect: z.object({ title: text, text: text }).strict(),
  })
  .strict();

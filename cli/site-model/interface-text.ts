import { z } from 'zod';
import { link, text } from './fields.ts';

// Words the interface shows outside page content: form labels and messages, shared UI strings.

const field = z.object({ label: text, placeholder: z.string() }).strict();

/** content/data/forms.json: labels and messages of the consultation, guide and toolkit forms. */
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

/** content/data/ui.json: shared interface strings and the 404 page. */
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

import { z } from 'zod';
import { text } from './fields.ts';

/**
 * content/data/llms.json: what /llms.txt says of the site besides its pages (the site's brand is
 * its title): a summary, the name of each section its pages are listed under, and the entry of
 * llms-full.txt.
 */
export const llmsSchema = z
  .object({
    summary: text,
    sections: z.object({ services: text, guides: text, caseStudies: text, company: text, blog: text }).strict(),
    full: z.object({ title: text, description: text }).strict(),
  })
  .strict();

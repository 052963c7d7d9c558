import { z } from 'zod';
import { text } from 'sitegen/site';

/** A post's front matter: its title, a one-line summary for lists and feeds, and its date. */
export const postSchema = z
  .object({
    title: text,
    summary: text,
    date: z.union([z.date(), z.string()]),
    draft: z.boolean().optional(),
  })
  .strict();

/** content/data/site.json: the site's name, what it is about, and its address. */
export const siteSchema = z.object({ title: text, description: text, url: z.string().url() }).strict();

export type SiteData = z.infer<typeof siteSchema>;

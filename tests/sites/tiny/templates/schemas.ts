import { z } from 'zod';
import { imageRef } from 'sitegen/site';

/** A post's front matter. */
export const postSchema = z
  .object({
    title: z.string().min(1),
    date: z.union([z.date(), z.string()]),
    draft: z.boolean().optional(),
    tags: z.array(z.string()).default([]),
    /** A cover: /images/… or, in a page bundle, an image beside the post. */
    image: imageRef.optional(),
    imageAlt: z.string().optional(),
  })
  .strict();

/** content/data/site.json: the site's title and address. */
export const siteSchema = z.object({ title: z.string(), url: z.string().url() }).strict();

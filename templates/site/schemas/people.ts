import { z } from 'zod';
import { imagePath, lineText } from './fields.ts';

// The company's people: who writes the blog and who clients work with. A person is named by an
// id elsewhere (a post's `author`, the team on /humans); the site's model checks each id names one.

/** A person's id: lowercase words joined by hyphens (`maya-okafor`); it names their page on the blog. */
export const personId = z
  .string()
  .max(80, 'expected at most 80 characters')
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'expected lowercase words joined by hyphens, such as maya-okafor');

/**
 * content/data/people.json. `photo` is a portrait in content/images (square, at least 512 px a
 * side: it is shown round, up to 160 px, in twice that for sharp screens); without one the person
 * is shown by their initials.
 */
export const peopleSchema = z
  .array(
    z
      .object({
        id: personId,
        name: lineText(80),
        role: lineText(80),
        /** A sentence or two: what they do and what they bring. */
        bio: lineText(400),
        photo: imagePath.optional(),
      })
      .strict(),
  )
  .min(1);

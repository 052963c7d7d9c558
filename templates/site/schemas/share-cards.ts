import { z } from 'zod';
import { text } from './fields.ts';

// What a page's share card says it is. A post's card shows its category and an audience
// page's card the eyebrow of its hero ("For Startups"); every other kind of page is named here.

/** content/data/share-cards.json: the kind label of each page kind that has no label of its own. */
export const shareCardsSchema = z
  .object({
    kinds: z
      .object({
        home: text,
        guide: text,
        'guide-article': text,
        'blog-index': text,
        /** Before an author's role: "Author: Principal QA Engineer". */
        'blog-author': text,
        'case-studies': text,
        humans: text,
        'getting-started': text,
        toolkit: text,
        legal: text,
        search: text,
        'not-found': text,
      })
      .strict(),
  })
  .strict();

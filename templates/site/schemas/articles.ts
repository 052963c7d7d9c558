import { z } from 'zod';
import { text } from './fields.ts';
import { declaredTopic } from './guides.ts';

// Front matter of the long-form Markdown pages that are not posts: guide articles and legal pages.

/** Front matter of a guide article in content/guides; the site's model checks that guides.json declares its topic. */
export const guideArticleFrontMatterSchema = z
  .object({ topic: declaredTopic, title: text, description: text })
  .strict();

/** Front matter of a legal page in content/legal. */
export const legalFrontMatterSchema = z
  .object({
    slug: z.enum(['terms', 'privacy']),
    title: text,
    description: text,
    lastUpdated: text,
  })
  .strict();

import { z } from 'zod';
import { text } from './fields.ts';

// Front matter of the long-form Markdown pages that are not posts: guide articles and legal pages.

/** Front matter of a guide article in content/guides, with `topic` checking its topic. */
export function guideArticleFrontMatterSchemaFor(topic: z.ZodType<string>) {
  return z.object({ topic, title: text, description: text }).strict();
}

/** Front matter of a legal page in content/legal. */
export const legalFrontMatterSchema = z.object({
  slug: z.enum(['terms', 'privacy']),
  title: text,
  description: text,
  lastUpdated: text,
}).strict();

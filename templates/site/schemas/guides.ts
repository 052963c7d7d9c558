import { z } from 'zod';
import { icon, item, meta, text } from './fields.ts';

// The guides dataset is the one list of guide topics: every other field naming a topic (a guide
// article's front matter, the blog's sidebar) is checked against the topics it declares (the
// site's model does), so adding a guide means adding it to guides.json and writing its article.

/** A topic as guides.json declares it; it becomes the path `/guides/{topic}`. */
export const declaredTopic = z.string().regex(/^[a-z][a-z0-9-]*$/, 'expected a lowercase topic such as test-data');

/** content/data/guides.json: each guide's overview page, menu entry and article labels. */
export const guidesSchema = z
  .array(
    z
      .object({
        topic: declaredTopic,
        name: text,
        navSummary: text,
        icon,
        guideName: text,
        overview: z
          .object({
            meta,
            backLabel: text,
            badge: text,
            headline: text,
            intro: text,
            scrollLabel: text,
            featuresHeading: text,
            features: z.array(item).min(3),
            formHeading: text,
            formIntro: text,
          })
          .strict(),
        articleBackLabel: text,
      })
      .strict(),
  )
  .min(1);

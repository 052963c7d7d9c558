import { z } from 'zod';

// Field types every dataset shares: text, icons, site paths, images and the blocks built from them.

/** Names of the icons templates/components/Icon.tsx can draw. */
export const iconNames = [
  'bot', 'database', 'cursor', 'bug', 'zap', 'rocket', 'layers', 'puzzle', 'building', 'shield',
  'clock', 'chart', 'users', 'check', 'target', 'code', 'search', 'brain', 'heart', 'flag',
  'compass', 'refresh', 'workflow', 'book', 'message', 'star', 'award', 'lock', 'globe', 'trending',
] as const;

/** Text an author writes: never empty. */
export const text = z.string().trim().min(1, 'expected a non-empty string');
/** One of the icons Icon.tsx draws. */
export const icon = z.enum(iconNames);
/** A site path such as `/guides/playwright` or `/#pricing`, or an in-page `#anchor`. */
export const href = z.string().regex(/^(\/|#)/, 'expected a site path starting with "/" or "#"');
/** An image shipped in content/images, referenced by its public path. */
export const imagePath = z.string().regex(/^\/images\/[\w./-]+\.(svg|png|jpg|jpeg|webp|avif)$/, 'expected a path like /images/name.svg');
/** A link that leaves the site, such as a video or a webhook. */
export const externalUrl = z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' });

/** A link or button: its text and where it goes. */
export const link = z.object({ text, href }).strict();
/** A page's title and description for the head and search results. */
export const meta = z.object({ title: text, description: text }).strict();
/** A card or list entry: a title, a description and optionally an icon. */
export const item = z.object({ title: text, description: text, icon: icon.optional() }).strict();
/** An image with the size it is shown at. */
export const image = z.object({ src: imagePath, alt: z.string(), width: z.number().int().positive(), height: z.number().int().positive() }).strict();

/** A block of a content page: a heading, optional intro and items laid out one of several ways. */
export const section = z.object({
  id: z.string().regex(/^[a-z][a-z0-9-]*$/, 'expected a lowercase id').optional(),
  layout: z.enum(['cards', 'checklist', 'steps', 'split']),
  eyebrow: text.optional(),
  heading: text,
  intro: text.optional(),
  items: z.array(item).min(1),
  cta: link.optional(),
}).strict();

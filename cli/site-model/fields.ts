import './zod-settings.ts';
import { z } from 'zod';
import { href } from './url-fields.ts';

export { externalUrl, href } from './url-fields.ts';

// Field types every dataset shares: text, icons, site paths, images and the blocks built from them.

/** Names of the icons templates/components/Icon.tsx can draw. */
export const iconNames = [
  'bot', 'database', 'cursor', 'bug', 'zap', 'rocket', 'layers', 'puzzle', 'building', 'shield',
  'clock', 'chart', 'users', 'check', 'target', 'code', 'search', 'brain', 'heart', 'flag',
  'compass', 'refresh', 'workflow', 'book', 'message', 'star', 'award', 'lock', 'globe', 'trending',
] as const;

/** Text an author writes: never empty. */
export const text = z.string().trim().min(1, 'expected a non-empty string');
/**
 * Characters that have no place in one line of text: C0 and C1 controls (newline and tab
 * included), bidirectional overrides and isolates (they reorder what a reader sees), line and
 * paragraph separators, noncharacters, byte-order marks and lone surrogates.
 */
const unsafeInLine = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029\ufeff\ufffe\uffff]|\p{Cs}/u;

/** One line of text an author writes, such as a title or a tag: never empty, at most `maxLength` characters. */
export function lineText(maxLength: number) {
  return text
    .max(maxLength, `expected at most ${maxLength} characters`)
    .refine((value) => !unsafeInLine.test(value), 'expected one line of text without control, line-break or bidirectional-override characters');
}
/** One of the icons Icon.tsx draws. */
export const icon = z.enum(iconNames);
/** An image shipped in content/images, referenced by its public path. */
export const imagePath = z.string().regex(/^\/images\/(?!.*(?:\.\.|\/\/))[\w./-]+\.(svg|png|jpg|jpeg|webp|avif|gif)$/, 'expected a path like /images/name.svg');

/** A link or button: its text and where it goes. */
export const link = z.object({ text, href }).strict();
/** A page's title and description for the head and search results. */
export const meta = z.object({ title: text, description: text }).strict();
/** A card or list entry: a title, a description and optionally an icon. */
export const item = z.object({ title: text, description: text, icon: icon.optional() }).strict();
/**
 * An image with the size it is shown at. `alt` describes it; an image that only decorates has
 * `"alt": ""` and `"decorative": true` (an empty alt without it is an error, `image.missing-alt`).
 */
export const image = z.object({ src: imagePath, alt: z.string(), decorative: z.literal(true).optional(), width: z.number().int().positive(), height: z.number().int().positive() }).strict();

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

import { z } from 'zod';
import { href, imagePath, text } from 'sitegen/site';

export { externalUrl, href, imagePath, lineText, text } from 'sitegen/site';

// Field types the site's datasets share: icons, links, images and the blocks built from them.

/** Names of the icons templates/components/Icon.tsx can draw. */
export const iconNames = [
  'bot',
  'database',
  'cursor',
  'bug',
  'zap',
  'rocket',
  'layers',
  'puzzle',
  'building',
  'shield',
  'clock',
  'chart',
  'users',
  'check',
  'target',
  'code',
  'search',
  'brain',
  'heart',
  'flag',
  'compass',
  'refresh',
  'workflow',
  'book',
  'message',
  'star',
  'award',
  'lock',
  'globe',
  'trending',
] as const;

/** One of the icons Icon.tsx draws. */
export const icon = z.enum(iconNames);
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
export const image = z
  .object({
    src: imagePath,
    alt: z.string(),
    decorative: z.literal(true).optional(),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
  })
  .strict();

/** A block of a content page: a heading, optional intro and items laid out one of several ways. */
export const section = z
  .object({
    id: z
      .string()
      .regex(/^[a-z][a-z0-9-]*$/, 'expected a lowercase id')
      .optional(),
    layout: z.enum(['cards', 'checklist', 'steps', 'split']),
    eyebrow: text.optional(),
    heading: text,
    intro: text.optional(),
    items: z.array(item).min(1),
    cta: link.optional(),
  })
  .strict();

/**
 * Text with `{name}` placeholders the site fills in: it must contain each (unless `optional`) and
 * may use no other placeholder, so a typo shows up at build time rather than on the page.
 */
export function textWith(names: string | readonly string[], { optional = false } = {}) {
  const list: readonly string[] = typeof names === 'string' ? [names] : names;
  const known = list.map((name) => `{${name}}`).join(', ');
  return text.superRefine((value, context) => {
    for (const name of list) {
      if (!optional && !value.includes(`{${name}}`))
        context.addIssue({ code: 'custom', message: `expected the placeholder {${name}}` });
    }
    for (const [placeholder, used] of value.matchAll(/\{(\w*)\}/g)) {
      if (!list.includes(used!))
        context.addIssue({
          code: 'custom',
          message: `unknown placeholder ${placeholder}: only ${known} ${list.length === 1 ? 'is' : 'are'} filled in here`,
        });
    }
  });
}

// The error codes only this site raises, with what its authors read about each: the engine
// merges them into its catalogue and lists them in docs/errors.md under the site's name. Codes
// are never renamed; a new problem gets a new code.
import type { ErrorData } from 'sitegen/site';

/** Message of a file claiming a slug or topic that an earlier file already has. */
const duplicateOf = (field: string, value: string, firstFile: string) =>
  `${field}: "${value}" is already used by ${firstFile}`;

export const siteErrors = {
  'content.duplicate-slug': {
    title: 'Two posts share a slug',
    message: duplicateOf,
    hint: (field: string) => `Give each file its own ${field}.`,
  },
  'content.term-clash': {
    title: 'Two tags or categories would share one page',
    hint: 'Write the tag or category the same way in every post (the address of its page is made from its letters and digits).',
  },
  'content.too-many-terms': {
    title: 'A post carries more tags, or a site has more tags or categories, than the limit',
    hint: 'Keep the tags that say what the post is about. A site that needs more changes `terms` (perEntry, perSite) in its definition.',
  },
  'content.duplicate-topic': {
    title: 'Two guide articles share a topic',
    message: duplicateOf,
    hint: (field: string) => `Give each file its own ${field}.`,
  },
  'config.bad-url': {
    title: 'A site URL override is not an http(s) URL',
    message: (name: string, value: string) => `${name}: expected an http(s) URL, got ${JSON.stringify(value)}`,
  },
  'config.bad-value': { title: 'A site config override has the wrong form' },
  'config.unsafe-for-production': { title: 'The site config is not safe to deploy' },
  'config.incomplete-for-production': { title: 'The site config leaves out contact details the published pages show' },
  'content.unknown-placeholder': { title: 'A legal page names a placeholder the site config does not fill' },
  'new-post.empty-category': { title: 'The new post has no category' },
  'new-post.no-tags': { title: 'The new post has no tags' },
} as const satisfies Record<string, ErrorData>;

// The site's codes type-check as the engine's do: a misspelt one fails.
declare module 'sitegen/site' {
  interface SiteErrorCodes extends Record<keyof typeof siteErrors, true> {}
}

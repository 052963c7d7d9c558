import { defaultSchema, type Schema } from 'hast-util-sanitize';

type Definitions = NonNullable<Schema['attributes']>[string];

/**
 * The namespace of the ids a body's HTML names (GitHub's, as hast-util-sanitize's
 * `clobberPrefix` gives it): `<sup id="f1">` is published as `id="user-content-f1"`, so no id
 * from a body clobbers the page's own (`id="main"`, a global `window.x`). Markdown's footnotes
 * live there too. Links to such an id in the same body are rewritten to it (same-page-links.ts).
 */
export const userContentPrefix = 'user-content-';

/**
 * What the page's own markup and scripts need to be the only ones to say: never kept from HTML in
 * a body as written. `id`, `name` and the ARIA id references are given back below in the
 * content's namespace; `accessKey` would take a browser's shortcut, and `tabIndex` is given back
 * only where it keeps the focus order (a positive one puts the body's element before the page's
 * own header and skip link).
 */
const refusedEverywhere = new Set(['id', 'name', 'ariaDescribedBy', 'ariaLabelledBy', 'accessKey', 'tabIndex']);

const withoutRefused = (definitions: Definitions | undefined): Definitions =>
  (definitions ?? []).filter(
    (definition) => !refusedEverywhere.has(typeof definition === 'string' ? definition : definition[0]),
  );

/**
 * A `tabindex` that leaves the page's focus order alone: 0 (focusable where it stands) or negative (not in the order).
 */
const focusInOrder = /^(?:0|-\d+)$/;

/**
 * Every attribute list of GitHub's schema with id, name and the ARIA id references taken out, then given back in the
 * content's namespace.
 */
const attributes: Record<string, Definitions> = Object.fromEntries(
  Object.entries(defaultSchema.attributes ?? {}).map(([tag, definitions]) => [tag, withoutRefused(definitions)]),
);
attributes['*'] = [...attributes['*']!, 'id', 'ariaDescribedBy', 'ariaLabelledBy', ['tabIndex', focusInOrder]];
// An old-style anchor (`<a name="f1">`) is a fragment target as an id is.
attributes.a = [...(attributes.a ?? []), 'name'];

/** The attributes whose values the sanitizer writes under `userContentPrefix`. */
export const clobberedAttributes = ['id', 'name', 'ariaDescribedBy', 'ariaLabelledBy'];

/**
 * What HTML written in a Markdown body may hold: GitHub's schema (hast-util-sanitize's
 * `defaultSchema`), changed where this site differs. Markdown's own output never goes through
 * it (raw-html.ts sanitizes only what the author wrote as HTML), so what GitHub allows only for
 * Markdown's sake (task-list checkboxes, `picture` for its images) is taken out.
 *
 * - Kept besides GitHub's: `abbr`, `mark`, `cite`, `dfn`, `small`, `u`, `time`, `wbr`, `bdi`,
 *   `bdo`, `figure`, `figcaption`, and a table's `caption`, `colgroup` and `col`.
 * - Taken out: `input` (forms and their controls are removed), `picture` and `source` (an image's
 *   variants are the build's: an `<img>` goes through the image pipeline like a Markdown image).
 * - `id` (and `name` on `<a>`, and the ARIA attributes that name ids) are kept in the content's
 *   namespace, as GitHub keeps them: `id="f1"` is written `id="user-content-f1"`, since an id or
 *   name from a body could clobber the page's own (`id="main"`, `name="getElementById"`, a
 *   global `window.x`). One already written in the namespace keeps its name (raw-html-run.ts).
 * - Removed with everything they hold (`strip`), not just unwrapped: elements whose content is
 *   not text for the reader (scripts, styles, SVG, MathML, frames, objects, forms and their
 *   controls, media with fallback text).
 * - `accesskey` never, `tabindex` only at 0 or below: a body may not take a keyboard shortcut
 *   nor the first places in the page's focus order.
 * - URLs: `href` may be http, https, mailto or tel, as a Markdown link; the rest http or https.
 *   A scheme outside the list is refused as `markdown.unsafe-url` before this runs.
 */
export const rawHtmlSchema: Schema = {
  ...defaultSchema,
  tagNames: [
    ...(defaultSchema.tagNames ?? []).filter((tag) => !['input', 'picture', 'source'].includes(tag)),
    'abbr',
    'mark',
    'cite',
    'dfn',
    'small',
    'u',
    'time',
    'wbr',
    'bdi',
    'bdo',
    'figure',
    'figcaption',
    'caption',
    'colgroup',
    'col',
  ],
  attributes,
  clobber: clobberedAttributes,
  clobberPrefix: userContentPrefix,
  protocols: { ...defaultSchema.protocols, href: ['http', 'https', 'mailto', 'tel'] },
  required: {},
  strip: [
    'script',
    'style',
    'template',
    'svg',
    'math',
    'iframe',
    'frame',
    'frameset',
    'object',
    'embed',
    'applet',
    'noscript',
    'noembed',
    'noframes',
    'form',
    'button',
    'textarea',
    'select',
    'datalist',
    'canvas',
    'audio',
    'video',
    'title',
    'xmp',
    'plaintext',
    'head',
  ],
};

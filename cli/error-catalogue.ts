// Every error code sitegen reports, in one typed list (Astro's `core/errors/errors-data.ts` is
// the model). A code is published once it ships: never rename one, only add new ones.
import { byteLimitHints, formatBytes, type ByteLimit } from './input-limits.ts';

/** What a catalogue knows about a code: a title, and the message and hint where they are shared. */
export interface ErrorData {
  /** What went wrong, in a few words. */
  readonly title: string;
  /** Builds the message shown to the author, for codes raised in more than one way. */
  readonly message?: (...args: never[]) => string;
  /** What to do about it. */
  readonly hint?: string | ((...args: never[]) => string);
}

/**
 * Problems raised as a `SiteError`: the build, `dev`, `new-post` or `check-links` stops on them,
 * except those a build only warns about (`image.svg-sanitized`, `image.published-as-is`,
 * `markdown.html-removed`, `markdown.template-tag`, the `accessibility.` findings, and the site's
 * production problems, which only `build --production` refuses).
 */
const siteErrors = {
  'content.missing-file': { title: 'A content file cannot be read' },
  'content.bad-json': { title: 'A dataset is not valid JSON' },
  'content.bad-front-matter': { title: 'Front matter is not valid YAML' },
  'content.front-matter-not-yaml': { title: 'Front matter is written in a language other than YAML' },
  'content.front-matter-too-large': { title: 'Front matter is longer than its limit' },
  'content.yaml-alias': { title: 'Front matter uses a YAML alias' },
  'content.yaml-tag': { title: 'Front matter uses a YAML tag the build does not accept' },
  'content.too-deep': { title: 'Front matter, a dataset or an SVG nests deeper than its limit' },
  'content.not-a-file': { title: 'A content path is not a regular file' },
  'content.outside-content-folder': { title: 'A content file links outside the content folder' },
  'content.file-too-large': {
    title: 'A content file is larger than its limit',
    message: (size: string, limit: string) => `file is ${size}, more than the ${limit} limit`,
    // What helps depends on the kind of file: input-limits.ts keeps the advice beside each limit.
    hint: (limit: ByteLimit | number) =>
      typeof limit === 'number' ? `Make it smaller than ${formatBytes(limit)}.` : byteLimitHints[limit],
  },
  'content.load-failed': { title: 'A content file could not be loaded' },
  'content.image-size': { title: 'An SVG image has no size' },
  'content.invalid-field': { title: 'A field has the wrong type or value' },
  'content.unknown-field': { title: 'A field the schema does not know' },
  'content.bad-date': {
    title: 'A post date is not a real date',
    message: (written: unknown) => `date: expected a date such as 2024-03-15, got ${JSON.stringify(written)}`,
  },
  'content.unknown-route': {
    title: 'A link names a page the site does not have',
    message: (field: string, value: string) => `${field}: "${value}" is not a page of the site`,
    hint: 'Use the path of an existing page, or redirect the old path to the new one.',
  },
  'content.missing-image': {
    title: 'An image is not in content/images, or not beside the post that names it',
    message: (field: string, value: string) => `${field}: ${value} is not in content/images`,
  },
  'content.bundle-without-index': { title: 'A folder among the posts has no index.md' },
  'content.bundle-without-page': { title: "A page bundle's files have no page to be published beside" },
  'content.bundle-file-kind': {
    title: 'A page bundle holds a kind of file a post does not publish (one a browser could run, or show as a page)',
  },
  'content.bundle-file-name': { title: "A page bundle's file has a name no link can reach" },
  'routes.duplicate-output': {
    title:
      'Two writers of the build claim the same output path (a page, a redirect, a bundle file, a feed, or a file the build or host owns)',
  },
  'write.bad-redirect-rule': { title: 'A redirect does not fit on one _redirects line' },
  'render.failed': { title: 'A page template threw while rendering' },
  'markdown.unsafe-url': { title: 'A Markdown link or image uses a URL scheme that is not allowed' },
  'markdown.too-deep': { title: 'Markdown nests lists, blockquotes, emphasis or HTML deeper than the limit' },
  'markdown.render-failed': { title: 'A Markdown file could not be rendered' },
  'markdown.external-image': { title: 'A Markdown image is on another host' },
  'markdown.unclosed-html': { title: 'HTML in a Markdown body opens an element or a comment it never closes' },
  'markdown.html-removed': {
    title: 'HTML in a Markdown body was removed by the sanitizer (a warning)',
    hint: 'The page shows the rest. Write it in Markdown, or with elements and attributes the sanitizer keeps (docs/security.md#html-in-markdown).',
  },
  'accessibility.heading-level-one': {
    title: "A body has a heading of level 1, which competes with the page's title (a warning)",
  },
  'accessibility.heading-skipped': { title: 'A heading in a body skips a level (a warning)' },
  'accessibility.link-text': {
    title: 'A link in a body has no text, text that does not say where it leads, or a bare address (a warning)',
  },
  'accessibility.image-alt': { title: "An image's alt text is its file name, or says it is an image (a warning)" },
  'accessibility.table-header': { title: 'A table in a body has no header row (a warning)' },
  'accessibility.click-handler': {
    title:
      'HTML in a body puts a click handler on an element the keyboard cannot reach (a warning; the handler is removed)',
  },
  'accessibility.embed-title': { title: 'A video embedded in a body has no title (a warning)' },
  'accessibility.language': {
    title: "Text in a body is in a script the site's language is not written in, with no lang (a warning)",
  },
  'markdown.template-tag': {
    title: "A Markdown body holds another generator's template tag, which the page shows as text (a warning)",
    hint: 'Write it as Markdown or HTML (a video as an <iframe>, a figure as an image), or put it in backticks if it is meant as code. `sitegen import` converts the common ones (docs/cli.md#sitegen-import-source).',
  },
  'image.missing-alt': { title: 'An image has no alt text' },
  'image.unsupported-format': { title: 'An image is in a format the build does not read' },
  'image.too-large': { title: 'An image is larger than the limit' },
  'image.corrupt': { title: 'An image cannot be decoded' },
  'image.published-as-is': {
    title: 'An animation too long to resize is published as it is, without smaller variants (a warning)',
  },
  'image.svg-sanitized': { title: 'An SVG image was published without what the sanitizer removed (a warning)' },
  'image.process-failed': { title: 'An image could not be processed' },
  'template.compile-failed': { title: 'The templates do not compile' },
  'config.missing': { title: 'The project has no site definition (sitegen.config.ts)' },
  'config.invalid': { title: 'The site definition does not export a site' },
  'bundle.failed': { title: 'The client bundle does not build' },
  'build.broken-links': { title: 'The built site has broken links' },
  'output.protected-folder': {
    title: '--out names the project, a source, content or home folder, or a folder holding one',
  },
  'output.not-a-folder': { title: '--out names an existing file' },
  'output.not-a-build': { title: '--out names a folder or link that no earlier build wrote' },
  'output.locked': { title: 'Another build is writing the output folder' },
  'output.unwritable': { title: 'The output folder cannot be written' },
  'content.no-folder': { title: '--content names no folder' },
  'new-post.empty-title': { title: 'The new post has no title' },
  'new-post.bad-slug': { title: 'The new post slug is not lowercase words joined by hyphens' },
  'new-post.slug-taken': { title: 'Another post already has the new post slug' },
  'new-post.bad-date': { title: 'The new post date is not a real date' },
  'new-post.file-exists': { title: 'The new post file already exists' },
  'new-post.invalid-field': { title: 'The new post would not pass the post schema' },
  'new-post.round-trip': { title: 'The new post would not read back as it was given' },
  'new-post.no-archetype': { title: 'The site defines no archetype for new posts' },
  'new-post.no-folder': { title: "The new post's folder does not exist" },
  'import.no-archetype': { title: 'The site defines no archetype that says how imported posts are written' },
  'import.no-bundles': {
    title: "The site's posts collection takes no page bundles, which imported posts are written as",
  },
  'import.no-source': { title: 'The folder to import does not exist or is inside the content folder' },
  'init.not-empty': { title: 'The folder for a new site is a file, or a folder that holds something' },
  'import.source-too-large': { title: 'The folder to import holds more files, or nests deeper, than the import reads' },
  'import.outside-source': { title: 'A link in the folder to import leads out of it' },
  'import.bad-front-matter': { title: "A post's TOML front matter cannot be read" },
  'import.missing-field': { title: 'A post to import has no title or no date' },
  'import.bad-value': { title: 'A value of a post to import cannot be read' },
  'import.post-exists': { title: 'A post to import has the slug of a post the site has' },
  'import.duplicate-slug': { title: 'Two posts to import have one slug' },
  'import.invalid-field': { title: "An imported post would not pass the site's schema" },
  'import.post-changed': { title: 'A post an earlier import wrote was changed since, so --update does not replace it' },
  'import.bad-manifest': { title: "The import's manifest of the posts it wrote cannot be read" },
  'import.report-exists': { title: 'The import report would replace a file the import did not write' },
  'import.report-unwritable': {
    title:
      "The import report's path is a link, a FIFO, a folder or something else that is not a file the import can create",
  },
  'links.no-site-dir': { title: 'The folder to check does not exist' },
  'links.bad-manifest': { title: 'The route manifest cannot be read' },
  'content.bad-social-image': { title: "A post's socialImage cannot be shown by social sites" },
  'share-card.failed': { title: 'A share card could not be drawn' },
  'share-card.missing-glyphs': { title: "A share card's words hold characters no card font draws" },
  'search.unknown-page': { title: 'The search page the site definition names is not one of its pages' },
  'search.shared-folder': { title: 'The search page shares its folder with another page' },
  'search.folder-taken': { title: "A page is written into the search index's folder" },
  'search.index-failed': { title: 'Pagefind could not index the pages marked for search' },
  'search.pages-per-part': { title: 'The pages per part of the search index are not a whole number of at least 1' },
  'search.bad-ignore': {
    title: 'What search is told to leave out of pages is not a CSS selector that can be matched as a page is read',
  },
  'server.no-handler': { title: "A server route's module has no request handler as its default export" },
  'server.bad-route': {
    title: 'A server route is not a path of its own: it must start with "/", and no page may be written at it',
  },
  'server.unknown-database': { title: 'A command asks for a database the site definition does not declare' },
  'server.bundle-failed': { title: "A server route's module cannot be bundled for a host" },
  'server.bad-facts': { title: "The build's record of its server routes cannot be read" },
} as const satisfies Record<string, ErrorData>;

/** Reasons of link-checker findings: listed in the link report rather than thrown. */
const linkFindings = {
  'links.missing-page': { title: 'A link points to a page that does not exist' },
  'links.missing-file': { title: 'A link points to a file that does not exist' },
  'links.missing-fragment': { title: 'A link points to an element id the page does not have' },
  'links.outside-site': { title: 'A relative link climbs out of the site root' },
  'links.bad-url': { title: 'A link is not a valid URL' },
  'links.redirected': { title: 'A link goes through a redirect' },
  'links.trailing-slash': { title: 'A link lacks the trailing slash its page is served with' },
  'links.redirect-loop': { title: 'Redirects lead back to where they started' },
  'links.redirect-chain': { title: 'A redirect leads to another redirect' },
  'links.redirect-missing-target': { title: 'A redirect points to a page that does not exist' },
  'links.http-status': { title: 'An external link answers with an error status' },
  'links.http-timeout': { title: 'An external link does not answer in time' },
  'links.http-failed': { title: 'An external link cannot be requested' },
  'links.private-address': {
    title: 'An external link or its redirect leads to a loopback, link-local or private address',
  },
  'links.too-many-redirects': { title: 'A link goes through more redirects than a browser follows' },
  'links.unreadable-file': { title: 'A site entry is not a regular file or cannot be read' },
  'links.symlink-outside': { title: 'A symlink in the site folder points outside it' },
  'links.dangling-symlink': { title: 'A symlink in the site folder points to nothing' },
  'links.file-too-large': { title: 'A site file is larger than the link checker reads' },
  'links.too-many-redirect-rules': {
    title: 'A _redirects file has more pattern rules than the link checker reads',
    message: (limit: number, line: number, leftOut: number) =>
      `has more than ${limit.toLocaleString('en-US')} rules with a placeholder or splat, the most the checker reads: ` +
      `the ${leftOut.toLocaleString('en-US')} from line ${line} on are not read, and links that need them count as missing`,
    hint: "Replace them with fewer rules using splats or placeholders, or move them to the host's bulk redirects.",
  },
  'links.redirects-over-host-limit': {
    title: 'A _redirects file goes past what Netlify or Cloudflare Pages document (a warning)',
    hint: "Merge rules with splats or placeholders, keep each rule short, or move the old addresses to the host's bulk redirects (docs/deploying.md#hosts).",
  },
} as const satisfies Record<string, ErrorData>;

/** Results of a whole link report, as machine-readable formats name them. */
const linkReportResults = {
  'links.broken': { title: 'The link report has errors (the JUnit summary failure)' },
} as const satisfies Record<string, ErrorData>;

/** Every error code with its title, message and hint builders. */
export const errorCatalogue = { ...siteErrors, ...linkFindings, ...linkReportResults } as const;

/** A published error code; a misspelt one fails the type check. */
export type ErrorCode = keyof typeof errorCatalogue;

/** The codes the link checker reports findings with: a subset of the catalogue. */
export type LinkFindingCode = keyof typeof linkFindings;

// What a page bundle may publish beside its entry. A bundle's files are published at the site's
// origin, so a file a browser runs or shows as a page (HTML, a script, XML with a stylesheet,
// WebAssembly) would run as the site: in `dev`, through `preview`, and on hosts that ignore
// `_headers`. Only kinds a post needs and no browser runs are published: images (through the
// image pipeline), audio, video, PDF, plain text, data and archives. A site may name more kinds
// for a collection (`bundles.attachments` in its definition); those are published as downloads,
// with `Content-Disposition: attachment` and a sandboxing policy (write/headers-file.ts).
import path from 'node:path';
import { SiteError } from '../errors.ts';

/**
 * The kinds of file a bundle publishes as they are, by extension (a host serves each with its type:
 * static-host/content-types.ts).
 */
export const bundleFileExtensions: Readonly<Record<string, readonly string[]>> = Object.freeze({
  audio: ['.mp3', '.m4a', '.aac', '.oga', '.ogg', '.opus', '.wav', '.flac', '.weba'],
  video: ['.mp4', '.m4v', '.webm', '.ogv', '.mov', '.vtt', '.srt'],
  documents: ['.pdf', '.txt', '.md', '.log', '.diff', '.patch'],
  data: ['.json', '.csv', '.tsv', '.yaml', '.yml'],
  archives: ['.zip', '.gz', '.tgz', '.tar', '.bz2', '.xz', '.zst', '.7z'],
});

const published: ReadonlySet<string> = new Set(Object.values(bundleFileExtensions).flat());

/** The kinds for messages. */
const kindNames = 'images, audio, video, PDF, plain text, data (.json, .csv) and archives (.zip)';

/** Extensions a browser runs, or shows as a document of the site's origin: named as such in the error. */
const activeExtensions = new Set([
  '.html',
  '.htm',
  '.xhtml',
  '.xht',
  '.shtml',
  '.mhtml',
  '.js',
  '.mjs',
  '.cjs',
  '.xml',
  '.xsl',
  '.xslt',
  '.svgz',
  '.wasm',
  '.css',
  '.swf',
  '.jar',
  '.hta',
  '.appcache',
  '.webmanifest',
  '.rss',
  '.atom',
  '.rdf',
  '.mathml',
  '.vue',
  '.jsx',
  '.ts',
  '.tsx',
]);

/** The extensions a site names in `bundles.attachments`, as they are compared: lowercase, with their dot. */
export function attachmentExtensions(named: readonly string[] | undefined): ReadonlySet<string> {
  return new Set(
    (named ?? []).map((extension) => (extension.startsWith('.') ? extension : `.${extension}`).toLowerCase()),
  );
}

/**
 * Whether a file of a bundle is published (`'file'`), published as a download (`'attachment'`,
 * a kind the site added), or refused, with the error at the file.
 */
export function bundleFileKind(file: string, attachments: ReadonlySet<string>): 'file' | 'attachment' | SiteError {
  const extension = path.extname(file).toLowerCase();
  if (published.has(extension)) return 'file';
  if (attachments.has(extension)) return 'attachment';
  const active = activeExtensions.has(extension);
  return new SiteError({
    code: 'content.bundle-file-kind',
    message: active
      ? `${path.basename(file)} is not published beside the post: a browser would run it, or show it as a page of the site`
      : `${path.basename(file)} is not published beside the post: ${extension ? `${extension} files are` : 'a file without an extension is'} not among what a post publishes (${kindNames})`,
    hint: active
      ? "Show code in the post as a code block, or put the files in an archive (.zip). A site that means to offer such files as downloads names their extension in its collection's `bundles.attachments`."
      : "Put it in an archive (.zip), or link it from another host. A site that means to offer such files as downloads names their extension in its collection's `bundles.attachments`.",
    file,
  });
}

/**
 * Characters that make a file's address unreachable or ambiguous once published: `?` and `#`
 * end a URL's path, `%` starts an escape, a backslash is a slash to a browser, `*` and `:` are
 * patterns in a host's `_headers`, and control, line-break and bidirectional characters break
 * the lines of `_headers` and hide what a name says.
 */
const unreachable = /[?#%\\*:\p{Cc}\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/**
 * The error for a file of a bundle whose path inside it (`shots/run.png`) is no address a browser
 * can ask for; undefined when it is fine.
 */
export function unreachableName(file: string, inside: string): SiteError | undefined {
  const found = unreachable.exec(inside);
  if (!found) return undefined;
  const character = found[0].codePointAt(0)!;
  const shown =
    character < 0x20 || character === 0x7f || character > 0x7e
      ? `U+${character.toString(16).toUpperCase().padStart(4, '0')}`
      : `"${found[0]}"`;
  return new SiteError({
    code: 'content.bundle-file-name',
    message: `${JSON.stringify(inside)} cannot be published: its name holds ${shown}, so no link reaches it as written`,
    hint: 'Rename the file (or its folder) with letters, digits, spaces, dots, hyphens and underscores.',
    file,
  });
}

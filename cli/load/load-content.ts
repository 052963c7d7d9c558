import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { ContentSpec, RawContent, RawJson, RawMarkdown } from '../config/content-spec.ts';
import type { ErrorCode } from '../error-catalogue.ts';
import { collectSiteErrors, SiteError, SiteErrorList } from '../errors.ts';
import { bundleIndex } from './bundles.ts';
import { splitMarkdown } from './front-matter.ts';
import { inputLimits } from '../input-limits.ts';
import { loadJson } from './load-json.ts';
import { ContentFiles, fileFailure, guardFile } from '../shared/read-content-file.ts';

// Other steps import these from here, where the rest of the loading lives.
export { loadJson } from './load-json.ts';
export type { Entry, LoadedContent, RawContent, RawJson, RawMarkdown } from '../config/content-spec.ts';

/**
 * Reads every content file the site's content spec names under `root`; collects all read and parse
 * problems before failing.
 */
export async function loadContent(root: string, spec: ContentSpec): Promise<RawContent> {
  const errors: SiteError[] = [];
  const collect = async <T>(work: Promise<T>): Promise<T | undefined> => {
    try {
      return await work;
    } catch (error) {
      if (error instanceof SiteError) errors.push(error);
      else if (error instanceof SiteErrorList) errors.push(...error.errors);
      else throw error;
      return undefined;
    }
  };
  const files = new ContentFiles(root);
  const names = Object.keys(spec.collections);
  const [data, ...loaded] = await Promise.all([
    collect(loadDatasets(path.join(root, 'data'), Object.keys(spec.data), files)),
    ...names.map((name) => {
      const collection = spec.collections[name]!;
      const folder = path.join(root, collection.folder);
      return collect(
        collection.schema
          ? loadMarkdownFolder(folder, files, { bundles: collection.bundles !== undefined })
          : loadTextFolder(folder, files),
      );
    }),
  ]);
  if (errors.length > 0) throw new SiteErrorList(errors);
  return { root, collections: Object.fromEntries(names.map((name, index) => [name, loaded[index]!])), data: data! };
}

/**
 * Reads every `.md` file in a folder, sorted by name so builds are deterministic; with `bundles`,
 * also the `index.md` of each page bundle (a subfolder). `files` reads inside the content folder,
 * by default the one holding `folder`.
 */
export async function loadMarkdownFolder(
  folder: string,
  files = new ContentFiles(path.dirname(folder)),
  options: { bundles?: boolean } = {},
): Promise<RawMarkdown[]> {
  const listed = await markdownFiles(folder, options.bundles === true);
  const results = await Promise.allSettled(
    listed.map(async ({ file, bundle }) => ({ ...loadMarkdown(file, files), ...(bundle ? { bundle } : {}) })),
  );
  const errors = results.flatMap((r) =>
    r.status === 'rejected' ? (collectSiteErrors(r.reason) ?? [fileFailure(folder, r.reason)]) : [],
  );
  if (errors.length > 0) throw new SiteErrorList(errors);
  return results.map((r) => (r as PromiseFulfilledResult<RawMarkdown>).value);
}

/**
 * The `.md` files of a folder, sorted by name so builds are deterministic; none when the folder
 * is missing. With `bundles`, each subfolder is a page bundle, its entry `index.md` listed in
 * the place of its name; a subfolder without one is refused, so no post goes missing unnoticed.
 */
async function markdownFiles(folder: string, bundles = false): Promise<{ file: string; bundle?: string }[]> {
  const entries = (await readdir(folder, { withFileTypes: true }).catch(() => [])).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
  const listed: { file: string; bundle?: string }[] = [];
  const errors: SiteError[] = [];
  for (const entry of entries) {
    const file = path.join(folder, entry.name);
    // Anything named `.md` is read, and refused unless it is a file inside the content folder.
    if (entry.name.endsWith('.md')) listed.push({ file });
    else if (bundles && entry.isDirectory() && !entry.name.startsWith('.')) {
      const index = path.join(file, bundleIndex);
      if (await hasFile(index)) listed.push({ file: index, bundle: file });
      else
        errors.push(
          new SiteError({
            code: 'content.bundle-without-index',
            message: `the folder ${entry.name}/ has no ${bundleIndex}`,
            hint: `A post that is a folder keeps its text in ${bundleIndex} beside its images: rename its Markdown file to ${bundleIndex}, or move the folder out of ${path.basename(folder)}/.`,
            file,
          }),
        );
    }
  }
  if (errors.length > 0) throw new SiteErrorList(errors);
  return listed;
}

/** Whether `file` is there (a link too: reading it refuses one that leads out of the content folder). */
async function hasFile(file: string): Promise<boolean> {
  return lstat(file).then(
    () => true,
    () => false,
  );
}

/** Reads every `.md` file of a folder as plain text: a collection without front matter. */
async function loadTextFolder(folder: string, files: ContentFiles): Promise<RawMarkdown[]> {
  const results = await Promise.allSettled(
    (await markdownFiles(folder)).map(async ({ file }) => {
      const source = guardFile(file, () => files.readText(file, 'markdownBytes'));
      return { file, source, frontMatter: {}, frontMatterText: '', body: source, bodyLine: 1 };
    }),
  );
  const errors = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as SiteError] : []));
  if (errors.length > 0) throw new SiteErrorList(errors);
  return results.map((r) => (r as PromiseFulfilledResult<RawMarkdown>).value);
}

/** Reads and splits one Markdown file. */
export function loadMarkdown(file: string, files: ContentFiles): RawMarkdown {
  return guardFile(file, () => parseMarkdown(file, files.readText(file, 'markdownBytes')));
}

/** Splits front matter from body; a YAML error keeps its position in the file. */
export function parseMarkdown(file: string, source: string): RawMarkdown {
  try {
    const { frontMatter, frontMatterText, body, bodyLine } = splitMarkdown(source, file);
    return { file, source, frontMatter, frontMatterText, body, bodyLine };
  } catch (error) {
    throw isYamlError(error) ? yamlError(file, error) : fileFailure(file, error);
  }
}

export interface YamlError extends Error {
  reason?: string;
  mark?: { line: number; column: number };
}

export function isYamlError(error: unknown): error is YamlError {
  return error instanceof Error && error.name === 'YAMLException';
}

/** js-yaml's error as a located `SiteError`; the limits this loader sets get codes of their own. */
export function yamlError(file: string, error: YamlError): SiteError {
  const reason = error.reason ?? error.message;
  const [code, hint]: [ErrorCode, string] = /maxAliases/.test(reason)
    ? ['content.yaml-alias', 'Write the value out instead of using an alias (*name).']
    : /unknown .*tag/.test(reason)
      ? ['content.yaml-tag', 'Remove the !tag: front matter holds plain text, numbers, lists and fields.']
      : /maxDepth/.test(reason)
        ? [
            'content.too-deep',
            `Front matter may nest at most ${inputLimits.frontMatterDepth} levels: flatten the fields, or keep deeply nested data in a dataset under content/data.`,
          ]
        : ['content.bad-front-matter', 'Check indentation and quote values that contain a colon.'];
  return new SiteError({
    code,
    message:
      code === 'content.bad-front-matter' ? `front matter is not valid YAML: ${reason}` : `front matter: ${reason}`,
    hint,
    file,
    // js-yaml counts lines from 0, starting on the opening fence's line (gray-matter hands it
    // the text after `---`).
    line: error.mark ? error.mark.line + 1 : 1,
    column: error.mark ? error.mark.column + 1 : undefined,
    cause: error,
  });
}

async function loadDatasets(folder: string, names: string[], files: ContentFiles): Promise<Map<string, RawJson>> {
  const results = await Promise.allSettled(
    names.map((name) => loadJson(name, path.join(folder, `${name}.json`), files)),
  );
  const errors = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as SiteError] : []));
  if (errors.length > 0) throw new SiteErrorList(errors);
  return new Map(
    results.map((r) => {
      const raw = (r as PromiseFulfilledResult<RawJson>).value;
      return [raw.name, raw];
    }),
  );
}

import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { ErrorCode } from '../error-catalogue.ts';
import { SiteError, SiteErrorList } from '../errors.ts';
import { contentFolder, toolkitFiles } from '../project-layout.ts';
import { dataSchemas, type DataName } from '../site-model/schemas.ts';
import { splitMarkdown } from './front-matter.ts';
import type { FrontMatterCache } from './front-matter-cache.ts';
import { inputLimits } from './input-limits.ts';
import { loadJson, type RawJson } from './load-json.ts';
import { ContentFiles, fileFailure, guardFile } from './read-content-file.ts';

// Other steps import these from here, where the rest of the loading lives.
export { loadJson, offsetToLineColumn, type RawJson } from './load-json.ts';

/** A Markdown file split into front matter and body, with where the body starts. */
export interface RawMarkdown {
  file: string;
  source: string;
  frontMatter: Record<string, unknown>;
  /** YAML text between the fences, for locating fields. */
  frontMatterText: string;
  body: string;
  /** 1-based line of the first body line in the file. */
  bodyLine: number;
}

/** Everything read from content/, before validation. */
export interface RawContent {
  root: string;
  posts: RawMarkdown[];
  guides: RawMarkdown[];
  legal: RawMarkdown[];
  data: Map<DataName, RawJson>;
  toolkit: { readme: string; rules: string };
}

/** Reads every content file under `root`; collects all read and parse problems before failing. `frontMatter` holds front matter parsed by earlier builds. */
export async function loadContent(root: string, frontMatter?: FrontMatterCache): Promise<RawContent> {
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
  const [posts, guides, legal, data, readme, rules] = await Promise.all([
    collect(loadMarkdownFolder(contentFolder(root, 'posts'), files, frontMatter)),
    collect(loadMarkdownFolder(contentFolder(root, 'guides'), files, frontMatter)),
    collect(loadMarkdownFolder(contentFolder(root, 'legal'), files, frontMatter)),
    collect(loadDatasets(contentFolder(root, 'data'), files)),
    collect(loadText(path.join(contentFolder(root, 'toolkit'), toolkitFiles.readme), files)),
    collect(loadText(path.join(contentFolder(root, 'toolkit'), toolkitFiles.cursorRules), files)),
  ]);
  if (errors.length > 0) throw new SiteErrorList(errors);
  return { root, posts: posts!, guides: guides!, legal: legal!, data: data!, toolkit: { readme: readme!, rules: rules! } };
}

/**
 * Reads every `.md` file in a folder, sorted by name so builds are deterministic. `files` reads
 * inside the content folder, by default the one holding `folder`.
 */
export async function loadMarkdownFolder(folder: string, files = new ContentFiles(path.dirname(folder)), frontMatter?: FrontMatterCache): Promise<RawMarkdown[]> {
  const names = (await readdir(folder).catch(() => [] as string[])).filter((name) => name.endsWith('.md')).sort();
  const results = await Promise.allSettled(names.map(async (name) => loadMarkdown(path.join(folder, name), files, frontMatter)));
  const errors = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as SiteError] : []));
  if (errors.length > 0) throw new SiteErrorList(errors);
  return results.map((r) => (r as PromiseFulfilledResult<RawMarkdown>).value);
}

/** Reads and splits one Markdown file. */
export function loadMarkdown(file: string, files: ContentFiles, frontMatter?: FrontMatterCache): RawMarkdown {
  return guardFile(file, () => parseMarkdown(file, files.readText(file, inputLimits.markdownBytes), frontMatter));
}

/** Splits front matter from body; a YAML error keeps its position in the file. */
export function parseMarkdown(file: string, source: string, cache?: FrontMatterCache): RawMarkdown {
  try {
    const { frontMatter, frontMatterText, body, bodyLine } = splitMarkdown(source, file, cache);
    return { file, source, frontMatter, frontMatterText, body, bodyLine };
  } catch (error) {
    throw isYamlError(error) ? yamlError(file, error) : fileFailure(file, error);
  }
}

interface YamlError extends Error {
  reason?: string;
  mark?: { line: number; column: number };
}

function isYamlError(error: unknown): error is YamlError {
  return error instanceof Error && error.name === 'YAMLException';
}

/** js-yaml's error as a located `SiteError`; the limits this loader sets get codes of their own. */
function yamlError(file: string, error: YamlError): SiteError {
  const reason = error.reason ?? error.message;
  const [code, hint]: [ErrorCode, string] = /maxAliases/.test(reason)
    ? ['content.yaml-alias', 'Write the value out instead of using an alias (*name).']
    : /unknown .*tag/.test(reason)
      ? ['content.yaml-tag', 'Remove the !tag: front matter holds plain text, numbers, lists and fields.']
      : /maxDepth/.test(reason)
        ? ['content.too-deep', `Front matter may nest at most ${inputLimits.frontMatterDepth} levels.`]
        : ['content.bad-front-matter', 'Check indentation and quote values that contain a colon.'];
  return new SiteError({
    code,
    message: code === 'content.bad-front-matter' ? `front matter is not valid YAML: ${reason}` : `front matter: ${reason}`,
    hint,
    file,
    // js-yaml counts lines from 0, starting on the opening fence's line (gray-matter hands it
    // the text after `---`).
    line: error.mark ? error.mark.line + 1 : 1,
    column: error.mark ? error.mark.column + 1 : undefined,
    cause: error,
  });
}

async function loadDatasets(folder: string, files: ContentFiles): Promise<Map<DataName, RawJson>> {
  const names = Object.keys(dataSchemas) as DataName[];
  const results = await Promise.allSettled(names.map((name) => loadJson(name, path.join(folder, `${name}.json`), files)));
  const errors = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as SiteError] : []));
  if (errors.length > 0) throw new SiteErrorList(errors);
  return new Map(results.map((r) => {
    const raw = (r as PromiseFulfilledResult<RawJson>).value;
    return [raw.name, raw];
  }));
}

/** Reads a toolkit text. */
async function loadText(file: string, files: ContentFiles): Promise<string> {
  return guardFile(file, () => files.readText(file, inputLimits.markdownBytes));
}

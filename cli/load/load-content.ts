import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { SiteError, SiteErrorList } from '../errors.ts';
import { contentFolder, toolkitFiles } from '../project-layout.js';
import { splitMarkdown } from './front-matter.ts';
import { dataSchemas, type DataName } from '../site-model/schemas.ts';

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

/** A JSON dataset with its text kept for locating fields. */
export interface RawJson {
  name: DataName;
  file: string;
  source: string;
  value: unknown;
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

/** Reads every content file under `root`; collects all read and parse problems before failing. */
export async function loadContent(root: string): Promise<RawContent> {
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
  const [posts, guides, legal, data, readme, rules] = await Promise.all([
    collect(loadMarkdownFolder(contentFolder(root, 'posts'))),
    collect(loadMarkdownFolder(contentFolder(root, 'guides'))),
    collect(loadMarkdownFolder(contentFolder(root, 'legal'))),
    collect(loadDatasets(contentFolder(root, 'data'))),
    collect(readText(path.join(contentFolder(root, 'toolkit'), toolkitFiles.readme))),
    collect(readText(path.join(contentFolder(root, 'toolkit'), toolkitFiles.cursorRules))),
  ]);
  if (errors.length > 0) throw new SiteErrorList(errors);
  return { root, posts: posts!, guides: guides!, legal: legal!, data: data!, toolkit: { readme: readme!, rules: rules! } };
}

/** Reads every `.md` file in a folder, sorted by name so builds are deterministic. */
export async function loadMarkdownFolder(folder: string): Promise<RawMarkdown[]> {
  const names = (await readdir(folder).catch(() => [] as string[])).filter((name) => name.endsWith('.md')).sort();
  const results = await Promise.allSettled(names.map(async (name) => parseMarkdown(path.join(folder, name), await readText(path.join(folder, name)))));
  const errors = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as SiteError] : []));
  if (errors.length > 0) throw new SiteErrorList(errors);
  return results.map((r) => (r as PromiseFulfilledResult<RawMarkdown>).value);
}

/** Splits front matter from body; a YAML error keeps its position in the file. */
export function parseMarkdown(file: string, source: string): RawMarkdown {
  try {
    const { frontMatter, frontMatterText, body, bodyLine } = splitMarkdown(source);
    return { file, source, frontMatter, frontMatterText, body, bodyLine };
  } catch (error) {
    const mark = (error as { mark?: { line: number; column: number } }).mark;
    const reason = (error as { reason?: string }).reason ?? (error as Error).message;
    throw new SiteError({
      code: 'content.bad-front-matter',
      message: `front matter is not valid YAML: ${reason}`,
      hint: 'Check indentation and quote values that contain a colon.',
      file,
      // js-yaml counts from 0 inside the front matter; the opening fence is line 1 of the file.
      line: mark ? mark.line + 2 : 1,
      column: mark ? mark.column + 1 : undefined,
      cause: error,
    });
  }
}

async function loadDatasets(folder: string): Promise<Map<DataName, RawJson>> {
  const names = Object.keys(dataSchemas) as DataName[];
  const results = await Promise.allSettled(names.map((name) => loadJson(name, path.join(folder, `${name}.json`))));
  const errors = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as SiteError] : []));
  if (errors.length > 0) throw new SiteErrorList(errors);
  return new Map(results.map((r) => {
    const raw = (r as PromiseFulfilledResult<RawJson>).value;
    return [raw.name, raw];
  }));
}

/** Reads and parses one JSON dataset, reporting a syntax error at its line and column. */
export async function loadJson(name: DataName, file: string): Promise<RawJson> {
  const source = await readText(file);
  try {
    return { name, file, source, value: JSON.parse(source) };
  } catch (error) {
    const { line, column } = locateJsonSyntaxError(source, error as Error);
    throw new SiteError({ code: 'content.bad-json', message: `not valid JSON: ${(error as Error).message}`, file, line, column, cause: error });
  }
}

function locateJsonSyntaxError(source: string, error: Error): { line?: number; column?: number } {
  const position = /position (\d+)/.exec(error.message);
  if (!position) return {};
  return offsetToLineColumn(source, Number(position[1]));
}

/** Converts a character offset to a 1-based line and column. */
export function offsetToLineColumn(source: string, offset: number): { line: number; column: number } {
  const before = source.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

async function readText(file: string): Promise<string> {
  try {
    // Synchronous: content files are small, and a thousand promise-based reads spent more time
    // in their round trips through the thread pool than in reading.
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new SiteError({ code: 'content.missing-file', message: `cannot read file: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, file, cause: error });
  }
}

import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadContent, type RawContent } from '../../cli/load/load-content.ts';
import { SiteError, SiteErrorList } from '../../cli/errors.ts';
import { validateContent, type ValidateOptions } from '../../cli/validate/validate-content.ts';
import type { ContentSpec, LoadedContent } from '../../cli/config/content-spec.ts';
import { tinyRoot, tinySite } from './sites.ts';

// Content for engine tests: the tiny site's content folder (tests/sites/tiny/content) with the
// files a test names written over it, so each case shows the whole file it breaks, lines and all.

/** Files to write, by path under the content folder; `null` removes the file. */
export type TinyFiles = Record<string, string | Uint8Array | null>;

/** A throwaway copy of the tiny site's content with `files` laid over it; call `cleanup` after. */
export async function tinyContent(files: TinyFiles = {}): Promise<{ content: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-tiny-'));
  const content = path.join(dir, 'content');
  await cp(path.join(tinyRoot, 'content'), content, { recursive: true });
  for (const [name, bytes] of Object.entries(files)) {
    const file = path.join(content, name);
    if (bytes === null) {
      await rm(file, { force: true });
      continue;
    }
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes);
  }
  return { content, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** A problem as an author sees it: its code, its file relative to the content folder and its line. */
export interface Located {
  code: string;
  file?: string;
  line?: number;
  message: string;
  hint?: string;
}

/**
 * Loads and validates tiny content with `files` laid over it, against the tiny site's content
 * spec or `spec`; returns what validation gave, or every problem it reported.
 */
export async function validateTiny(
  files: TinyFiles,
  options: ValidateOptions & { spec?: ContentSpec } = {},
): Promise<{ content?: LoadedContent; raw?: RawContent; errors: Located[] }> {
  const { content: dir, cleanup } = await tinyContent(files);
  let raw: RawContent | undefined;
  try {
    const spec = options.spec ?? tinySite.definition.content;
    raw = await loadContent(dir, spec);
    return { raw, content: validateContent(raw, spec, options), errors: [] };
  } catch (error) {
    return { raw, errors: locatedErrors(error, dir) };
  } finally {
    await cleanup();
  }
}

/** The problems of a thrown `SiteError` or `SiteErrorList`, files relative to `dir`. */
export function locatedErrors(error: unknown, dir: string): Located[] {
  const errors = error instanceof SiteErrorList ? error.errors : error instanceof SiteError ? [error] : undefined;
  if (!errors) throw error;
  return errors.map((e) => ({
    code: e.code,
    file: e.file && path.relative(dir, e.file),
    line: e.line,
    message: e.message,
    hint: e.hint,
  }));
}

/** Code, file and line of each problem: what an author relies on. */
export const located = (errors: Located[]) => errors.map((e) => [e.code, e.file, e.line]);

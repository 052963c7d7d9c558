// The build replaces its output folder as a whole, so `--out` must name a folder that is the
// build's own: never the project, its sources, the content or the home folder (nor a folder
// holding one of them), never a file, and a folder with files only if an earlier build wrote it.
import { lstat, readdir, realpath } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SiteError } from '../errors.ts';
import { manifestFileName } from './route-manifest.ts';
import { legacyLinkedOutput } from './output-swap.ts';

/** Folders of the project that hold sources; the output may be neither one of them nor hold one. */
const sourceFolders = ['templates', 'client', 'server', 'cli', 'tests', 'node_modules', '.git'];

export interface OutputGuardOptions {
  /** The output folder, absolute. */
  out: string;
  /** The output folder as the user wrote it, for the message. */
  shown: string;
  /** Project root: the sources live here. */
  root: string;
  contentDir: string;
  /** Replace a folder with files that no earlier build wrote. */
  force?: boolean;
  cwd?: string;
  home?: string;
}

/** A folder the output must keep clear of, and whether the output may lie inside it. */
interface Protected {
  folder: string;
  what: string;
  insideAllowed: boolean;
}

/** Throws a usage `SiteError` (`output.*`) when the build must not replace `out`. */
export async function checkOutputFolder(options: OutputGuardOptions): Promise<void> {
  const { out, shown, root } = options;
  const cwd = options.cwd ?? process.cwd();
  const home = options.home ?? os.homedir();
  const guarded: Protected[] = [
    { folder: cwd, what: 'the working directory', insideAllowed: true },
    { folder: root, what: 'the project folder', insideAllowed: true },
    { folder: home, what: 'your home folder', insideAllowed: true },
    { folder: options.contentDir, what: 'the content folder', insideAllowed: false },
    ...sourceFolders.map((name) => ({
      folder: path.join(root, name),
      what: `the source folder ${name}/`,
      insideAllowed: false,
    })),
  ];
  const outs = [out, await realPathOf(out)];
  for (const entry of guarded) {
    for (const folder of new Set([entry.folder, await realPathOf(entry.folder)])) {
      for (const candidate of outs) {
        const relation = relationOf(candidate, folder, entry.insideAllowed);
        if (relation)
          throw refusal(
            'output.protected-folder',
            `--out ${shown} ${relation} ${entry.what} (${folder}); the build replaces its output folder as a whole, so give it a folder of its own such as dist`,
          );
      }
    }
  }
  await checkExisting(out, shown, options.force ?? false);
}

/** How `out` stands to a protected folder, as words, or undefined when it keeps clear of it. */
function relationOf(out: string, folder: string, insideAllowed: boolean): string | undefined {
  if (out === folder) return 'is';
  if (isWithin(folder, out)) return 'holds';
  if (!insideAllowed && isWithin(out, folder)) return 'is inside';
  return undefined;
}

function isWithin(inner: string, outer: string): boolean {
  return outer === path.parse(outer).root ? inner !== outer : inner.startsWith(outer + path.sep);
}

/** What is at `out` now: nothing, a folder an earlier build wrote, or something the build must not replace. */
async function checkExisting(out: string, shown: string, force: boolean): Promise<void> {
  const info = await lstat(out).catch(() => undefined);
  if (!info || (await legacyLinkedOutput(out))) return;
  if (info.isSymbolicLink()) {
    if (!force)
      throw refusal(
        'output.not-a-build',
        `--out ${shown} is a symbolic link that no earlier build made; pass --force to replace the link (its target is left as it is), or choose another folder`,
      );
    return;
  }
  if (!info.isDirectory())
    throw refusal(
      'output.not-a-folder',
      `--out ${shown} is a file, not a folder; the build would replace it with the site`,
    );
  const names = await readdir(out);
  if (names.length === 0 || names.includes(manifestFileName) || force) return;
  throw refusal(
    'output.not-a-build',
    `--out ${shown} holds files that no earlier build wrote (it has no ${manifestFileName}); the build would delete them: pass --force to replace them, or choose another folder`,
  );
}

/** The real path of `file`, following links of its nearest existing ancestor when it does not exist yet. */
async function realPathOf(file: string): Promise<string> {
  const real = await realpath(file).catch(() => undefined);
  if (real !== undefined) return real;
  const parent = path.dirname(file);
  return parent === file ? file : path.join(await realPathOf(parent), path.basename(file));
}

function refusal(
  code: 'output.protected-folder' | 'output.not-a-folder' | 'output.not-a-build',
  message: string,
): SiteError {
  return new SiteError({ code, message });
}

/** The one-line error for an output location that cannot be written (a read-only or missing parent, /proc...). */
export function unwritableOutput(out: string, error: unknown): SiteError {
  if (error instanceof SiteError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new SiteError({
    code: 'output.unwritable',
    message: `cannot write the output folder ${out}: ${reason}`,
    cause: error,
  });
}

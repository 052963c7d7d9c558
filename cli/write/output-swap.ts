// The output is a plain folder. A build writes a staging folder beside it
// (`.dist-staging-<pid>-<random>`); on success the old output is renamed aside
// (`.dist-old-<pid>-<random>`), the staging folder renamed into its place, and the old one
// removed. A failed build removes only its staging folder: the output stays byte for byte. Each
// folder is named after the process that made it, so the next build can tell a killed build's
// leftovers from a running build's, and restore an output that a kill between the two renames
// left aside.
import { randomBytes } from 'node:crypto';
import { lstat, mkdir, readdir, readlink, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/** Leftovers older than this are removed even when their process id is alive again (reused). */
const staleAgeMs = 6 * 60 * 60 * 1000;

type FolderRole = 'staging' | 'old';

function folderName(base: string, role: FolderRole): string {
  return `.${base}-${role}-${process.pid}-${randomBytes(6).toString('hex')}`;
}

/** The role and process id in a folder name beside the output, or undefined when the name is not one of ours. */
export function folderOwner(base: string, name: string): { role: FolderRole | 'build'; pid: number } | undefined {
  // `build` names the versions of the linked outputs of earlier releases (`dist -> .dist-build-…`).
  const match = /^(staging|old|build)-(\d+)-[0-9a-f]{12}$/.exec(
    name.startsWith(`.${base}-`) ? name.slice(base.length + 2) : '',
  );
  return match ? { role: match[1] as FolderRole | 'build', pid: Number(match[2]) } : undefined;
}

/** True while a process with this id runs (EPERM: it runs, as another user). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The version folder `out` links to when it is the link an earlier release of the generator
 * made (`dist -> .dist-build-…`, resolved or not by a copy): the build replaces the link.
 */
export async function legacyLinkedOutput(out: string): Promise<string | undefined> {
  const info = await lstat(out).catch(() => undefined);
  if (!info?.isSymbolicLink()) return undefined;
  const target = await readlink(out);
  return folderOwner(path.basename(out), path.basename(target))?.role === 'build'
    ? path.resolve(path.dirname(out), target)
    : undefined;
}

/**
 * Tidies what killed builds left beside `out`: an output a kill moved aside between the two
 * renames is put back; staging and old folders whose process is gone (or that are hours old)
 * are removed. A running build's folders carry a live process id.
 */
export async function recoverOutput(out: string): Promise<void> {
  const parent = path.dirname(out);
  const base = path.basename(out);
  const names = await readdir(parent).catch(() => [] as string[]);
  const stale = [];
  for (const name of names) {
    const owner = folderOwner(base, name);
    if (!owner || owner.role === 'build') continue;
    const folder = path.join(parent, name);
    const info = await lstat(folder).catch(() => undefined);
    if (!info?.isDirectory()) continue;
    if (owner.pid !== process.pid && isAlive(owner.pid) && Date.now() - info.mtimeMs < staleAgeMs) continue;
    stale.push({ folder, role: owner.role });
  }
  const outExists = (await lstat(out).catch(() => undefined)) !== undefined;
  const aside = stale.find((entry) => entry.role === 'old');
  if (!outExists && aside) await rename(aside.folder, out).catch(() => undefined);
  await Promise.all(
    stale
      .filter((entry) => entry !== aside || outExists)
      .map((entry) => rm(entry.folder, { recursive: true, force: true }).catch(() => undefined)),
  );
}

/** Makes an empty staging folder beside `out`, with the umask's mode (mkdtemp would make it 0700). */
export async function createStagingFolder(out: string): Promise<string> {
  const parent = path.dirname(out);
  await mkdir(parent, { recursive: true });
  const folder = path.join(parent, folderName(path.basename(out), 'staging'));
  await mkdir(folder, { mode: 0o777 });
  return folder;
}

/**
 * Puts `staging` in the place of `out` with two renames (POSIX has no exchange of two folders
 * that Node offers), and resolves with the removal of the old output under way. `preview` and
 * `dev` wait out the moment between the renames.
 */
export async function swapInOutput(out: string, staging: string): Promise<{ removed: Promise<void> }> {
  const parent = path.dirname(out);
  const legacy = await legacyLinkedOutput(out);
  const asides: string[] = [];
  // Builds into one output take a lock (output-lock.ts); two that still meet each move the
  // other's fresh output aside and try again, so one complete output wins.
  for (let attempt = 0; ; attempt++) {
    const aside = path.join(parent, folderName(path.basename(out), 'old'));
    const moved = await rename(out, aside).then(
      () => true,
      (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
        return false;
      },
    );
    if (moved) asides.push(aside);
    try {
      await rename(staging, out);
      break;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if ((code === 'ENOTEMPTY' || code === 'EEXIST') && attempt < 5) continue;
      if (moved) await rename(aside, out).catch(() => undefined);
      throw error;
    }
  }
  const removed = Promise.all(
    [...asides, ...(legacy ? [legacy] : [])].map((folder) => rm(folder, { recursive: true, force: true })),
  ).then(
    () => undefined,
    () => undefined,
  );
  return { removed };
}

// The output path is a symbolic link to a versioned folder beside it (`dist -> .dist-build-…`):
// a build writes a new version, then one `rename` of a fresh link over the old one swaps it in,
// so a reader of `dist` always finds a complete site (POSIX renames are atomic; Node has no
// renameat2 to exchange two real folders). Each version is named after the process that wrote
// it, so the next build can tell a killed build's leftovers from a running build's staging.
import { randomBytes } from 'node:crypto';
import { lstat, mkdir, readdir, readlink, rename, rm, stat, symlink } from 'node:fs/promises';
import path from 'node:path';

/** Leftovers older than this are removed even when their process id is alive again (reused). */
const staleAgeMs = 6 * 60 * 60 * 1000;

/** How long an old version outlives the swap: far longer than a path lookup takes. */
const removalGraceMs = 25;

/** A version folder's name: `.<out>-build-<pid>-<random>`, beside the output. */
function versionName(base: string): string {
  return `.${base}-build-${process.pid}-${randomBytes(6).toString('hex')}`;
}

/** The process id in a version folder's name, or undefined when the name is not one of ours. */
export function versionOwner(base: string, name: string): number | undefined {
  const prefix = `.${base}-build-`;
  if (!name.startsWith(prefix)) return undefined;
  const match = /^(\d+)-[0-9a-f]{12}$/.exec(name.slice(prefix.length));
  return match ? Number(match[1]) : undefined;
}

/** Folders the build of sitegen before versioned outputs left when killed: `.dist-XXXXXX` and `.dist-XXXXXX-old`. */
function isLegacyStaging(base: string, name: string): boolean {
  return name.startsWith(`.${base}-`) && /^[A-Za-z0-9]{6}(-old)?$/.test(name.slice(base.length + 2));
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

/** The version folder name `out` links to, when it is a link this build made; undefined otherwise. */
export async function liveVersion(out: string): Promise<string | undefined> {
  const info = await lstat(out).catch(() => undefined);
  if (!info?.isSymbolicLink()) return undefined;
  const target = await readlink(out);
  return !target.includes('/') && versionOwner(path.basename(out), target) !== undefined ? target : undefined;
}

/** Makes an empty version folder beside `out`, with the umask's mode (mkdtemp would make it 0700). */
export async function createVersionFolder(out: string): Promise<string> {
  const parent = path.dirname(out);
  await mkdir(parent, { recursive: true });
  const folder = path.join(parent, versionName(path.basename(out)));
  await mkdir(folder, { mode: 0o777 });
  return folder;
}

/**
 * Removes what killed builds left beside `out`: version folders whose process is gone (or that
 * are hours old) and are not the live one. A running build's folder carries a live process id.
 */
export async function removeStaleVersions(out: string): Promise<void> {
  const parent = path.dirname(out);
  const base = path.basename(out);
  const live = await liveVersion(out);
  const names = await readdir(parent).catch(() => [] as string[]);
  await Promise.all(names.map(async (name) => {
    if (name === live) return;
    const owner = versionOwner(base, name);
    if (owner === undefined && !isLegacyStaging(base, name)) return;
    const folder = path.join(parent, name);
    const info = await lstat(folder).catch(() => undefined);
    // Folders, and the links a killed commit left; never a file of the user's.
    if (!info?.isDirectory() && !info?.isSymbolicLink()) return;
    const old = Date.now() - info.mtimeMs > staleAgeMs;
    if (owner === undefined ? old : old || !isAlive(owner)) await rm(folder, { recursive: true, force: true }).catch(() => undefined);
  }));
}

/**
 * Points `out` at `folder` (a version beside it) with one rename, and resolves with the removal
 * of the version it pointed at before, under way. An `out` that is a real folder (an older
 * build's, or one given with `--force`) is moved aside first: the one moment without an output,
 * once per project.
 */
export async function swapInVersion(out: string, folder: string): Promise<{ removed: Promise<void> }> {
  const parent = path.dirname(out);
  const base = path.basename(out);
  const link = path.join(parent, versionName(base));
  const linked = await symlink(path.basename(folder), link).then(() => true, (error: NodeJS.ErrnoException) => {
    if (!['EPERM', 'ENOSYS', 'EOPNOTSUPP', 'EINVAL'].includes(error.code ?? '')) throw error;
    return false;
  });
  if (!linked) return swapFolders(out, folder);
  const previous = await previousVersion(out);
  let aside = previous === undefined && (await lstat(out).catch(() => undefined))?.isDirectory() ? path.join(parent, versionName(base)) : undefined;
  try {
    // ENOENT: another build moved the real folder aside a moment ago; its link or ours wins.
    if (aside) await rename(out, aside).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
      aside = undefined;
    });
    await rename(link, out);
  } catch (error) {
    await rm(link, { force: true });
    if (aside) await rename(aside, out).catch(() => undefined);
    throw error;
  }
  // The new output is in place: a failure to remove the old one is left to the next build.
  // A reader's open() that resolved `out` to the old version just before the rename is still
  // looking its file up in it; removing the old version a moment later lets that lookup finish.
  const replaced = previous ?? aside;
  return { removed: replaced ? removeReplaced(replaced) : Promise.resolve() };
}

async function removeReplaced(folder: string): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, removalGraceMs));
  await rm(folder, { recursive: true, force: true }).catch(() => undefined);
}

/** The version folder `out` links to now, as a path. */
async function previousVersion(out: string): Promise<string | undefined> {
  const live = await liveVersion(out);
  return live === undefined ? undefined : path.join(path.dirname(out), live);
}

/**
 * The swap on a file system without symbolic links (some network shares, FAT, Windows without
 * the privilege): the output stays a real folder, replaced by two renames with a moment between.
 */
async function swapFolders(out: string, folder: string): Promise<{ removed: Promise<void> }> {
  const aside = path.join(path.dirname(out), versionName(path.basename(out)));
  const moved = await rename(out, aside).then(() => true, (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
    return false;
  });
  await rename(folder, out);
  return { removed: moved ? rm(aside, { recursive: true, force: true }) : Promise.resolve() };
}

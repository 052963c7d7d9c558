// One build at a time per output folder: `.dist.lock` beside it holds the building process's
// id. Node has no flock, so the file is created with O_EXCL ('wx') and a lock whose process is
// gone is taken over. The lock is for a clear message: two builds that still meet (a takeover
// race) each swap in a complete output (see output-swap.ts), never a half output.
import { mkdir, open, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { SiteError } from '../errors.ts';
import { unwritableOutput } from './output-guard.ts';
import { isAlive } from './output-swap.ts';

/** A lock older than this is taken over even if its process id is alive again (reused). */
const staleAgeMs = 6 * 60 * 60 * 1000;

/** The lock file of an output folder: `.<out>.lock` beside it. */
export function lockFileOf(out: string): string {
  return path.join(path.dirname(out), `.${path.basename(out)}.lock`);
}

/**
 * Takes the lock of `out`, creating its parent folders; resolves with a function that releases
 * it. Throws `output.locked` when another running build holds it.
 */
export async function lockOutput(out: string): Promise<() => Promise<void>> {
  const file = lockFileOf(out);
  await mkdir(path.dirname(out), { recursive: true }).catch((error: unknown) => {
    throw unwritableOutput(out, error);
  });
  for (let attempt = 0; ; attempt++) {
    let handle;
    try {
      handle = await open(file, 'wx', 0o644);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw unwritableOutput(out, error);
    }
    if (handle) {
      try {
        await handle.writeFile(`${process.pid}\n`);
        await handle.close();
      } catch (error) {
        // A lock without its process id (a full disk, say) would look like one being written
        // by another build: it is removed, and the build stops with the reason.
        await handle.close().catch(() => undefined);
        await rm(file, { force: true });
        throw unwritableOutput(out, error);
      }
      return () => rm(file, { force: true });
    }
    let holder = await lockHolder(file);
    // A lock created this very moment has no process id in it yet: read it again shortly, so
    // that the message can name the build that holds it.
    for (let wait = 0; wait < 5 && holder.live && !(holder.pid > 0); wait++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      holder = await lockHolder(file);
    }
    // A lock that reappears after each takeover belongs to a build taking it over at the same time.
    if (holder.live || attempt >= 2) {
      throw new SiteError({
        code: 'output.locked',
        message: `another build${holder.pid > 0 ? ` (process ${holder.pid})` : ''} is writing ${out}; wait for it to finish, or delete ${file} if no build is running`,
      });
    }
    await rm(file, { force: true });
  }
}

/** Who holds a lock file, and whether it still runs; a lock removed meanwhile counts as not live. */
async function lockHolder(file: string): Promise<{ pid: number; live: boolean }> {
  const [text, info] = await Promise.all([readFile(file, 'utf8').catch(() => ''), stat(file).catch(() => undefined)]);
  const pid = Number.parseInt(text, 10);
  if (!info || !(pid > 0)) {
    // Being written this very moment by its holder, or gone: only an old empty file is stale.
    return { pid, live: info !== undefined && Date.now() - info.mtimeMs < 10_000 };
  }
  return { pid, live: pid !== process.pid && isAlive(pid) && Date.now() - info.mtimeMs < staleAgeMs };
}

import { statSync } from 'node:fs';
import path from 'node:path';
import { watch, type FSWatcher } from 'chokidar';

/**
 * Files no build reads that editors and tools write next to the real one while saving: Vim's
 * swap files and `4913` probe, backups ending in `~`, Emacs's `.#x` locks and `#x#` autosaves,
 * `sed -i`'s `sedXXXXXX` and other `.tmp` files, and folders of installed packages.
 */
const ignoredName = /^(?:\..*\.sw[a-p]|4913|\.#.*|#.*#|sed[A-Za-z0-9]{6}|.*~|.*\.tmp|\.DS_Store|node_modules)$/;

/** Whether a watched path is an editor's or tool's scratch file rather than a source. */
export function isScratchFile(file: string): boolean {
  return ignoredName.test(path.basename(file));
}

/**
 * How long after a rebuild its files are looked at again. chokidar drops a change that follows
 * another change of the same file within a few tens of milliseconds (measured: of writes 40 ms
 * apart, one in two is never reported), which is how an author saves a fix right after the
 * build showed an error; a file whose size or time moved since its rebuild began is rebuilt again.
 */
export const recheckDelayMs = 150;

/**
 * Watches folders and runs `rebuild` with the files that changed: one rebuild at a time, with
 * edits made during a rebuild collected for the next one.
 */
export class RebuildQueue<Report> {
  private pending = new Set<string>();
  private running: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly rechecks = new Set<NodeJS.Timeout>();
  /** Each rebuilt file's size and times when its last rebuild began. */
  private readonly lastRead = new Map<string, string>();
  private closed = false;
  private readonly watcher: FSWatcher;
  private readonly watching: Promise<void>;
  private readonly waiting: ((report: Report) => void)[] = [];

  constructor(
    folders: string[],
    private readonly rebuild: (files: string[]) => Promise<Report>,
    ignored: (file: string) => boolean = () => false,
  ) {
    // chokidar watches each folder rather than each file, so a save by rename (`sed -i`, an
    // editor's safe write) is seen as a change of that path, and a deleted file as a deletion;
    // Node's recursive `fs.watch` on Linux loses a file replaced that way.
    this.watcher = watch(folders, {
      ignoreInitial: true,
      followSymlinks: false,
      ignored: (file) => isScratchFile(file) || ignored(path.resolve(file)),
    });
    this.watching = new Promise((resolve) => this.watcher.once('ready', resolve));
    this.watcher.on('all', (_event, file) => {
      this.pending.add(path.resolve(file));
      // A short pause lets an editor finish a save that touches several files.
      this.timer ??= setTimeout(() => this.run(), 10);
    });
    // A folder that cannot be read is skipped; the dev server keeps serving what it has.
    this.watcher.on('error', () => undefined);
  }

  /** Resolves once the folders are being watched (edits before that may be missed). */
  ready(): Promise<void> {
    return this.watching;
  }

  /** Resolves with the report of the next rebuild. */
  next(): Promise<Report> {
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Stops watching and waits for a rebuild in progress. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    for (const recheck of this.rechecks) clearTimeout(recheck);
    await this.watcher.close();
    await this.running;
  }

  private run(): void {
    this.timer = undefined;
    if (this.running || this.pending.size === 0) return;
    const batch = [...this.pending];
    this.pending = new Set();
    for (const file of batch) this.lastRead.set(file, fingerprint(file));
    this.running = this.rebuild(batch).then((report) => {
      for (const resolve of this.waiting.splice(0)) resolve(report);
      this.running = undefined;
      this.run();
      const recheck = setTimeout(() => {
        this.rechecks.delete(recheck);
        this.requeueChanged(batch);
      }, recheckDelayMs);
      this.rechecks.add(recheck);
    });
  }

  /** Queues each file of a finished batch that changed since a rebuild last read it, unreported. */
  private requeueChanged(batch: string[]): void {
    if (this.closed) return;
    const missed = batch.filter((file) => !this.pending.has(file) && fingerprint(file) !== this.lastRead.get(file));
    if (missed.length === 0) return;
    for (const file of missed) this.pending.add(file);
    this.timer ??= setTimeout(() => this.run(), 10);
  }
}

/** A file's size and modification time, or `missing`: what tells an unreported change. */
function fingerprint(file: string): string {
  try {
    const info = statSync(file);
    return `${info.size}:${info.mtimeMs}:${info.ctimeMs}`;
  } catch {
    return 'missing';
  }
}

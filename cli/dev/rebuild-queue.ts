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
 * Watches folders and runs `rebuild` with the files that changed: one rebuild at a time, with
 * edits made during a rebuild collected for the next one.
 */
export class RebuildQueue<Report> {
  private pending = new Set<string>();
  private running: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly watcher: FSWatcher;
  private readonly watching: Promise<void>;
  private readonly waiting: ((report: Report) => void)[] = [];

  constructor(folders: string[], private readonly rebuild: (files: string[]) => Promise<Report>) {
    // chokidar watches each folder rather than each file, so a save by rename (`sed -i`, an
    // editor's safe write) is seen as a change of that path, and a deleted file as a deletion;
    // Node's recursive `fs.watch` on Linux loses a file replaced that way.
    this.watcher = watch(folders, { ignoreInitial: true, followSymlinks: false, ignored: isScratchFile });
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
    if (this.timer) clearTimeout(this.timer);
    await this.watcher.close();
    await this.running;
  }

  private run(): void {
    this.timer = undefined;
    if (this.running || this.pending.size === 0) return;
    const batch = [...this.pending];
    this.pending = new Set();
    this.running = this.rebuild(batch).then((report) => {
      for (const resolve of this.waiting.splice(0)) resolve(report);
      this.running = undefined;
      this.run();
    });
  }
}

import { watch, type FSWatcher } from 'node:fs';
import path from 'node:path';

/**
 * Watches folders and runs `rebuild` with the files that changed: one rebuild at a time, with
 * edits made during a rebuild collected for the next one.
 */
export class RebuildQueue<Report> {
  private pending = new Set<string>();
  private running: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly watchers: FSWatcher[];
  private readonly waiting: ((report: Report) => void)[] = [];

  constructor(folders: string[], private readonly rebuild: (files: string[]) => Promise<Report>) {
    // Node's recursive watcher reports every write as it happens; editors that save by
    // renaming report a rename of the same path, which is handled the same way.
    this.watchers = folders.map((dir) => watch(dir, { recursive: true }, (_event, name) => {
      if (!name) return;
      this.pending.add(path.join(dir, name.toString()));
      // A short pause lets an editor finish a save that touches several files.
      this.timer ??= setTimeout(() => this.run(), 10);
    }));
  }

  /** Resolves with the report of the next rebuild. */
  next(): Promise<Report> {
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Stops watching and waits for a rebuild in progress. */
  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    for (const watcher of this.watchers) watcher.close();
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

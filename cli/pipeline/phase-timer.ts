import { performance } from 'node:perf_hooks';

/**
 * The phases a build's summary reports; validate and route count as load. `images` is the time
 * the build waited for images once the pages were rendered (their encoding runs beside rendering),
 * `cards` the same for share cards, `search` the time Pagefind took to index the pages.
 */
export type Phase = 'load' | 'render' | 'images' | 'cards' | 'search' | 'bundle' | 'write' | 'check';

/** Adds up the time spent in each phase of a build, and its wall time. */
export class PhaseTimer {
  private readonly started = performance.now();
  private readonly spent: Record<Phase, number> = {
    load: 0,
    render: 0,
    images: 0,
    cards: 0,
    search: 0,
    bundle: 0,
    write: 0,
    check: 0,
  };

  /**
   * Runs `work` and resolves as it does, adding its time to `phase`, the part it runs before its
   * first wait included.
   */
  async time<T>(phase: Phase, work: () => Promise<T>): Promise<T> {
    const start = performance.now();
    try {
      return await work();
    } finally {
      this.spent[phase] += performance.now() - start;
    }
  }

  /** Waits for work started earlier (images encode while pages render), adding the wait to `phase`. */
  async wait<T>(phase: Phase, work: Promise<T>): Promise<T> {
    return this.time(phase, () => work);
  }

  /** Runs `work`, adding its time to `phase`. */
  timeSync<T>(phase: Phase, work: () => T): T {
    const start = performance.now();
    try {
      return work();
    } finally {
      this.spent[phase] += performance.now() - start;
    }
  }

  /** Milliseconds per phase so far. */
  timings(): Record<Phase, number> {
    return { ...this.spent };
  }

  /** Milliseconds since the timer was made. */
  elapsed(): number {
    return performance.now() - this.started;
  }
}

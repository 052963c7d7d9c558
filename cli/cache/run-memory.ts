/**
 * What a long-running process (`dev`) rendered or read in its last run, by cache key, so the
 * next run takes it from memory instead of reading and verifying the cache's entry again. A key
 * names everything its value is made from, so a value found under it needs no check. Only what
 * the last run used is kept: after each run, what it did not ask for is let go.
 */
export class RunMemory<T> {
  private last = new Map<string, T>();
  private current = new Map<string, T>();

  /** The value kept under `key`, which this run then keeps too. */
  get(key: string): T | undefined {
    const value = this.current.get(key) ?? this.last.get(key);
    if (value !== undefined) this.current.set(key, value);
    return value;
  }

  set(key: string, value: T): void {
    this.current.set(key, value);
  }

  /** Ends a run: what it used is kept for the next, the rest let go. */
  endRun(): void {
    this.last = this.current;
    this.current = new Map();
  }
}

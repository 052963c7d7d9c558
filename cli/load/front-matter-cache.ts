// Parsed front matter between builds. Parsing the YAML of 1,000 posts is about a quarter of a
// second of every build, and a build after an edit finds nearly all of it unchanged. Entries are
// keyed by a hash of the YAML text exactly as js-yaml receives it, and hold only what JSON
// carries without loss (the YAML schema in use yields dates as text): anything else is parsed
// every time.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generatorFingerprint } from '../build/generator-fingerprint.ts';

/** Bumped when the entries' shape or what the parser yields changes. */
const cacheVersion = 1;
/** A cache file larger than this is not read. */
const maxCacheBytes = 32 * 1024 * 1024;

interface Entry {
  /** The front matter, as parsed. */
  data: Record<string, unknown>;
}

/**
 * Front matter parsed in earlier builds, by the hash of its YAML text. `lookup` answers a fresh
 * copy; `save` keeps the entries this build looked up or stored, and only when they changed.
 */
export class FrontMatterCache {
  private readonly previous = new Map<string, Entry>();
  private readonly next = new Map<string, Entry>();
  private changed = false;
  hits = 0;

  private constructor(private readonly file: string | undefined) {}

  /** The cache kept in `file`; empty when there is none, or it is not one this version wrote. */
  static open(file: string | undefined): FrontMatterCache {
    const cache = new FrontMatterCache(file);
    if (!file) return cache;
    try {
      if (statSync(file).size > maxCacheBytes) return cache;
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown; generator?: unknown; entries?: unknown };
      // Another generator (another gray-matter or js-yaml, say) may parse the same text otherwise.
      if (parsed?.version !== cacheVersion || parsed.generator !== generatorFingerprint() || typeof parsed.entries !== 'object' || parsed.entries === null) return cache;
      for (const [key, entry] of Object.entries(parsed.entries)) if (/^[0-9a-f]{64}$/.test(key) && isEntry(entry)) cache.previous.set(key, entry);
    } catch {
      // No cache, or an unreadable one: every front matter is parsed.
    }
    return cache;
  }

  /** The front matter parsed earlier from exactly this YAML text, as a new object; undefined when unknown. */
  lookup(yaml: string): Record<string, unknown> | undefined {
    const key = keyOf(yaml);
    const entry = this.previous.get(key) ?? this.next.get(key);
    if (!entry) return undefined;
    const data = structuredClone(entry.data);
    if (!this.next.has(key)) this.next.set(key, entry);
    this.hits++;
    return data;
  }

  /** Keeps what `yaml` parsed to, when JSON can carry it exactly. */
  store(yaml: string, data: Record<string, unknown>): void {
    if (!plain(data)) return;
    this.next.set(keyOf(yaml), { data: structuredClone(data) });
    this.changed = true;
  }

  /** Writes the entries of this build for the next one; a cache that cannot be written only costs time. */
  save(): void {
    if (!this.file) return;
    if (!this.changed && this.next.size === this.previous.size) return;
    const temporary = `${this.file}.${process.pid}.tmp`;
    try {
      mkdirSync(path.dirname(this.file), { recursive: true });
      writeFileSync(temporary, JSON.stringify({ version: cacheVersion, generator: generatorFingerprint(), entries: Object.fromEntries(this.next) }));
      renameSync(temporary, this.file);
    } catch {
      rmSync(temporary, { force: true });
    }
  }
}

function keyOf(yaml: string): string {
  return createHash('sha256').update(yaml).digest('hex');
}

/** Whether `value` survives JSON exactly: null, booleans, strings, finite numbers other than -0, and arrays without holes and plain objects of those. */
function plain(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!(i in value) || !plain(value[i])) return false;
    return true;
  }
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false;
  return Object.values(value).every(plain);
}

function isEntry(value: unknown): value is Entry {
  const entry = value as Partial<Entry> | null;
  return typeof entry === 'object' && entry !== null && typeof entry.data === 'object' && entry.data !== null && !Array.isArray(entry.data) && plain(entry.data);
}

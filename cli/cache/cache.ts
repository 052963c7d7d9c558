// The one cache of the generator: everything it keeps between runs lives under
// `node_modules/.cache/sitegen/`, in one folder per named cache of the table below, one file per
// entry, in one format. Nothing in it is trusted by name: each entry records a hash of its
// bytes, its named cache and its key when it is written, and a read that finds anything else (a
// truncated file, foreign bytes, another entry's bytes, another format) answers nothing, so the
// caller makes the value afresh. Keys are hashes
// of everything a value is made from (the callers' business); a key no build asks for again is
// pruned. `--no-cache` turns the whole cache off: nothing is read, nothing written.
//
// A plain hash catches damage, not forgery: whoever can write the folder can change a payload
// and hash it again. With a secret (`SITEGEN_CACHE_SECRET`), the hash is an HMAC under it, so
// only a run that knows the secret can write an entry another such run takes.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  closeSync,
  constants,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

/** Every named cache: what it holds, the largest entry it reads, and how long an unused entry lives. */
export const cacheTable = {
  /** Rendered pages, by everything a page is made from (cli/pipeline/page-reuse.ts). */
  pages: { maxEntryBytes: 64 * 1024 * 1024, maxAgeDays: 14 },
  /** Rendered Markdown bodies, by text, first line and pipeline. */
  markdown: { maxEntryBytes: 64 * 1024 * 1024, maxAgeDays: 14 },
  /** Highlighted code blocks, by language, code and pipeline: an edited post re-highlights only its new code. */
  highlight: { maxEntryBytes: 4 * 1024 * 1024, maxAgeDays: 14 },
  /** Encoded image variants, by source bytes and encoding. */
  images: { maxEntryBytes: 256 * 1024 * 1024, maxAgeDays: 30 },
  /** Drawn share cards, by words, look and renderer. */
  cards: { maxEntryBytes: 16 * 1024 * 1024, maxAgeDays: 30 },
  /**
   * Parts of the search index, by Pagefind's version and their pages' HTML (cli/search/search-part.ts).
   * Each edit stores a new part (a megabyte or two for 250 pages), and a part is made again in about a second:
   * unused ones go after two days.
   */
  search: { maxEntryBytes: 256 * 1024 * 1024, maxAgeDays: 2 },
  /**
   * The site definition's compile, by the engine, esbuild and the definition's file; taken only
   * while every file it was made from is unchanged (cli/config/load-site.ts).
   */
  definitions: { maxEntryBytes: 64 * 1024 * 1024, maxAgeDays: 14 },
  /** The client bundle, by its input files and esbuild's version. */
  bundle: { maxEntryBytes: 64 * 1024 * 1024, maxAgeDays: 14 },
  /** The last build into each output folder (cli/pipeline/build-reuse.ts). */
  builds: { maxEntryBytes: 64 * 1024 * 1024, maxAgeDays: 30 },
} as const;

export type CacheName = keyof typeof cacheTable;

/** Bumped when the entry format below changes: entries of another format are never read. */
const formatVersion = 2;
/**
 * `sitegen-cache <format> <check>\n`, then the payload; the check is the SHA-256 of the named
 * cache, the key and the payload, or with a secret their HMAC-SHA256 under it.
 */
const headerPrefix = `sitegen-cache ${formatVersion} `;
const headerLength = headerPrefix.length + 64 + 1;

/** The environment variable holding the secret entries are signed with; unset or empty, entries carry a plain hash. */
export const cacheSecretVariable = 'SITEGEN_CACHE_SECRET';

/** Days between prunes of one cache folder: a prune lists every entry. */
const pruneEveryDays = 1;
const day = 86_400_000;

/** The folder a project's cache lives in. */
export function cacheFolder(root: string): string {
  return path.join(root, 'node_modules', '.cache', 'sitegen');
}

/** A hash of the parts, as a cache key. */
export function cacheKey(...parts: (string | Uint8Array | number | boolean | undefined)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part instanceof Uint8Array ? part : String(part)).update('\0');
  return hash.digest('hex');
}

export interface CacheOptions {
  /** What entries are signed with; none or empty: a plain hash. */
  secret?: string;
}

/** What a thread needs to open the cache another opened: its folder and secret, as plain data. */
export interface SharedCache {
  folder: string | undefined;
  secret: string | undefined;
}

/**
 * The cache of one project. Safe to use from several threads and processes at once: entries are
 * written under a temporary name and renamed into place, so a reader finds a whole entry or none.
 * A failure to write only costs a later run the time to make the value again.
 */
export class Cache {
  /** The key entries are signed with, when there is a secret. */
  private readonly secret: Buffer | undefined;

  /**
   * A cache in `folder` (none: a cache that keeps nothing). Its entries are signed with the
   * `secret` of `options`, by default `SITEGEN_CACHE_SECRET`; an empty one is none.
   */
  constructor(
    readonly folder: string | undefined,
    options: CacheOptions = { secret: process.env[cacheSecretVariable] },
  ) {
    this.secret = options.secret ? Buffer.from(options.secret, 'utf8') : undefined;
  }

  /** The same cache as another thread opens it (`Cache.opened`): Markdown's workers keep highlighted code in it. */
  get shared(): SharedCache {
    return { folder: this.folder, secret: this.secret?.toString('utf8') };
  }

  /** The cache another thread shared. */
  static opened(shared: SharedCache | undefined): Cache {
    return new Cache(shared?.folder, { secret: shared?.secret });
  }

  /** The cache of the project at `root`, or one that keeps nothing when `enabled` is false. */
  static of(root: string, enabled = true): Cache {
    return new Cache(enabled ? cacheFolder(root) : undefined);
  }

  /** Whether entries are signed: written with an HMAC under a secret, and read only when it checks. */
  get signed(): boolean {
    return this.secret !== undefined;
  }

  get enabled(): boolean {
    return this.folder !== undefined;
  }

  /** The entry's bytes, when there is one whose bytes are those recorded when it was written. */
  get(name: CacheName, key: string): Buffer | undefined {
    const file = this.entryFile(name, key);
    if (!file) return undefined;
    let fd: number;
    try {
      // Not following links, and non-blocking: an entry swapped for a link or a FIFO is no entry.
      fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    } catch {
      return undefined;
    }
    try {
      const info = fstatSync(fd);
      if (!info.isFile() || info.size < headerLength || info.size > cacheTable[name].maxEntryBytes + headerLength)
        return undefined;
      const bytes = Buffer.allocUnsafe(info.size);
      let read = 0;
      while (read < bytes.length) {
        const count = readSync(fd, bytes, read, bytes.length - read, null);
        if (count === 0) return undefined;
        read += count;
      }
      const payload = bytes.subarray(headerLength);
      if (!timingSafeEqual(bytes.subarray(0, headerLength), Buffer.from(this.header(name, key, payload), 'latin1')))
        return undefined;
      touch(file, info.mtimeMs);
      return payload;
    } catch {
      return undefined;
    } finally {
      closeSync(fd);
    }
  }

  /** Stores an entry. */
  put(name: CacheName, key: string, payload: Uint8Array | string): void {
    const file = this.entryFile(name, key);
    if (!file) return;
    const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (bytes.length > cacheTable[name].maxEntryBytes) return;
    const temporary = `${file}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
    try {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(temporary, Buffer.concat([Buffer.from(this.header(name, key, bytes), 'latin1'), bytes]));
      renameSync(temporary, file);
    } catch {
      try {
        rmSync(temporary, { force: true });
      } catch {
        // No folder to write in (a file in its place): there is no temporary file either.
      }
    }
  }

  /** An entry holding JSON, parsed; undefined when there is none or it is not what `isValid` expects. */
  getJson<T>(name: CacheName, key: string, isValid: (value: unknown) => value is T): T | undefined {
    const bytes = this.get(name, key);
    if (!bytes) return undefined;
    try {
      const value: unknown = JSON.parse(bytes.toString('utf8'));
      return isValid(value) ? value : undefined;
    } catch {
      return undefined;
    }
  }

  putJson(name: CacheName, key: string, value: unknown): void {
    this.put(name, key, JSON.stringify(value));
  }

  /**
   * Removes, from each named cache at most once a day, the entries no run has used for its
   * `maxAgeDays`, and any folder or file the table does not name (an older format's).
   */
  prune(now = Date.now()): void {
    if (!this.folder) return;
    let names: string[];
    try {
      names = readdirSync(this.folder);
    } catch {
      return;
    }
    for (const name of names) {
      const folder = path.join(this.folder, name);
      if (!Object.hasOwn(cacheTable, name)) {
        rmSync(folder, { recursive: true, force: true });
        continue;
      }
      const stamp = path.join(folder, '.pruned');
      try {
        if (now - statSync(stamp).mtimeMs < pruneEveryDays * day) continue;
      } catch {
        // Never pruned: prune now.
      }
      const maxAge = cacheTable[name as CacheName].maxAgeDays * day;
      try {
        for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
          if (!entry.isFile() || entry.name === '.pruned') continue;
          const file = path.join(entry.parentPath, entry.name);
          const info = statSync(file);
          if (now - info.mtimeMs > maxAge || entry.name.endsWith('.tmp')) rmSync(file, { force: true });
        }
        writeFileSync(stamp, '');
      } catch {
        // Pruning is housekeeping: a failure is left for the next run.
      }
    }
  }

  /**
   * The first line of an entry: its check covers the named cache and the key as well as the
   * payload, so that a sound entry copied or moved under another key is no entry there. Under a
   * secret it is an HMAC, which an entry hashed without the secret never matches.
   */
  private header(name: CacheName, key: string, payload: Uint8Array): string {
    const check = this.secret ? createHmac('sha256', this.secret) : createHash('sha256');
    return `${headerPrefix}${check.update(`${name}\0${key}\0`).update(payload).digest('hex')}\n`;
  }

  private entryFile(name: CacheName, key: string): string | undefined {
    if (!this.folder || !/^[0-9a-f]{64}$/.test(key)) return undefined;
    return path.join(this.folder, name, key.slice(0, 2), key);
  }
}

/** Marks an entry used, so pruning keeps it; an entry touched within the last hour is left as it is. */
function touch(file: string, mtimeMs: number): void {
  const now = Date.now();
  if (now - mtimeMs < 3_600_000) return;
  try {
    utimesSync(file, now / 1000, now / 1000);
  } catch {
    // A read-only cache still serves its entries.
  }
}

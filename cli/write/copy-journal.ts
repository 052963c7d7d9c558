// When the output sits on another file system than the caches (an output on tmpfs, say), a
// build cannot hard-link a cached page, image variant or share card into it and copies each
// one: at 1,000 posts, over 100 MB per build. The previous output already holds those copies,
// on the right file system. The journal remembers, per output file, which cached file it was
// copied from and what both looked like then; a later build that would copy the same unchanged
// file again hard-links the previous output's copy instead.
import { lstatSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, type BigIntStats } from 'node:fs';
import path from 'node:path';

/** Bumped when the record's shape changes. */
const journalVersion = 1;
/** A journal larger than this is not read (about 150 bytes per copied file). */
const maxJournalBytes = 64 * 1024 * 1024;

/** Device, inode, mode, size and modification time (ns) of a file, as text. */
type Identity = string;
/** What a copy came from and what it was right after copying. */
type Copy = [source: string, sourceIdentity: Identity, copyIdentity: Identity];

interface JournalFile {
  version: number;
  /** The version folder the copies are in. */
  folder: string;
  copies: Record<string, Copy>;
}

/** The copies a sound journal in `file` records for the version folder `folder`; undefined otherwise. */
function readJournal(file: string, folder: string): Record<string, Copy> | undefined {
  try {
    if (statSync(file).size > maxJournalBytes) return undefined;
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<JournalFile> | null;
    const sound = parsed?.version === journalVersion && parsed.folder === path.basename(folder) && typeof parsed.copies === 'object' && parsed.copies !== null;
    return sound ? parsed.copies : undefined;
  } catch {
    return undefined;
  }
}

function identityOf(info: BigIntStats): Identity {
  return `${info.dev}:${info.ino}:${info.mode}:${info.size}:${info.mtimeNs}`;
}

/**
 * The copies of the previous build into an output and those of this one. `reusable` names the
 * previous output's file to link when it is still the untouched copy of the same, unchanged
 * source; `record` notes a copy (or a link to one) of this build; `save` keeps them for the next.
 */
export class CopyJournal {
  private readonly next: Record<string, Copy> = {};

  private constructor(private readonly file: string, private readonly previousFolder: string | undefined, private readonly previous: Record<string, Copy>) {}

  /** The journal in `file`, applying when `previousFolder` (the live output's version folder) is the one it describes. */
  static open(file: string, previousFolder: string | undefined): CopyJournal {
    const copies = previousFolder === undefined ? undefined : readJournal(file, previousFolder);
    return copies ? new CopyJournal(file, previousFolder, copies) : new CopyJournal(file, undefined, {});
  }

  /** The previous output's copy of `source` at `file` and its stats, when both are as they were when it was copied; undefined otherwise. */
  reusable(file: string, source: string, sourceInfo: BigIntStats): { copy: string; info: BigIntStats } | undefined {
    const copy = this.previousFolder && Object.hasOwn(this.previous, file) ? this.previous[file] : undefined;
    if (!Array.isArray(copy) || copy[0] !== source || copy[1] !== identityOf(sourceInfo) || typeof copy[2] !== 'string') return undefined;
    const candidate = path.join(this.previousFolder!, file);
    try {
      const info = lstatSync(candidate, { bigint: true });
      return info.isFile() && identityOf(info) === copy[2] ? { copy: candidate, info } : undefined;
    } catch {
      return undefined;
    }
  }

  /** Notes that this build's `file` holds a copy of `source`. */
  record(file: string, source: string, sourceInfo: BigIntStats, copyInfo: BigIntStats): void {
    this.next[file] = [source, identityOf(sourceInfo), identityOf(copyInfo)];
  }

  /** Keeps this build's copies for the next build into the same output, now living in `folder`; a failure only costs it time. */
  save(folder: string): void {
    const temporary = `${this.file}.${process.pid}.tmp`;
    try {
      if (Object.keys(this.next).length === 0) {
        rmSync(this.file, { force: true });
        return;
      }
      mkdirSync(path.dirname(this.file), { recursive: true });
      const journal: JournalFile = { version: journalVersion, folder: path.basename(folder), copies: this.next };
      writeFileSync(temporary, JSON.stringify(journal));
      renameSync(temporary, this.file);
    } catch {
      rmSync(temporary, { force: true });
    }
  }
}

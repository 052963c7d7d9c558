// A build whose inputs are exactly those of the build that wrote the output, into an output
// nobody touched since, would write the same files: `sitegen build` then leaves the output as it
// is. After each build it records, per output folder, a fingerprint of everything the output
// is made from and what the output looked like; the next build compares both before doing
// anything else. Anything it cannot read or that differs means an ordinary build.
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { generatorFingerprint } from './generator-fingerprint.ts';

/** Bumped when what the fingerprint covers or the record's shape changes. */
const recordVersion = 1;
/** A record larger than this is not read (about 60 bytes per output file). */
const maxRecordBytes = 64 * 1024 * 1024;
/** A content file larger than this is not hashed: the build's loader refuses far smaller ones, and reports it. */
const maxHashedFileBytes = 256 * 1024 * 1024;

/** Everything of a build that shapes its output, besides the files under the content folder. */
export interface BuildInputs {
  contentDir: string;
  out: string;
  /** Flags and environment overrides as the build receives them. */
  settings: Record<string, unknown>;
}

/** What the build printed about its output, printed again when nothing changed. */
export interface BuildOutcome {
  pages: number;
  redirects: number;
  files: number;
  /** The warning block (what --production would refuse), or ''. */
  warnings: string;
  /** The link check's summary line, or ''. */
  links: string;
}

interface BuildRecord {
  version: number;
  fingerprint: string;
  /** The version folder `out` linked to. */
  target: string;
  /** Every file of that folder: path, size, modification time (ns), inode. */
  files: [string, number, string, number][];
  outcome: BuildOutcome;
  builtAt: string;
}

/**
 * A hash of all a build's output is made from: the generator (its sources, packages and Node's
 * version), the flags and environment overrides, the day and time zone (posts dated in the
 * future appear, and the footer's year turns, with the date), and every file under the content
 * folder, byte for byte. Undefined when a file cannot be read.
 */
export function inputFingerprint(inputs: BuildInputs): string | undefined {
  const hash = createHash('sha256');
  const now = new Date();
  hash.update(JSON.stringify([recordVersion, generatorFingerprint(), inputs.contentDir, inputs.out, inputs.settings,
    now.getFullYear(), now.getMonth(), now.getDate(), Intl.DateTimeFormat().resolvedOptions().timeZone, process.env.TZ ?? '']));
  try {
    const entries = readdirSync(inputs.contentDir, { recursive: true, withFileTypes: true })
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort();
    for (const file of entries) {
      const info = lstatSync(file);
      hash.update('\0').update(path.relative(inputs.contentDir, file)).update('\0');
      if (info.isSymbolicLink()) hash.update(`link ${readlinkSync(file)}`);
      else if (info.isFile() && info.size <= maxHashedFileBytes) hash.update(`file ${info.size}\0`).update(readFileSync(file));
      else if (info.isFile()) return undefined;
      else hash.update(info.isDirectory() ? 'folder' : 'other');
    }
  } catch {
    return undefined;
  }
  return hash.digest('hex');
}

/** Where the record of builds into `out` is kept. */
function recordFile(cacheDir: string, out: string): string {
  return path.join(cacheDir, 'last-builds', `${createHash('sha256').update(out).digest('hex').slice(0, 32)}.json`);
}

/** Every file under `folder` as recorded; throws when the folder cannot be read. */
function filesOf(folder: string): BuildRecord['files'] {
  const files: BuildRecord['files'] = [];
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    const info = lstatSync(file, { bigint: true });
    if (info.isDirectory()) continue;
    files.push([path.relative(folder, file), Number(info.size), String(info.mtimeNs), Number(info.ino)]);
  }
  return files.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/** The version folder `out` links to (the build's own atomic swap), or undefined. */
function linkedVersion(out: string): string | undefined {
  try {
    const target = readlinkSync(out);
    return target.includes('/') ? undefined : target;
  } catch {
    return undefined;
  }
}

/**
 * The outcome of the last build into `out`, when its fingerprint is `fingerprint` and the
 * output is still exactly what it wrote (the same version folder, the same files with the same
 * sizes, modification times and inodes, no file more); undefined otherwise.
 */
export function unchangedOutput(cacheDir: string, out: string, fingerprint: string): { outcome: BuildOutcome; builtAt: string } | undefined {
  try {
    const file = recordFile(cacheDir, out);
    if (statSync(file).size > maxRecordBytes) return undefined;
    const record = JSON.parse(readFileSync(file, 'utf8')) as Partial<BuildRecord> | null;
    if (record?.version !== recordVersion || record.fingerprint !== fingerprint || typeof record.target !== 'string' || !Array.isArray(record.files)) return undefined;
    if (!isOutcome(record.outcome) || typeof record.builtAt !== 'string') return undefined;
    const target = linkedVersion(out);
    if (target === undefined || target !== record.target) return undefined;
    const now = filesOf(path.join(path.dirname(out), target));
    if (now.length !== record.files.length) return undefined;
    for (const [index, entry] of now.entries()) {
      const recorded = record.files[index];
      if (!Array.isArray(recorded) || recorded.length !== 4 || entry.some((value, at) => value !== recorded[at])) return undefined;
    }
    return { outcome: record.outcome, builtAt: record.builtAt };
  } catch {
    return undefined;
  }
}

function isOutcome(value: unknown): value is BuildOutcome {
  const outcome = value as BuildOutcome | undefined;
  return typeof outcome === 'object' && outcome !== null && [outcome.pages, outcome.redirects, outcome.files].every((n) => Number.isSafeInteger(n))
    && typeof outcome.warnings === 'string' && typeof outcome.links === 'string';
}

/** Records a committed build into `out` made from inputs with this fingerprint; a failure only costs the next build time. */
export function recordBuild(cacheDir: string, out: string, fingerprint: string, outcome: BuildOutcome): void {
  const file = recordFile(cacheDir, out);
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    const target = linkedVersion(out);
    if (target === undefined) {
      rmSync(file, { force: true });
      return;
    }
    const record: BuildRecord = { version: recordVersion, fingerprint, target, files: filesOf(path.join(path.dirname(out), target)), outcome, builtAt: new Date().toISOString() };
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(temporary, JSON.stringify(record));
    renameSync(temporary, file);
  } catch {
    rmSync(temporary, { force: true });
  }
}

/** Forgets the last build into `out`: the next build is an ordinary one. */
export function forgetBuild(cacheDir: string, out: string): void {
  rmSync(recordFile(cacheDir, out), { force: true });
}

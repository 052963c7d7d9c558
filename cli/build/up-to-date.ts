// A build whose inputs are exactly those of the build that wrote the output, into an output
// nobody touched since, would write the same files: `sitegen build` then leaves the output as it
// is. After each build it records, per output folder, a fingerprint of everything the output
// is made from and what the output looked like; the next build compares both before doing
// anything else. Anything it cannot read or that differs means an ordinary build.
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { outputKey } from '../project-layout.ts';
import { generatorFingerprint } from './generator-fingerprint.ts';
import { settledBefore } from './settled-file.ts';

/** Bumped when what the fingerprint covers or the record's shape changes. */
const recordVersion = 2;
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

/** A content file as hashed: path under the content folder, identity (device, inode, size, modification and change times), SHA-256. */
export type ContentFile = [file: string, identity: string, sha256: string];

/** The fingerprint of a build's inputs, with the content files it hashed and when it looked at them. */
export interface InputState {
  fingerprint: string;
  content: ContentFile[];
  /** When the files were looked at (ms since the epoch). */
  contentAt: number;
}

/** The content files as the recorded build hashed them (its `InputState`), for the next fingerprint. */
interface BuildRecord extends InputState {
  version: number;
  /** The output folder's identity (device and inode). */
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
 *
 * A file whose identity (device, inode, size, modification and change time: a write or a
 * `touch` changes the change time, and nothing can set it back) is the one recorded by `last`
 * keeps its recorded hash instead of being read again, unless it changed within two seconds of
 * being recorded.
 */
export function inputFingerprint(inputs: BuildInputs, last?: Pick<InputState, 'content' | 'contentAt'>): InputState | undefined {
  const contentAt = Date.now();
  const known = new Map<string, ContentFile>();
  for (const entry of last?.content ?? []) known.set(entry[0], entry);
  const content: ContentFile[] = [];
  const hash = createHash('sha256');
  const now = new Date();
  hash.update(JSON.stringify([recordVersion, generatorFingerprint(), inputs.contentDir, inputs.out, inputs.settings,
    now.getFullYear(), now.getMonth(), now.getDate(), Intl.DateTimeFormat().resolvedOptions().timeZone, process.env.TZ ?? '']));
  try {
    const entries = readdirSync(inputs.contentDir, { recursive: true, withFileTypes: true })
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort();
    for (const file of entries) {
      const info = lstatSync(file, { bigint: true });
      const relative = path.relative(inputs.contentDir, file);
      hash.update('\0').update(relative).update('\0');
      if (info.isSymbolicLink()) hash.update(`link ${readlinkSync(file)}`);
      else if (info.isFile() && info.size <= maxHashedFileBytes) {
        const identity = `${info.dev}:${info.ino}:${info.size}:${info.mtimeNs}:${info.ctimeNs}`;
        const recorded = known.get(relative);
        const settled = last !== undefined && settledBefore(info.ctimeNs, last.contentAt);
        const sha = recorded && settled && recorded[1] === identity ? recorded[2] : createHash('sha256').update(readFileSync(file)).digest('hex');
        content.push([relative, identity, sha]);
        hash.update(`file ${info.size}\0${sha}`);
      } else if (info.isFile()) return undefined;
      else hash.update(info.isDirectory() ? 'folder' : 'other');
    }
  } catch {
    return undefined;
  }
  return { fingerprint: hash.digest('hex'), content, contentAt };
}

/** Where the record of builds into `out` is kept. */
function recordFile(cacheDir: string, out: string): string {
  return path.join(cacheDir, 'last-builds', `${outputKey(out)}.json`);
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

/** The output folder's identity (each build puts a new folder in its place), or undefined when it is no folder. */
function outputIdentity(out: string): string | undefined {
  try {
    const info = lstatSync(out, { bigint: true });
    return info.isDirectory() ? `${info.dev}:${info.ino}` : undefined;
  } catch {
    return undefined;
  }
}

/** The record of the last build into `out`, when there is a sound one. */
export function lastBuild(cacheDir: string, out: string): BuildRecord | undefined {
  try {
    const file = recordFile(cacheDir, out);
    if (statSync(file).size > maxRecordBytes) return undefined;
    const record = JSON.parse(readFileSync(file, 'utf8')) as Partial<BuildRecord> | null;
    if (record?.version !== recordVersion || typeof record.fingerprint !== 'string' || typeof record.target !== 'string' || !Array.isArray(record.files)) return undefined;
    if (!isOutcome(record.outcome) || typeof record.builtAt !== 'string' || typeof record.contentAt !== 'number' || !Array.isArray(record.content)) return undefined;
    if (!record.content.every((entry) => Array.isArray(entry) && entry.length === 3 && entry.every((value) => typeof value === 'string'))) return undefined;
    return record as BuildRecord;
  } catch {
    return undefined;
  }
}

/**
 * The outcome of the last build into `out` (`record`), when its fingerprint is `fingerprint`
 * and the output is still exactly what it wrote (the same folder, the same files with
 * the same sizes, modification times and inodes, no file more); undefined otherwise.
 */
export function unchangedOutput(record: BuildRecord | undefined, out: string, fingerprint: string): { outcome: BuildOutcome; builtAt: string } | undefined {
  try {
    if (!record || record.fingerprint !== fingerprint) return undefined;
    const target = outputIdentity(out);
    if (target === undefined || target !== record.target) return undefined;
    const now = filesOf(out);
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

/** Records a committed build into `out` made from inputs in this state; a failure only costs the next build time. */
export function recordBuild(cacheDir: string, out: string, inputs: InputState, outcome: BuildOutcome): void {
  const file = recordFile(cacheDir, out);
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    const target = outputIdentity(out);
    if (target === undefined) {
      rmSync(file, { force: true });
      return;
    }
    const record: BuildRecord = {
      version: recordVersion, fingerprint: inputs.fingerprint, content: inputs.content, contentAt: inputs.contentAt,
      target, files: filesOf(out), outcome, builtAt: new Date().toISOString(),
    };
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

// A build whose inputs are exactly those of the build that wrote the output, into an output
// nobody touched since, would write the same files: `sitegen build` then leaves the output as it
// is. After each build it records, in the cache's `builds` table under the output folder, a
// fingerprint of everything the output was made from and what the output looked like; the next
// build compares both before it loads the site at all. Anything it cannot read or that differs
// means an ordinary build. As in Astro's incremental builds, the decision (`canSkip`) and the
// record (`recordOf`) are pure; reading files and the cache sits at the edges.
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import type { Cache } from '../cache/cache.ts';
import { cacheKey } from '../cache/cache.ts';
import { engineIdentity } from '../cache/engine-identity.ts';

/** Bumped when what the fingerprint covers or the record's shape changes. */
const recordVersion = 4;

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

/** What a build is made from besides its files: its flags, and the environment variables the site reads. */
export interface BuildInputs {
  root: string;
  contentDir: string;
  out: string;
  settings: Record<string, unknown>;
  env: Record<string, string | undefined>;
}

/** What a committed build leaves for the next one to compare. */
export interface BuildRecord {
  version: number;
  fingerprint: string;
  /**
   * The site's code files, project-relative, and the environment variables it reads: what the next
   * fingerprint covers.
   */
  codeFiles: string[];
  envNames: string[];
  /** The output folder's identity, and each of its files: path, size, modification time (ns), inode. */
  output: { id: string; files: [string, number, string, number][] };
  /**
   * Files the build wrote beside the output (a host's bundle of the server routes), project-relative,
   * each as its output files are: path, size, modification time (ns), inode.
   */
  beside: [string, number, string, number][];
  outcome: BuildOutcome;
  builtAt: string;
}

/**
 * The fingerprint of a build's inputs: the engine, its flags, today's date (a post dated today
 * appears, the copyright year turns), the site's code, the variables it reads and every content file.
 */
export function inputFingerprint(
  inputs: BuildInputs,
  codeFiles: string[],
  envNames: string[],
  today = new Date(),
): string | undefined {
  const hash = createHash('sha256')
    .update(engineIdentity())
    .update('\0')
    .update(JSON.stringify(inputs.settings))
    .update('\0');
  hash.update(`today=${today.toISOString().slice(0, 10)}\0`);
  for (const name of [...envNames].sort()) hash.update(`${name}=${inputs.env[name] ?? ''}\0`);
  try {
    for (const file of [...codeFiles].sort())
      hash
        .update(`${file}\0`)
        .update(readFileSync(path.join(inputs.root, file)))
        .update('\0');
    for (const entry of readdirSync(inputs.contentDir, { recursive: true, withFileTypes: true }).sort((a, b) =>
      compare(path.join(a.parentPath, a.name), path.join(b.parentPath, b.name)),
    )) {
      const file = path.join(entry.parentPath, entry.name);
      hash.update(`${path.relative(inputs.contentDir, file)}\0`);
      if (entry.isSymbolicLink()) hash.update(`link ${readlinkSync(file)}`);
      else if (entry.isFile()) hash.update(readFileSync(file));
      else hash.update(entry.isDirectory() ? 'folder' : 'other');
      hash.update('\0');
    }
  } catch {
    return undefined;
  }
  return hash.digest('hex');
}

function recordKey(out: string): string {
  return cacheKey('build record', path.resolve(out));
}

/** The record of the last build into `out`, when there is a sound one. */
function lastRecord(cache: Cache, out: string): BuildRecord | undefined {
  return cache.getJson('builds', recordKey(out), (value): value is BuildRecord => {
    const record = value as Partial<BuildRecord> | null;
    return (
      record?.version === recordVersion &&
      typeof record.fingerprint === 'string' &&
      Array.isArray(record.codeFiles) &&
      Array.isArray(record.envNames) &&
      typeof record.output?.id === 'string' &&
      Array.isArray(record.output.files) &&
      Array.isArray(record.beside) &&
      record.beside.every((file) => Array.isArray(file) && typeof file[0] === 'string') &&
      isOutcome(record.outcome) &&
      typeof record.builtAt === 'string'
    );
  });
}

/** An outcome as recordBuild writes it: what a build that changed nothing prints again. */
function isOutcome(value: unknown): value is BuildOutcome {
  const outcome = value as Partial<BuildOutcome> | null | undefined;
  return (
    typeof outcome === 'object' &&
    outcome !== null &&
    [outcome.pages, outcome.redirects, outcome.files].every((n) => Number.isSafeInteger(n)) &&
    typeof outcome.warnings === 'string' &&
    typeof outcome.links === 'string'
  );
}

/**
 * The outcome of the last build into `out` when its inputs are exactly these and the output is
 * still exactly what it wrote (the same folder, the same files with the same sizes,
 * modification times and inodes, no file more); undefined otherwise.
 */
export function unchangedOutput(
  cache: Cache,
  inputs: BuildInputs,
): { outcome: BuildOutcome; builtAt: string } | undefined {
  const record = lastRecord(cache, inputs.out);
  if (!record) return undefined;
  const fingerprint = inputFingerprint(inputs, record.codeFiles, record.envNames);
  // The output is looked at (a stat of every file) only when the inputs are those recorded.
  const same = fingerprint === record.fingerprint;
  const now = {
    fingerprint,
    output: same ? outputState(inputs.out) : undefined,
    beside: same
      ? besideState(
          inputs.root,
          record.beside.map(([file]) => file),
        )
      : undefined,
  };
  return canSkip(record, now) ? { outcome: record.outcome, builtAt: record.builtAt } : undefined;
}

/**
 * Records a committed build into `out` made from these inputs, and the `besideFiles` it wrote
 * outside it (project-relative); a failure only costs the next build time.
 */
export function recordBuild(
  cache: Cache,
  inputs: BuildInputs,
  codeFiles: string[],
  envNames: string[],
  outcome: BuildOutcome,
  besideFiles: string[] = [],
): void {
  const fingerprint = inputFingerprint(inputs, codeFiles, envNames);
  const output = outputState(inputs.out);
  const beside = besideState(inputs.root, besideFiles);
  if (!fingerprint || !output || !beside) return;
  cache.putJson(
    'builds',
    recordKey(inputs.out),
    recordOf({ fingerprint, codeFiles, envNames, output, beside, outcome }, new Date()),
  );
}

/**
 * The decision, from what the edges read (the record, the inputs' fingerprint and the output
 * now): a build may leave the output as it is when both are exactly as recorded.
 */
export function canSkip(
  record: BuildRecord,
  now: { fingerprint?: string; output?: BuildRecord['output']; beside?: BuildRecord['beside'] },
): boolean {
  if (now.fingerprint === undefined || now.fingerprint !== record.fingerprint || !now.output || !now.beside)
    return false;
  return (
    now.output.id === record.output.id &&
    JSON.stringify(now.output.files) === JSON.stringify(record.output.files) &&
    JSON.stringify(now.beside) === JSON.stringify(record.beside)
  );
}

/** The record of a committed build, as the next build reads it. */
export function recordOf(build: Omit<BuildRecord, 'version' | 'builtAt'>, builtAt: Date): BuildRecord {
  return { version: recordVersion, ...build, builtAt: builtAt.toISOString() };
}

/** The output folder's identity (each build puts a new folder in its place) and its files. */
function outputState(out: string): BuildRecord['output'] | undefined {
  try {
    const info = lstatSync(out, { bigint: true });
    if (!info.isDirectory()) return undefined;
    const files: BuildRecord['output']['files'] = [];
    for (const entry of readdirSync(out, { recursive: true, withFileTypes: true })) {
      const file = path.join(entry.parentPath, entry.name);
      const stats = lstatSync(file, { bigint: true });
      if (!stats.isDirectory())
        files.push([path.relative(out, file), Number(stats.size), String(stats.mtimeNs), Number(stats.ino)]);
    }
    return { id: `${info.dev}:${info.ino}`, files: files.sort((a, b) => compare(a[0], b[0])) };
  } catch {
    return undefined;
  }
}

/** Each of `files` (project-relative) as outputState gives a file; undefined when one is gone or not a file. */
function besideState(root: string, files: string[]): BuildRecord['beside'] | undefined {
  try {
    return [...files].sort(compare).map((file) => {
      const stats = lstatSync(path.join(root, file), { bigint: true });
      if (!stats.isFile()) throw new Error(`${file} is not a file`);
      return [file, Number(stats.size), String(stats.mtimeNs), Number(stats.ino)];
    });
  } catch {
    return undefined;
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

// bench:peers: its table and verdicts from a results file, and how it declines to run.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { projectRoot } from '../helpers/content.ts';
import { peerReport } from './peer-report.ts';

const timed = (name: string, wall: number, cpu: number, peakMiB: number, extra: object = {}) =>
  JSON.stringify({
    name,
    status: 'ok',
    wall: { min: wall, median: wall, max: wall },
    cpu: { min: cpu, median: cpu, max: cpu },
    peakMiB: { min: peakMiB, median: peakMiB, max: peakMiB },
    foreignShare: { min: 0, median: 0.01, max: 0.02 },
    ...extra,
  });
const checked = (name: string) =>
  JSON.stringify({ name, check: { posts: 1000, expected: 1000, index: true, highlight: 'shiki' } });

async function resultsFile(lines: string[]): Promise<{ file: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-peers-'));
  const file = path.join(dir, '1000-tmpfs-20260101T000000Z.jsonl');
  await writeFile(file, lines.join('\n') + '\n');
  await writeFile(
    file.replace(/\.jsonl$/, '-versions.txt'),
    `hugo: 0.111\nproject: /work/main at ${'a'.repeat(40)} (2026-01-01)\n`,
  );
  return { file, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

test('the table gives each row its ratios to Hugo and to Eleventy + Shiki, and every target holds when the figures meet it', async () => {
  const { file, cleanup } = await resultsFile([
    timed('hugo', 4, 7, 300),
    checked('hugo'),
    timed('eleventy-shiki', 12, 15, 350),
    timed('project', 10, 20, 390),
    checked('project'),
    timed('project-unchanged', 2, 2.5, 200),
    timed('project-one-edit', 1.9, 2.6, 210),
    JSON.stringify({ name: 'project-one-edit', fresh: true }),
  ]);
  try {
    const table = peerReport(file, 1000);
    assert.match(table, new RegExp(`project ${'a'.repeat(40)}`));
    assert.match(
      table,
      /\| Hugo \(Chroma highlighting\) \| 4\.00 \| 7\.00 \| 300 \| 1\.00× \| 0\.33× \| 1\.00× \| 2% \| 1000\/1000 posts, shiki \|/,
    );
    assert.match(
      table,
      /\| sitegen cold \(--no-cache, link check on\) \| 10\.00 \| 20\.00 \| 390 \| 2\.50× \| 0\.83× \| 2\.86× \|/,
    );
    assert.match(table, /\| sitegen, one post edited \(caches warm\) \| 1\.90 \|/);
    assert.doesNotMatch(table, /STALE|DOES NOT HOLD|not measured|this run has/);
    assert.equal(table.match(/: holds$/gm)?.length, 5);
  } finally {
    await cleanup();
  }
});

test('a target missed, a stale edited page, a noisy row and a missing row are each said', async () => {
  const { file, cleanup } = await resultsFile([
    timed('hugo', 4, 7, 300),
    timed('eleventy-shiki', 12, 15, 350),
    timed('project', 12.5, 25, 420, { flag: 'NOISY: too few clean runs' }),
    timed('project-one-edit', 2.1, 2.6, 210),
    JSON.stringify({ name: 'project-one-edit', fresh: false }),
  ]);
  try {
    const table = peerReport(file, 200);
    assert.match(table, /stated for 1,000 posts, this run has 200/);
    assert.match(table, /- cold: at most 3× Hugo: DOES NOT HOLD/);
    assert.match(table, /- cold: faster than Eleventy \+ Shiki: DOES NOT HOLD/);
    assert.match(table, /- nothing changed: at most 0\.5× Hugo: not measured/);
    assert.match(table, /- one post edited: at most 0\.5× Hugo: DOES NOT HOLD/);
    assert.match(table, /- peak RSS of every sitegen row: at most 400 MiB: DOES NOT HOLD/);
    assert.match(table, /STALE: the edited page lacks the edit/);
    assert.match(table, /\| sitegen cold[^\n]*NOISY/);
  } finally {
    await cleanup();
  }
});

const script = path.join(projectRoot, 'tests', 'bench', 'peers.bench.ts');
/** A stand-in for the peer benchmark that only leaves a mark, so that no test ever runs the real one. */
async function fakeBench(): Promise<{ dir: string; mark: string; bin: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-fake-peers-'));
  const mark = path.join(dir, 'ran');
  await writeFile(path.join(dir, 'run-peers.sh'), `#!/usr/bin/env bash\ntouch '${mark}'\nexit 1\n`);
  await chmod(path.join(dir, 'run-peers.sh'), 0o755);
  // A PATH with node and git but no hugo.
  const bin = path.join(dir, 'bin');
  await mkdir(bin);
  await symlink(process.execPath, path.join(bin, 'node'));
  return { dir, mark, bin, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

test('without the peer benchmark folder, bench:peers says where it looked and exits 0', async () => {
  const { dir, cleanup } = await fakeBench();
  try {
    const missing = path.join(dir, 'no-such-folder');
    const run = spawnSync(process.execPath, ['--import', 'tsx', script, '--posts', '10'], {
      cwd: projectRoot,
      encoding: 'utf8',
      env: { ...process.env, PEER_BENCH_DIR: missing },
    });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, new RegExp(`not run: no peer benchmark at ${missing}.*PEER_BENCH_DIR`));
  } finally {
    await cleanup();
  }
});

test('without hugo, bench:peers says so and exits 0 without starting the benchmark', async () => {
  const { dir, mark, bin, cleanup } = await fakeBench();
  try {
    const run = spawnSync(process.execPath, ['--import', 'tsx', script, '--posts', '10'], {
      cwd: projectRoot,
      encoding: 'utf8',
      env: { ...process.env, PEER_BENCH_DIR: dir, PATH: bin },
    });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /not run: `hugo` is not installed/);
    assert.equal(existsSync(mark), false, 'the benchmark did not start');
  } finally {
    await cleanup();
  }
});

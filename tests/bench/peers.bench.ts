// Runs the shared peer benchmark (run-peers.sh: the same realistic blog built by Hugo, Eleventy +
// Shiki and this generator, side by side in one run), adds two rows of its own measured the same
// way on the benchmark's copy of the project (a build over the previous output with nothing
// changed, and one after one post's body was edited), and prints every row's figures, its ratios
// against Hugo and Eleventy + Shiki, and whether each build-speed target holds.
// Run: npm run bench:peers [-- --posts 1000]; `-- --report <results.jsonl>` prints the table of
// an earlier run's results file instead of running anything.
// Environment: PEER_BENCH_DIR (the benchmark's folder, default ../shared/peer-bench), and the
// benchmark's own variables (RUNS, WARMUP, TOOLS, OUT_TMPFS, BENCH_WORK, QUIET_WAIT, MAX_FOREIGN,
// TIMEOUT), passed on; this script sets OUT_TMPFS=1, RUNS=3 and
// TOOLS="hugo eleventy-shiki project project-cached" unless they are set.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../helpers/content.ts';
import { peerBenchDir } from './peer-bench.ts';
import { peerReport } from './peer-report.ts';

const option = (name: string) => Number(process.argv[process.argv.indexOf(name) + 1]) || undefined;
const reportOf = process.argv.includes('--report')
  ? path.resolve(process.argv[process.argv.indexOf('--report') + 1] ?? '')
  : undefined;
const bench = peerBenchDir();
const script = path.join(bench, 'run-peers.sh');
if (reportOf) {
  // The results file is named <N>[-tmpfs]-<stamp>.jsonl.
  const posts = Number(/^(\d+)-/.exec(path.basename(reportOf))?.[1]);
  if (!existsSync(reportOf) || !posts)
    throw new Error(`--report expects a results file of run-peers.sh (<N>-<stamp>.jsonl), got ${reportOf}`);
  console.log(peerReport(reportOf, posts));
  process.exit(0);
}
const count = option('--posts') ?? 1000;

const skip = (why: string) => {
  console.log(`bench:peers: not run: ${why}`);
  process.exit(0);
};
if (!existsSync(script))
  skip(
    `no peer benchmark at ${bench} (set PEER_BENCH_DIR to the folder holding run-peers.sh; see the README, "Benchmarks")`,
  );
if (spawnSync('hugo', ['version'], { encoding: 'utf8' }).status !== 0)
  skip('`hugo` is not installed (Debian package hugo); the ratios are against Hugo');
if (!existsSync('/usr/bin/time'))
  skip(
    'GNU time is not installed at /usr/bin/time (Debian package time); the benchmark measures CPU and memory with it',
  );

const env: NodeJS.ProcessEnv = {
  ...process.env,
  OUT_TMPFS: process.env.OUT_TMPFS ?? '1',
  RUNS: process.env.RUNS ?? '3',
  TOOLS: process.env.TOOLS ?? 'hugo eleventy-shiki project project-cached',
  PROJECT_DIR: projectRoot,
};
const work = env.BENCH_WORK ?? path.join(env.TMPDIR ?? '/tmp', 'peer-bench');
const resultsDir = path.join(work, 'results');
const jsonlFiles = () =>
  existsSync(resultsDir) ? readdirSync(resultsDir).filter((name) => name.endsWith('.jsonl')) : [];
const before = new Set(jsonlFiles());

const git = (...args: string[]) =>
  (spawnSync('git', ['-C', projectRoot, ...args], { encoding: 'utf8' }).stdout ?? '').trim();
const commit = git('rev-parse', 'HEAD');
const uncommitted = git(
  'status',
  '--porcelain',
  '--',
  'sitegen.config.ts',
  'cli',
  'templates',
  'client',
  'server',
  'content',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
);
console.log(
  `bench:peers: ${count} posts, project at ${commit || 'an unknown commit'} (the benchmark builds the committed files)`,
);
if (uncommitted)
  console.log(
    `  note: ${uncommitted.split('\n').length} uncommitted changes in the project are not part of what is measured`,
  );

const harness = spawnSync('bash', [script, String(count)], { cwd: projectRoot, env, stdio: 'inherit' });
if (harness.status !== 0) {
  console.error(`bench:peers: run-peers.sh failed (exit ${harness.status ?? harness.signal})`);
  process.exit(harness.status ?? 1);
}
const created = jsonlFiles()
  .filter((name) => !before.has(name))
  .sort();
if (created.length === 0) throw new Error(`run-peers.sh wrote no results file into ${resultsDir}`);
const jsonl = path.join(resultsDir, created[created.length - 1]!);

// The incremental rows: the benchmark's copy of the project (its posts, node_modules and caches,
// warm from its own rows), timed by its own timer with the same options.
const tools = env.TOOLS!.split(/\s+/);
const projectCopy = path.join(work, 'sites', 'project');
if (tools.some((tool) => tool.startsWith('project')) && existsSync(path.join(projectCopy, 'cli', 'bin.js'))) {
  const out = env.OUT_TMPFS === '1' ? '/dev/shm/sitegen-bench-incremental' : path.join(projectCopy, 'dist-incremental');
  const posts = readdirSync(path.join(projectCopy, 'content', 'posts'))
    .filter((name) => name.endsWith('.md'))
    .sort();
  const edited = path.join(projectCopy, 'content', 'posts', posts[Math.floor(posts.length / 2)]!);
  const logs = jsonl.replace(/\.jsonl$/, '-logs');
  const timeit = (name: string, warmup: number, prepare: string) => {
    console.error(`== ${name} (N=${count}, warm-up ${warmup}, runs ${env.RUNS})`);
    const run = spawnSync(
      process.execPath,
      [
        path.join(bench, 'tools', 'timeit.mjs'),
        '--name',
        name,
        '--runs',
        env.RUNS!,
        '--warmup',
        String(warmup),
        '--timeout',
        env.TIMEOUT ?? '300',
        '--quiet-wait',
        env.QUIET_WAIT ?? '900',
        '--max-foreign',
        env.MAX_FOREIGN ?? '0.05',
        '--prepare',
        prepare,
        '--cwd',
        projectCopy,
        '--pages',
        String(count + 1),
        '--json',
        jsonl,
        '--log',
        path.join(logs, `${name}.log`),
        '--',
        'node',
        'cli/bin.js',
        'build',
        '--out',
        out,
      ],
      { env, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    const check =
      spawnSync(
        process.execPath,
        [path.join(bench, 'tools', 'check-output.mjs'), out, String(count), '--links-no-slash'],
        { encoding: 'utf8' },
      ).stdout.trim() || 'null';
    console.error(`   output: ${check}`);
    writeFileSync(jsonl, `{"name":${JSON.stringify(name)},"check":${check}}\n`, { flag: 'a' });
    return run.status === 0;
  };
  rmSync(out, { recursive: true, force: true });
  // Nothing changed: each build goes over the previous one's output (the warm-up makes the first).
  timeit('project-unchanged', Math.max(1, Number(env.WARMUP ?? 1)), '');
  // One post's body gains a sentence before each build (not timed); its page must show the last one.
  const stamp = `This paragraph was added by the benchmark at`;
  if (timeit('project-one-edit', 0, `printf '\\n${stamp} %s.\\n' "$(date +%s%N)" >> '${edited}'`)) {
    const last = readFileSync(edited, 'utf8').trim().split('\n').pop()!;
    const slug = /^slug: "?([a-z0-9-]+)"?$/m.exec(readFileSync(edited, 'utf8'))![1]!;
    const page = path.join(out, 'blog', slug, 'index.html');
    const fresh = existsSync(page) && readFileSync(page, 'utf8').includes(last);
    writeFileSync(jsonl, `{"name":"project-one-edit","fresh":${fresh}}\n`, { flag: 'a' });
  }
  rmSync(out, { recursive: true, force: true });
}

const table = peerReport(jsonl, count);
console.log(`\n${table}`);
writeFileSync(jsonl.replace(/\.jsonl$/, '-targets.md'), `${table}\n`);

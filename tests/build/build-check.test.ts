import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { buildSite } from '../../cli/build/build-site.ts';
import { checkSite, type LinkReport } from '../../cli/check/index.ts';
import { DiskWriter } from '../../cli/write/writers.ts';
import { copyContent, editFile, projectRoot } from '../helpers/content.ts';

// The build checks its links from what it recorded while writing the output; `check-links`
// reads the folder back. On the real site and on one with planted faults, both must agree.

/** Commits even when the check fails, so that the output stays for `check-links` to read. */
class KeepingWriter extends DiskWriter {
  override async abort(): Promise<void> {
    await this.commit();
  }
}

/** A report without what differs between the two runs: the time taken and the folder's name (the staging folder, the output link). */
const comparable = ({ durationMs: _, siteDir: __, ...report }: LinkReport) => report;

async function assertBuildCheckMatches(contentDir: string | undefined, out: string): Promise<LinkReport> {
  const result = await buildSite({ root: projectRoot, contentDir, writer: new KeepingWriter(out), now: new Date('2026-11-21T00:00:00Z') });
  assert.ok(result.links, 'the build checked its links');
  const standalone = await checkSite(out);
  assert.deepStrictEqual(comparable(result.links), comparable(standalone));
  assert.equal(JSON.stringify(result.links.findings), JSON.stringify(standalone.findings), 'same findings in the same order');
  return standalone;
}

test('on the real site the build finds what check-links finds in its output', async () => {
  const { dir, cleanup } = await copyContent();
  try {
    const report = await assertBuildCheckMatches(undefined, path.join(dir, 'dist'));
    assert.ok(report.checked > 1000);
  } finally {
    await cleanup();
  }
});

test('with planted faults the build reports each one as check-links does, at the same place', async () => {
  const { dir, content, cleanup } = await copyContent();
  try {
    await editFile(path.join(content, 'posts', 'ai-powered-bug-reports.md'), /^## /m, [
      'See [the dev shop page](/services/dev-shop), [a missing section](/blog/#no-such-section),',
      '[the blog without its slash](/blog), [a missing file](/files/price-list.pdf) and',
      '[a section of this post](#nowhere-here).',
      '',
      '## ',
    ].join('\n'));
    await editFile(path.join(content, 'guides', 'playwright.md'), /^## /m, 'Also [the dev shop page](/services/dev-shop) and [the old page](/terms/#gone).\n\n## ');
    const report = await assertBuildCheckMatches(content, path.join(dir, 'dist'));
    const codes = new Set<string>(report.findings.map((finding) => finding.code));
    for (const code of ['links.missing-page', 'links.missing-fragment', 'links.trailing-slash', 'links.missing-file']) assert.ok(codes.has(code), `${code} in ${[...codes].join(', ')}`);
  } finally {
    await cleanup();
  }
});

import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { inputFingerprint, type ContentFile } from '../../cli/build/up-to-date.ts';

// The up-to-date check takes a content file's recorded hash instead of reading it again only
// while the file is exactly as recorded; anything else is read and hashed.

async function withContent(run: (contentDir: string) => Promise<void>) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'up-to-date-'));
  try {
    await mkdir(path.join(dir, 'content', 'posts'), { recursive: true });
    await writeFile(path.join(dir, 'content', 'posts', 'a.md'), 'first text');
    await writeFile(path.join(dir, 'content', 'posts', 'b.md'), 'other text');
    await run(path.join(dir, 'content'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const inputsOf = (contentDir: string) => ({ contentDir, out: '/out', settings: {} });
const later = (at: number) => at + 60_000;

test('a file edited since it was recorded is hashed again, even at the same size', async () => {
  await withContent(async (contentDir) => {
    const first = inputFingerprint(inputsOf(contentDir))!;
    await writeFile(path.join(contentDir, 'posts', 'a.md'), 'fresh text');
    // As if the record were old enough for every recorded hash to be trusted.
    const again = inputFingerprint(inputsOf(contentDir), { content: first.content, contentAt: later(first.contentAt) })!;
    assert.notEqual(again.fingerprint, first.fingerprint);
    assert.equal(again.fingerprint, inputFingerprint(inputsOf(contentDir))!.fingerprint);
  });
});

test('a file as recorded keeps its recorded hash; one changed within two seconds of its record does not', async () => {
  await withContent(async (contentDir) => {
    const first = inputFingerprint(inputsOf(contentDir))!;
    // A record whose hash for a.md is wrong, with a.md's identity as it is now: taken only when settled.
    const forged: ContentFile[] = first.content.map(([file, identity, sha]) => [file, identity, file.endsWith('a.md') ? '0'.repeat(64) : sha]);
    const trusted = inputFingerprint(inputsOf(contentDir), { content: forged, contentAt: later(first.contentAt) })!;
    assert.notEqual(trusted.fingerprint, first.fingerprint, 'a settled file is not read again');
    assert.equal(trusted.content.find(([file]) => file.endsWith('a.md'))![2], '0'.repeat(64));
    const racy = inputFingerprint(inputsOf(contentDir), { content: forged, contentAt: first.contentAt })!;
    assert.equal(racy.fingerprint, first.fingerprint, 'a file changed just before its record was read again');
  });
});

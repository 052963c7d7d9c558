import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { ContentFiles } from '../../cli/load/read-content-file.ts';
import { SiteError } from '../../cli/errors.ts';

/** Texts of sizes around the reused read buffer's (64 KB), in an order where a short one follows a long one. */
const sizes = [0, 1, 300, 64 * 1024 - 1, 64 * 1024, 64 * 1024 + 1, 200_000, 3, 150_000, 17];

function textOf(size: number, seed: number): string {
  // Multi-byte characters included, so that a length in characters and in bytes differ.
  const unit = `line ${seed} é — ✓\n`;
  const bytes = Buffer.byteLength(unit);
  return (unit.repeat(Math.floor(size / bytes)) + 'x'.repeat(size % bytes));
}

test('reads each text whole and nothing more, whatever the size of the one read before', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'read-content-'));
  try {
    const files = new ContentFiles(dir);
    const texts = sizes.map((size, i) => textOf(size, i));
    await Promise.all(texts.map((text, i) => writeFile(path.join(dir, `${i}.md`), text)));
    for (const [i, text] of texts.entries()) {
      const read = files.readText(path.join(dir, `${i}.md`), 1024 * 1024);
      assert.equal(Buffer.byteLength(read), sizes[i], `file ${i}`);
      assert.equal(read, text, `file ${i}`);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('answers bytes that stay the file\'s own after later reads', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'read-content-'));
  try {
    const files = new ContentFiles(dir);
    await writeFile(path.join(dir, 'a.json'), '{"a": 1}');
    await writeFile(path.join(dir, 'b.json'), '{"b": 22222}');
    const a = files.readBytes(path.join(dir, 'a.json'), 1024);
    files.readText(path.join(dir, 'b.json'), 1024);
    const b = files.readBytes(path.join(dir, 'b.json'), 1024);
    assert.equal(a.toString(), '{"a": 1}');
    assert.equal(b.toString(), '{"b": 22222}');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('refuses a text over its limit, and reads the next one whole', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'read-content-'));
  try {
    const files = new ContentFiles(dir);
    await writeFile(path.join(dir, 'big.md'), 'x'.repeat(5000));
    await writeFile(path.join(dir, 'small.md'), 'small');
    assert.throws(() => files.readText(path.join(dir, 'big.md'), 4096), (error: unknown) => error instanceof SiteError && error.code === 'content.file-too-large');
    assert.equal(files.readText(path.join(dir, 'small.md'), 4096), 'small');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

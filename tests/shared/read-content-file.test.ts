import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { ContentFiles } from '../../cli/shared/read-content-file.ts';
import { SiteError } from '../../cli/errors.ts';

/** Texts of sizes around the reused read buffer's (64 KB), in an order where a short one follows a long one. */
const sizes = [0, 1, 300, 64 * 1024 - 1, 64 * 1024, 64 * 1024 + 1, 200_000, 3, 150_000, 17];

function textOf(size: number, seed: number): string {
  // Multi-byte characters included, so that a length in characters and in bytes differ.
  const unit = `line ${seed} é — ✓\n`;
  const bytes = Buffer.byteLength(unit);
  return unit.repeat(Math.floor(size / bytes)) + 'x'.repeat(size % bytes);
}

/** Writes `files` into a new folder and runs `check` with a reader of it and the files' paths; the folder is removed after. */
async function withFiles(
  files: Record<string, string>,
  check: (reader: ContentFiles, file: (name: string) => string) => void,
): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'read-content-'));
  try {
    await Promise.all(Object.entries(files).map(([name, text]) => writeFile(path.join(dir, name), text)));
    check(new ContentFiles(dir), (name) => path.join(dir, name));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test('reads each text whole and nothing more, whatever the size of the one read before', async () => {
  const texts = sizes.map((size, i) => textOf(size, i));
  await withFiles(Object.fromEntries(texts.map((text, i) => [`${i}.md`, text])), (reader, file) => {
    for (const [i, text] of texts.entries()) {
      const read = reader.readText(file(`${i}.md`), 1024 * 1024);
      assert.equal(Buffer.byteLength(read), sizes[i], `file ${i}`);
      assert.equal(read, text, `file ${i}`);
    }
  });
});

test("answers bytes that stay the file's own after later reads", async () => {
  await withFiles({ 'a.json': '{"a": 1}', 'b.json': '{"b": 22222}' }, (reader, file) => {
    const a = reader.readBytes(file('a.json'), 1024);
    reader.readText(file('b.json'), 1024);
    const b = reader.readBytes(file('b.json'), 1024);
    assert.equal(a.toString(), '{"a": 1}');
    assert.equal(b.toString(), '{"b": 22222}');
  });
});

test('refuses a text over its limit, and reads the next one whole', async () => {
  await withFiles({ 'big.md': 'x'.repeat(5000), 'small.md': 'small' }, (reader, file) => {
    assert.throws(
      () => reader.readText(file('big.md'), 4096),
      (error: unknown) => error instanceof SiteError && error.code === 'content.file-too-large',
    );
    assert.equal(reader.readText(file('small.md'), 4096), 'small');
  });
});

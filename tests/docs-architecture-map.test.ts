import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { projectRoot } from './helpers/content.ts';

// docs/architecture.md maps the engine folder by folder: a folder added to cli/ (or removed from
// it) without its line there fails here.

test("docs/architecture.md's folder list names every folder of cli/, and only those", async () => {
  const text = await readFile(path.join(projectRoot, 'docs', 'architecture.md'), 'utf8');
  // The tree block: `cli/` at the start of a line, then its entries indented by two spaces.
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.startsWith('cli/ '));
  assert.ok(start >= 0, 'docs/architecture.md has a folder list with a line starting "cli/ "');
  const entries = [];
  for (const line of lines.slice(start + 1)) {
    if (!line.startsWith('  ')) break;
    entries.push(line);
  }
  const mapped = entries.flatMap((line) => /^ {2}([\w-]+)\/\s/.exec(line)?.[1] ?? []).sort();
  const folders = (await readdir(path.join(projectRoot, 'cli'), { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  assert.deepEqual(mapped, folders);
});

import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { projectRoot } from './helpers/content.ts';

test("the README's map of cli/ names every folder there is, and only those", async () => {
  const readme = await readFile(path.join(projectRoot, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## How a build works'), readme.indexOf('## How the site is served'));
  const mapped = [...section.matchAll(/^\| `cli\/([\w-]+)\/` \|/gm)].map((match) => match[1]).sort();
  const folders = (await readdir(path.join(projectRoot, 'cli'), { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  assert.ok(mapped.length > 0, 'the README has a folder table under "How a build works"');
  assert.deepEqual(mapped, folders);
});

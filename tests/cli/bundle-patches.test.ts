import assert from 'node:assert/strict';
import { readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { SKIP, visitParents } from 'unist-util-visit-parents';
import { applyPatch, patchPlugin, visitNamePatch, packagePatches } from '../../cli/bundle-patches.js';
import { projectRoot } from '../helpers/content.ts';

const require = createRequire(import.meta.url);
const visitParentsFile = path.join(path.dirname(require.resolve('unist-util-visit-parents')), 'lib', 'index.js');

test('the visit-name patch applies to the installed unist-util-visit-parents', async () => {
  assert.match(visitParentsFile, visitNamePatch.file);
  const patched = applyPatch(visitNamePatch, await readFile(visitParentsFile, 'utf8'));
  assert.ok(patched !== undefined, 'the text to replace is in the installed version');
  assert.ok(!patched.includes("defineProperty(visit, 'name'"));
});

test('a patch whose text is not found leaves the module as published', () => {
  assert.equal(applyPatch(visitNamePatch, 'export function visitParents() {}'), undefined);
});

test('the patched walk visits the same nodes, with the same parents, as the published one', async () => {
  type Node = { type: string; tagName?: string; children?: Node[] };
  type Visit = (tree: Node, visitor: (node: Node, parents: Node[]) => unknown) => void;
  const tree: Node = { type: 'root', children: [
    { type: 'element', tagName: 'p', children: [{ type: 'text' }, { type: 'element', tagName: 'em', children: [{ type: 'text' }] }] },
    { type: 'element', tagName: 'pre', children: [{ type: 'element', tagName: 'code', children: [{ type: 'text' }] }] },
  ] };
  const walk = (visit: Visit) => {
    const seen: string[] = [];
    visit(tree, (node, parents) => {
      seen.push(`${parents.map((parent) => parent.tagName ?? parent.type).join('>')}>${node.tagName ?? node.type}`);
      return node.tagName === 'pre' ? SKIP : undefined;
    });
    return seen;
  };
  const bundled = path.join(projectRoot, 'node_modules', '.cache', `visit-parents-test-${process.pid}.mjs`);
  try {
    await esbuild.build({
      stdin: { contents: "export { visitParents } from 'unist-util-visit-parents';", resolveDir: projectRoot },
      bundle: true, format: 'esm', platform: 'node', outfile: bundled, logLevel: 'error', plugins: [patchPlugin(packagePatches)],
    });
    const source = await readFile(bundled, 'utf8');
    assert.ok(!source.includes("defineProperty(visit, 'name'"), 'the bundle is patched');
    const patched = (await import(pathToFileURL(bundled).href)) as { visitParents: Visit };
    assert.deepEqual(walk(patched.visitParents), walk(visitParents as unknown as Visit));
    assert.equal(walk(patched.visitParents).length, 6, 'the code block was skipped');
  } finally {
    await rm(bundled, { force: true });
  }
});

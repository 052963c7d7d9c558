import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { projectRoot } from './helpers/content.ts';
import { specifiersOf, typeScriptSources } from './helpers/imports.ts';

// The engine's floors, as the table in docs/architecture.md lists them: a module imports from its
// own floor and the floors below it, never from one above, and the folders of one floor import
// one another without a circle. So any floor reads, tests and changes without those above it.

const cliFolder = path.join(projectRoot, 'cli');

/** Each folder (`render/markdown/`) or top-level file (`errors.ts`) of the engine, with its floor. */
type Floors = Map<string, number>;

/** The floors of the table under "## Floors": rows of `| floor | `folder/` `file.ts` … | what |`. */
function readFloors(markdown: string): Floors {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('Floors\n')) ?? '';
  const floors: Floors = new Map();
  for (const row of section.split('\n')) {
    const cells = /^\| (\d+) \| ([^|]+) \|/.exec(row);
    if (!cells) continue;
    for (const unit of cells[2]!.matchAll(/`([^`]+)`/g)) floors.set(unit[1]!, Number(cells[1]));
  }
  return floors;
}

/** The unit of the table a module (relative to cli/) belongs to: its file, else its deepest listed folder. */
function unitOf(file: string, floors: Floors): string | undefined {
  if (floors.has(file)) return file;
  const folders = [...floors.keys()].filter((unit) => unit.endsWith('/') && file.startsWith(unit));
  return folders.sort((a, b) => b.length - a.length)[0];
}

interface Crossing {
  from: string;
  to: string;
}

/** Every import of one unit by another, as `{ from, to }` between modules relative to cli/. */
function crossings(modules: ReadonlyMap<string, string>, floors: Floors): Crossing[] {
  return [...modules].flatMap(([file, source]) =>
    specifiersOf(source)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => ({
        from: file,
        to: path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)),
      }))
      .filter(({ to }) => !to.startsWith('..') && unitOf(to, floors) !== unitOf(file, floors)),
  );
}

/** Imports that reach a higher floor, as `from → to (floor a → floor b)`. */
function upwardImports(modules: ReadonlyMap<string, string>, floors: Floors): string[] {
  return crossings(modules, floors).flatMap(({ from, to }) => {
    const [low, high] = [floors.get(unitOf(from, floors) ?? ''), floors.get(unitOf(to, floors) ?? '')];
    return low !== undefined && high !== undefined && high > low
      ? [`${from} → ${to} (floor ${low} → floor ${high})`]
      : [];
  });
}

/** Groups of units that import one another round in a circle (strongly connected, Tarjan). */
function circles(modules: ReadonlyMap<string, string>, floors: Floors): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const { from, to } of crossings(modules, floors)) {
    const [a, b] = [unitOf(from, floors), unitOf(to, floors)];
    if (a && b) edges.set(a, (edges.get(a) ?? new Set()).add(b));
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (unit: string): void => {
    index.set(unit, index.size);
    low.set(unit, index.get(unit)!);
    stack.push(unit);
    for (const next of edges.get(unit) ?? []) {
      if (!index.has(next)) visit(next);
      if (stack.includes(next)) low.set(unit, Math.min(low.get(unit)!, low.get(next)!));
    }
    if (low.get(unit) !== index.get(unit)) return;
    const group = stack.splice(stack.indexOf(unit));
    if (group.length > 1) found.push(group.sort());
  };
  for (const unit of edges.keys()) if (!index.has(unit)) visit(unit);
  return found;
}

/** The engine's modules, relative to cli/, with their text. */
function engineModules(): Map<string, string> {
  return new Map(
    typeScriptSources(cliFolder).map((file) => [
      path.relative(cliFolder, file).split(path.sep).join('/'),
      readFileSync(file, 'utf8'),
    ]),
  );
}

const floors = readFloors(readFileSync(path.join(projectRoot, 'docs', 'architecture.md'), 'utf8'));

test('reads an import from a floor above, and a circle between folders of one floor', () => {
  const example: Floors = new Map([
    ['errors.ts', 1],
    ['load/', 2],
    ['route/', 2],
    ['render/', 3],
    ['render/markdown/', 1],
  ]);
  const modules = new Map([
    ['errors.ts', ''],
    ['load/read.ts', "import type { Page } from '../render/page.ts';\nimport { a } from '../route/paths.ts';"],
    ['route/paths.ts', "export { b } from '../load/read.ts';\nimport { SiteError } from '../errors.ts';"],
    ['render/page.ts', "import { html } from './markdown/html.ts';\nimport { x } from 'zod';"],
    ['render/markdown/html.ts', "const c = await import('../../load/read.ts');"],
  ]);
  assert.deepEqual(upwardImports(modules, example), [
    'load/read.ts → render/page.ts (floor 2 → floor 3)',
    'render/markdown/html.ts → load/read.ts (floor 1 → floor 2)',
  ]);
  assert.deepEqual(circles(modules, example), [['load/', 'render/', 'render/markdown/', 'route/']]);
});

test('the floor table of docs/architecture.md places every module of cli/, and names only what exists', () => {
  assert.ok(floors.size > 10, `the table is read (${floors.size} entries)`);
  for (const unit of floors.keys()) assert.ok(existsSync(path.join(cliFolder, unit)), `cli/${unit} exists`);
  const unplaced = [...engineModules().keys()].filter((file) => unitOf(file, floors) === undefined);
  assert.deepEqual(unplaced, []);
});

test('no module of the engine imports from a floor above its own', () => {
  assert.deepEqual(upwardImports(engineModules(), floors), []);
});

test('no folders of the engine import one another round in a circle', () => {
  assert.deepEqual(circles(engineModules(), floors), []);
});

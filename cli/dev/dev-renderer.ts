import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { SiteError } from '../errors.ts';
import { cacheFolder } from '../project-layout.ts';
import type { PageSpec } from '../route/routes.ts';
import type { Renderer } from '../build/render-site.ts';

/** A freshly compiled renderer, and which source files each page template depends on. */
export interface DevRenderer {
  renderer: Renderer;
  templateFileOf: (page: PageSpec) => string;
  /** Project-relative source files reachable from each page template. */
  dependencies: Map<string, Set<string>>;
}

let generation = 0;

/**
 * Compiles the templates (and the islands they server-render) into one new module and imports
 * it. Node caches modules by URL, so each compilation gets its own file: an edited template is
 * picked up without restarting, and React stays shared because packages are left external.
 */
export async function loadDevRenderer(root: string): Promise<DevRenderer> {
  const outDir = path.join(cacheFolder(root), 'dev');
  let result: esbuild.BuildResult<{ write: false; metafile: true }>;
  try {
    result = await esbuild.build({
      absWorkingDir: root,
      entryPoints: ['cli/render/render-page.tsx'],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      jsx: 'automatic',
      write: false,
      metafile: true,
      outfile: path.join(outDir, 'render.js'),
      logLevel: 'silent',
    });
  } catch (error) {
    const first = (error as esbuild.BuildFailure).errors?.[0];
    throw new SiteError({
      code: 'template.compile-failed',
      message: first?.text ?? (error as Error).message,
      file: first?.location ? path.join(root, first.location.file) : undefined,
      line: first?.location?.line,
      column: first?.location ? first.location.column + 1 : undefined,
      cause: error,
    });
  }
  await mkdir(outDir, { recursive: true });
  const file = path.join(outDir, `render-${process.pid}-${++generation}.js`);
  await writeFile(file, result.outputFiles[0]!.contents);
  try {
    const module = (await import(pathToFileURL(file).href)) as Renderer & { templateFileOf: (page: PageSpec) => string };
    return { renderer: module, templateFileOf: module.templateFileOf, dependencies: templateDependencies(result.metafile) };
  } finally {
    await rm(file, { force: true });
  }
}

/** Walks esbuild's import graph from each page template. */
function templateDependencies(metafile: esbuild.Metafile): Map<string, Set<string>> {
  const graph = new Map(Object.entries(metafile.inputs).map(([file, input]) => [file, input.imports.map((i) => i.path)]));
  const closure = (start: string) => {
    const seen = new Set<string>();
    const stack = [start];
    while (stack.length) {
      const file = stack.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      stack.push(...(graph.get(file) ?? []));
    }
    return seen;
  };
  return new Map([...graph.keys()].filter((file) => file.startsWith('templates/pages/')).map((file) => [file, closure(file)]));
}

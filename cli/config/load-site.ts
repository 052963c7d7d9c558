// Loads a site's definition: `sitegen.config.ts` at the project root, with the templates,
// schemas and islands it imports, compiled by esbuild (TypeScript and JSX) into one module that
// is imported at once, the way Vite loads its config. Packages stay imports, so the site and the
// engine share one React and one zod, and `sitegen/site` is the running engine itself.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';
import { errorCatalogue } from '../error-catalogue.ts';
import { SiteError } from '../errors.ts';
import { cacheKey } from '../cache/cache.ts';
import type { PageSpec, SiteDefinition } from './site-definition.ts';

/** The file a project's site definition is read from. */
export const configFileName = 'sitegen.config.ts';

/** A site's definition, with what identifies its code. */
export interface LoadedSite<Model = unknown, Page extends PageSpec = PageSpec> {
  definition: SiteDefinition<Model, Page>;
  /** The file it was read from: problems of the definition itself are located there. */
  file: string;
  /** A hash of the compiled definition: every page's cache key holds it, so an edited template renders afresh. */
  codeHash: string;
  /**
   * The project-relative source files compiled into it, each with the files it imports (dev
   * re-renders what an edit touches).
   */
  imports: Map<string, string[]>;
}

/** Compiles and imports the site definition of the project at `root`. */
export async function loadSite(root: string, configFile = path.join(root, configFileName)): Promise<LoadedSite> {
  if (!existsSync(configFile)) {
    throw new SiteError({
      code: 'config.missing',
      message: `no site definition: ${path.relative(process.cwd(), configFile) || configFile} does not exist`,
      hint: `Create ${configFileName} exporting defineSite({...}) (see docs/architecture.md), or run sitegen in the project's folder.`,
    });
  }
  const { exports, code, metafile } = await importCompiled(root, configFile);
  const definition = exports.default;
  if (!isDefinition(definition)) {
    throw new SiteError({
      code: 'config.invalid',
      message: `${path.basename(configFile)} does not export a site definition as its default export`,
      hint: 'End it with `export default defineSite({ ... })`.',
      file: configFile,
    });
  }
  checkSiteErrorCodes(definition, configFile);
  await checkCodeTheme(definition, configFile);
  const imports = new Map(
    Object.entries(metafile.inputs).map(([file, input]) => [file, input.imports.map((entry) => entry.path)]),
  );
  return { definition, file: configFile, codeHash: cacheKey(code), imports };
}

function isDefinition(value: unknown): value is SiteDefinition {
  const definition = value as Partial<SiteDefinition> | undefined;
  return (
    typeof definition === 'object' &&
    definition !== null &&
    typeof definition.model === 'function' &&
    typeof definition.routes === 'function' &&
    typeof definition.render === 'function'
  );
}

/**
 * A site's own error codes join the engine's catalogue, so each must be `area.problem` in
 * lowercase, as the engine's are, and none may be one of the engine's: a code means one problem.
 */
function checkSiteErrorCodes(definition: SiteDefinition, file: string): void {
  const problems = Object.keys(definition.errors ?? {}).flatMap((code) => {
    if (code in errorCatalogue) return [`${code} is a code of the engine`];
    return /^[a-z][a-z-]*\.[a-z][a-z-]*$/.test(code)
      ? []
      : [`${JSON.stringify(code)} is not area.problem in lowercase`];
  });
  if (problems.length === 0) return;
  throw new SiteError({
    code: 'config.invalid',
    message: `errors: ${problems.join('; ')}`,
    hint: "Name each of the site's own problems with a code of its own, such as content.duplicate-topic (docs/errors.md lists the engine's).",
    file,
  });
}

/**
 * The definition's code theme is one Shiki bundles: the definition is compiled without a type
 * check, and an unknown name would otherwise fail the first body with a code block, far from
 * where it is written.
 */
async function checkCodeTheme(definition: SiteDefinition, file: string): Promise<void> {
  const theme = definition.markdown?.theme;
  if (theme === undefined) return;
  const { bundledThemesInfo } = await import('shiki/themes');
  if (bundledThemesInfo.some((info) => info.id === theme)) return;
  throw new SiteError({
    code: 'config.invalid',
    message: `markdown.theme: ${JSON.stringify(theme)} is not a theme Shiki bundles`,
    hint: 'Name one of the themes listed at shiki.style/themes, such as github-dark-default or github-light.',
    file,
  });
}

/** A module compiled by `importCompiled`: what it exports, its code, and esbuild's record of its inputs. */
export interface CompiledModule {
  exports: Record<string, unknown>;
  code: Uint8Array;
  metafile: { inputs: Record<string, { imports: { path: string }[] }> };
}

/**
 * The engine's public entry (`sitegen/site`) as this engine runs it: the TypeScript source when the
 * engine runs from its sources (the tests, through a TypeScript loader), else the module compiled
 * beside it in lib/ (cli/compile.js).
 */
const publicEntry = new URL(import.meta.url.endsWith('.ts') ? '../site.ts' : './site.js', import.meta.url).href;

/**
 * Points a site's imports of `sitegen/site` at the engine that compiles it, left external: the
 * site and the engine share one copy of every module, so an error class or a cache the site
 * reaches is the engine's own.
 */
const enginePlugin: Plugin = {
  name: 'sitegen-public-entry',
  setup(build) {
    build.onResolve({ filter: /^sitegen\/site$/ }, () => ({ path: publicEntry, external: true }));
  },
};

/**
 * Compiles `entry` (TypeScript and JSX) with the files it imports into one module and imports it
 * at once. Packages stay imports, resolved from the project's node_modules, and the engine's
 * public entry is the running engine's. A source that does not compile is a located
 * `template.compile-failed`.
 */
export async function importCompiled(root: string, entry: string): Promise<CompiledModule> {
  const esbuild = await import('esbuild');
  let result: Awaited<ReturnType<typeof esbuild.build<{ write: false; metafile: true }>>>;
  try {
    result = await esbuild.build({
      absWorkingDir: root,
      entryPoints: [entry],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      jsx: 'automatic',
      plugins: [enginePlugin],
      write: false,
      metafile: true,
      outfile: `${entry}.mjs`,
      logLevel: 'silent',
    });
  } catch (error) {
    const first = (error as { errors?: { text: string; location?: { file: string; line: number; column: number } }[] })
      .errors?.[0];
    throw new SiteError({
      code: 'template.compile-failed',
      message: first?.text ?? (error as Error).message,
      file: first?.location ? path.join(root, first.location.file) : entry,
      line: first?.location?.line,
      column: first?.location ? first.location.column + 1 : undefined,
      cause: error,
    });
  }
  const code = result.outputFiles[0]!.contents;
  // Beside the entry, so the module's package imports resolve from the project's node_modules.
  const module = `${entry}.timestamp-${Date.now()}-${randomBytes(4).toString('hex')}.mjs`;
  await writeFile(module, code);
  try {
    return {
      exports: (await import(pathToFileURL(module).href)) as Record<string, unknown>,
      code,
      metafile: result.metafile,
    };
  } finally {
    await rm(module, { force: true });
  }
}

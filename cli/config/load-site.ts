// Loads a site's definition: `sitegen.config.ts` at the project root, with the templates,
// schemas and islands it imports, compiled by esbuild (TypeScript and JSX) into one module that
// is imported at once, the way Vite loads its config. Packages stay imports, so the site and the
// engine share one React and one zod, and `sitegen/site` is the running engine itself.
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';
import { errorCatalogue } from '../error-catalogue.ts';
import { SiteError } from '../errors.ts';
import { cacheKey, type Cache } from '../cache/cache.ts';
import { engineIdentity, packageVersion } from '../cache/engine-identity.ts';
import { hashInputs, inputsUnchanged } from '../cache/input-hashes.ts';
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

/**
 * Compiles and imports the site definition of the project at `root`; with a `cache`, the compile
 * is kept there and taken again while every file it was made from is unchanged.
 */
export async function loadSite(
  root: string,
  configFile = path.join(root, configFileName),
  cache?: Cache,
): Promise<LoadedSite> {
  if (!existsSync(configFile)) {
    throw new SiteError({
      code: 'config.missing',
      message: `no site definition: ${path.relative(process.cwd(), configFile) || configFile} does not exist`,
      hint: `Create ${configFileName} exporting defineSite({...}) (see docs/architecture.md), or run sitegen in the project's folder.`,
    });
  }
  const { exports, code, metafile } = await importCompiled(root, configFile, cache);
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
 * `template.compile-failed`. With a `cache`, the compile is kept in it (`definitions`) and taken
 * again, instead of compiling, while what it was made from is unchanged.
 */
export async function importCompiled(root: string, entry: string, cache?: Cache): Promise<CompiledModule> {
  const kept = cache && (await keptCompile(root, entry, cache));
  const { code, metafile } = kept ?? (await compile(root, entry));
  if (!kept && cache) await keepCompile(root, entry, cache, { code, metafile });
  // Beside the entry, so the module's package imports resolve from the project's node_modules.
  const module = `${entry}.timestamp-${Date.now()}-${randomBytes(4).toString('hex')}.mjs`;
  await writeFile(module, code);
  try {
    return { exports: (await import(pathToFileURL(module).href)) as Record<string, unknown>, code, metafile };
  } finally {
    await rm(module, { force: true });
  }
}

/** esbuild's compile of `entry` into one module, with its record of the inputs. */
async function compile(root: string, entry: string): Promise<Omit<CompiledModule, 'exports'>> {
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
  return { code: result.outputFiles[0]!.contents, metafile: result.metafile };
}

/** Bumped when what a kept compile records, or what it is checked against, changes. */
const compileRecordVersion = 1;

/**
 * A compile as the cache keeps it: the module, esbuild's record of its inputs, and a hash of
 * each file it was made from and of the names in each folder holding one, as they were.
 */
interface KeptCompile {
  code: string;
  inputs: CompiledModule['metafile']['inputs'];
  files: Record<string, string>;
  folders: Record<string, string>;
}

/**
 * Files besides the compiled sources that decide what esbuild makes of them: the TypeScript
 * settings (JSX, paths) and the package's own (module type, imports).
 */
const compileSettings = ['tsconfig.json', 'package.json'];

/** The cache key of a compile of `entry`: the engine, esbuild and where the public entry is. */
function compileKey(root: string, entry: string): string {
  return cacheKey(
    'definition',
    compileRecordVersion,
    engineIdentity(),
    packageVersion('esbuild'),
    publicEntry,
    path.resolve(root),
    path.relative(root, entry),
  );
}

/**
 * The compile the cache keeps for `entry`, when every file it was made from holds what it held
 * then and no file has come or gone beside them (one an import would now resolve to first);
 * undefined otherwise, and the definition is compiled again.
 */
async function keptCompile(
  root: string,
  entry: string,
  cache: Cache,
): Promise<Omit<CompiledModule, 'exports'> | undefined> {
  const kept = cache.getJson('definitions', compileKey(root, entry), isKeptCompile);
  if (!kept || !(await inputsUnchanged(root, kept.files))) return undefined;
  const folders = Object.entries(kept.folders);
  if (!folders.every(([folder, hash]) => folderHash(root, folder) === hash)) return undefined;
  return { code: Buffer.from(kept.code, 'utf8'), metafile: { inputs: kept.inputs } };
}

/** Keeps a compile of `entry` with the hashes `keptCompile` checks it against. */
async function keepCompile(
  root: string,
  entry: string,
  cache: Cache,
  compiled: Omit<CompiledModule, 'exports'>,
): Promise<void> {
  const files = [...Object.keys(compiled.metafile.inputs), ...compileSettings];
  const folders = [...new Set(files.map((file) => path.dirname(file)))];
  const kept: KeptCompile = {
    code: Buffer.from(compiled.code).toString('utf8'),
    inputs: compiled.metafile.inputs,
    files: await hashInputs(root, files),
    folders: Object.fromEntries(folders.map((folder) => [folder, folderHash(root, folder)])),
  };
  cache.putJson('definitions', compileKey(root, entry), kept);
}

/** A hash of the names in a project folder; `-` for a folder that cannot be listed. */
function folderHash(root: string, folder: string): string {
  try {
    return cacheKey(...readdirSync(path.resolve(root, folder)).sort());
  } catch {
    return '-';
  }
}

function isKeptCompile(value: unknown): value is KeptCompile {
  const kept = value as Partial<KeptCompile> | null;
  const hashes = (record: unknown) =>
    typeof record === 'object' &&
    record !== null &&
    !Array.isArray(record) &&
    Object.values(record).every((hash) => typeof hash === 'string');
  return (
    typeof kept?.code === 'string' &&
    typeof kept.inputs === 'object' &&
    kept.inputs !== null &&
    Object.values(kept.inputs).every((input) => Array.isArray((input as { imports?: unknown }).imports)) &&
    hashes(kept.files) &&
    hashes(kept.folders)
  );
}

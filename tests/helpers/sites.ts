import path from 'node:path';
import { Cache, cacheFolder, type CacheName } from '../../cli/cache/cache.ts';
import type { LoadedSite } from '../../cli/config/load-site.ts';
import type { PageSpec, SiteDefinition } from '../../cli/config/site-definition.ts';
import tinyDefinition from '../sites/tiny/sitegen.config.ts';
import { projectRoot } from './content.ts';

// The sites the tests build: the tiny one made for engine tests (tests/sites/tiny), and the
// marketing site (real-site.ts), for what it promises visitors. Both are imported as the tests
// run them (TypeScript through tsx); the CLI compiles them with esbuild instead
// (cli/config/load-site.ts).

/** The tiny site of the engine tests lives here. */
export const tinyRoot = path.join(projectRoot, 'tests', 'sites', 'tiny');

/**
 * A definition as the build takes it, read from `file` (the tiny site's definition unless
 * given); its code is the tests' own, so caches never carry over from another process.
 */
export function loadedSite<Model, Page extends PageSpec>(
  definition: SiteDefinition<Model, Page>,
  file = path.join(tinyRoot, 'sitegen.config.ts'),
): LoadedSite<Model, Page> {
  return { definition, file, codeHash: `tests ${process.pid}`, imports: new Map() };
}

/**
 * The project's own cache, as `sitegen build` in the project uses it, without its pages: a test
 * build of the marketing site takes the images, share cards and highlighted code that any build
 * of the same sources made, and renders every page itself. (A site loaded here has the test
 * process's own code hash, part of each page's key, so its pages would only pile up unread.)
 */
export const projectCache: Cache = new (class extends Cache {
  override get(name: CacheName, key: string): Buffer | undefined {
    return name === 'pages' ? undefined : super.get(name, key);
  }
  override put(name: CacheName, key: string, payload: Uint8Array | string): void {
    if (name !== 'pages') super.put(name, key, payload);
  }
})(cacheFolder(projectRoot));

/** The tiny site of the engine tests. */
export const tinySite = loadedSite(tinyDefinition);

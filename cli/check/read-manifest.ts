import { join } from 'node:path';
import { z } from 'zod';
import { SiteError } from '../errors.ts';
import { manifestFileName } from './types.ts';
import { routeKey } from '../static-host/site-paths.ts';
import { readSiteFile } from './read-site-file.ts';
import type { LinkOrigin, SiteManifest } from './types.ts';

const origin = z.object({
  kind: z.enum(['layout', 'data', 'markdown', 'template']),
  file: z.string().min(1),
  line: z.number().int().positive().optional(),
  column: z.number().int().positive().optional(),
  field: z.string().optional(),
});

const manifestSchema = z
  .object({
    version: z.literal(2),
    siteUrl: z.string(),
    routes: z.array(z.object({ path: z.string().startsWith('/'), file: z.string().min(1) })),
    redirects: z.array(
      z.object({ from: z.string().startsWith('/'), to: z.string().min(1), origin: origin.optional() }),
    ),
    origins: z.array(origin),
    links: z.record(z.string(), z.array(z.tuple([z.string(), z.number().int().nonnegative()]))),
    markdown: z.array(z.string().min(1)).optional(),
  })
  .superRefine((manifest, context) => {
    for (const [page, links] of Object.entries(manifest.links)) {
      const index = links.findIndex(([, origin]) => origin >= manifest.origins.length);
      if (index >= 0)
        context.addIssue({
          code: 'custom',
          path: ['links', page, index, 1],
          message: `no origin ${links[index]![1]} (the manifest lists ${manifest.origins.length})`,
        });
    }
  });

/** Reads `<siteDir>/.sitegen-manifest.json`; `undefined` when the site has none (plain HTML mode). */
export async function loadManifest(siteDir: string): Promise<SiteManifest | undefined> {
  const file = join(siteDir, manifestFileName);
  // Never a FIFO, a device or more than the size limit: the folder may be anyone's.
  const read = readSiteFile(siteDir, manifestFileName);
  if ('problem' in read) {
    if (read.missing) return undefined;
    throw badManifest(file, `it ${read.problem.reason}`);
  }
  return parseManifest(read.text, file);
}

/** The manifest in `text` (the file at `file`), checked against its schema; a `links.bad-manifest` error otherwise. */
export function parseManifest(text: string, file: string): SiteManifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (cause) {
    throw badManifest(file, `it is not JSON (${(cause as Error).message})`, cause);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badManifest(file, `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`);
  }
  return parsed.data;
}

/**
 * A manifest the build made in memory, as `parseManifest` would read it back from its file:
 * each origin carries only the schema's fields, in its order (the checker's findings show them).
 */
export function manifestAsRead(manifest: SiteManifest): SiteManifest {
  const asRead = (value: LinkOrigin): LinkOrigin => origin.parse(JSON.parse(JSON.stringify(value)));
  return {
    ...manifest,
    redirects: manifest.redirects.map((redirect) =>
      redirect.origin ? { ...redirect, origin: asRead(redirect.origin) } : { from: redirect.from, to: redirect.to },
    ),
    origins: manifest.origins.map(asRead),
  };
}

function badManifest(file: string, detail: string, cause?: unknown): SiteError {
  return new SiteError({
    code: 'links.bad-manifest',
    message: `The route manifest cannot be read: ${detail}.`,
    hint: `Rebuild the site with \`sitegen build\`, or delete ${manifestFileName} to check the plain HTML.`,
    file,
    cause,
  });
}

/** Origins of emitted links, looked up by page and href in document order. */
export class OriginIndex {
  /** Each page's recorded links, by route key; indexed by href when a finding first asks. */
  private readonly linksByPage = new Map<string, SiteManifest['links'][string]>();
  private readonly byPage = new Map<string, Map<string, LinkOrigin[]>>();

  constructor(private readonly manifest: Pick<SiteManifest, 'origins' | 'links'>) {
    for (const [page, links] of Object.entries(manifest.links)) {
      if (links.length === 0) continue;
      this.linksByPage.set(routeKey(page), links);
    }
  }

  /** Whether any link of `page` has a recorded origin. */
  hasPage(page: string): boolean {
    return this.linksByPage.has(routeKey(page));
  }

  /** The origin of the `occurrence`-th (0-based) appearance of `href` on `page`. */
  find(page: string, href: string, occurrence: number): LinkOrigin | undefined {
    const list = this.hrefsOf(routeKey(page))?.get(href);
    if (!list) return undefined;
    // A page may repeat an href more often than the build recorded it; the last origin is the best guess.
    return list[Math.min(occurrence, list.length - 1)];
  }

  private hrefsOf(key: string): Map<string, LinkOrigin[]> | undefined {
    let hrefs = this.byPage.get(key);
    if (hrefs) return hrefs;
    const links = this.linksByPage.get(key);
    if (!links) return undefined;
    hrefs = new Map();
    for (const [href, originIndex] of links) {
      const origin = this.manifest.origins[originIndex]!;
      const list = hrefs.get(href);
      if (list) list.push(origin);
      else hrefs.set(href, [origin]);
    }
    this.byPage.set(key, hrefs);
    return hrefs;
  }
}

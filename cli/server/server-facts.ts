// What a build records for its server routes: the site's origin and the data its definition hands
// the handlers. `preview` reads it back, so the handlers it runs see the build they serve beside
// (a token solved on a page of that build carries that build's host). It holds what the pages
// already show (an origin, page addresses, texts), never a secret and never code.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BuiltSiteFacts, ServerSpec } from '../config/server-spec.ts';
import { SiteError } from '../errors.ts';

/** The file a build writes beside its pages when the site has server routes. */
export const serverFactsFile = '.sitegen-server.json';

/** What the file holds. */
export interface ServerFacts extends BuiltSiteFacts {
  version: 1;
  /** The route paths the build's site answers itself. */
  routes: string[];
}

/**
 * The facts of a build, after checking that each route is a path of its own: it starts with `/`
 * and no page of the site is written at it (the page would never be reached).
 */
export function serverFactsOf<Model>(
  spec: ServerSpec<Model>,
  model: Model,
  siteUrl: string,
  pagePaths: readonly string[],
): ServerFacts {
  const pages = new Set(pagePaths.map((page) => page.replace(/\/+$/, '') || '/'));
  for (const route of Object.keys(spec.routes)) {
    if (!/^\/[^?#\s]*$/.test(route) || route.includes('//'))
      throw new SiteError({
        code: 'server.bad-route',
        message: `server route ${JSON.stringify(route)} is not a path: it must start with "/" and hold no query, fragment or space`,
      });
    if (pages.has(route.replace(/\/+$/, '') || '/'))
      throw new SiteError({
        code: 'server.bad-route',
        message: `server route ${route} is also the address of a page`,
        hint: 'Give the route a path no page has (an /api/ folder, say).',
      });
  }
  return { version: 1, url: siteUrl, routes: Object.keys(spec.routes), data: spec.data?.(model) ?? null };
}

/** The facts a build wrote into `dir`, or undefined when it wrote none (a site without server routes). */
export function readServerFacts(dir: string): ServerFacts | undefined {
  let text: string;
  try {
    text = readFileSync(path.join(dir, serverFactsFile), 'utf8');
  } catch {
    return undefined;
  }
  const facts = JSON.parse(text) as Partial<ServerFacts>;
  if (facts.version !== 1 || typeof facts.url !== 'string' || !Array.isArray(facts.routes)) {
    throw new SiteError({
      code: 'server.bad-facts',
      message: `${serverFactsFile} in ${dir} is not what a build writes`,
      hint: 'Build the site again with `sitegen build`.',
      file: path.join(dir, serverFactsFile),
    });
  }
  return facts as ServerFacts;
}

import type { FeedSpec, PublishedFile } from '../config/site-definition.ts';
import type { ImageIndex } from '../config/render-context.ts';
import type { Redirect, Route } from '../route/routes.ts';
import { llmsFile, llmsFullFile } from '../write/llms-txt.ts';
import { checkOutputClaims, reservedClaims, type OutputClaim } from '../write/output-claims.ts';
import type { PlannedImages, ShareCards } from './assets-step.ts';
import type { RoutedStep } from './route-step.ts';

/**
 * The files a build publishes besides pages, images and cards, worked out once: claimed here,
 * written by the write step.
 */
export interface PlannedFiles {
  feeds: FeedSpec[];
  /** The site's own files (`files` in its definition), each at its output path. */
  files: { file: string; contents: PublishedFile['contents'] }[];
}

/**
 * Claim: every path the build will write is claimed by its writer before anything is written
 * (write/output-claims.ts): the build's own files and the host's first, then the client bundle,
 * the search index, llms.txt and llms-full.txt, feeds and the site's files, pages with their
 * Markdown copies, redirect stubs, images, share pictures and the files of page bundles. Throws every path claimed
 * twice, each at the later claim's file.
 */
export function claimStep(
  routed: RoutedStep,
  images: { outputs: PlannedImages['outputs']; index: ImageIndex },
  shareCards: Pick<ShareCards, 'files'>,
): PlannedFiles {
  const definition = routed.site.definition;
  const definitionFile = routed.site.file;
  const feeds = definition.feeds?.(routed.model) ?? [];
  const files = (definition.files?.(routed.model, { images: images.index, settings: routed.settings }) ?? []).map(
    (file) => ({ file: publishedFile(file.path), contents: file.contents }),
  );
  const bySite =
    (owner: string) =>
    (path: string): OutputClaim => ({ path, owner, file: definitionFile });
  checkOutputClaims([
    ...reservedClaims(definitionFile),
    bySite('the client bundle')('assets/'),
    ...(routed.search ? [bySite('the search index')(`${routed.search.folder}/`)] : []),
    ...(definition.llms
      ? [bySite("the build's llms.txt")(llmsFile), bySite("the build's llms-full.txt")(llmsFullFile)]
      : []),
    ...feeds.map((feed) => bySite(`the feed ${feed.path}`)(feed.path.slice(1))),
    ...files.map((file) => bySite(`the site's file /${file.file}`)(file.file)),
    ...routeClaims(routed.routes, routed.redirects),
    ...images.outputs.map((image): OutputClaim => ({
      path: image.url.slice(1),
      owner: `the image ${image.url}`,
      file: image.source,
    })),
    ...shareCards.files.map(bySite('a share picture')),
    ...routed.pageBundles.flatMap((bundle) =>
      bundle.files.map((file): OutputClaim => ({
        path: file.url.slice(1),
        owner: `the file ${file.url} of a page bundle`,
        file: file.source,
      })),
    ),
  ]);
  return { feeds, files };
}

/**
 * The claims of the pages, of their Markdown copies and of the redirects' stub pages, each at the file (and line) it
 * comes from.
 */
export function routeClaims(routes: readonly Route[], redirects: readonly Redirect[]): OutputClaim[] {
  return [
    ...routes.map((route): OutputClaim => ({ path: route.file, owner: `the page ${route.path}`, file: route.source })),
    ...routes.flatMap((route): OutputClaim[] =>
      route.copy
        ? [{ path: route.copy.file, owner: `the Markdown copy of the page ${route.path}`, file: route.source }]
        : [],
    ),
    ...redirects.map((redirect): OutputClaim => ({
      path: redirect.file,
      owner: `the redirect from ${redirect.from}`,
      file: redirect.origin?.file ?? 'redirects',
      ...(redirect.origin?.line === undefined ? {} : { line: redirect.origin.line }),
      ...(redirect.origin?.column === undefined ? {} : { column: redirect.origin.column }),
    })),
  ];
}

/** Where a file the site publishes goes under the output folder; refuses a path that is not a plain site path. */
function publishedFile(sitePath: string): string {
  const segments = sitePath.split('/');
  if (
    !sitePath.startsWith('/') ||
    sitePath.endsWith('/') ||
    segments.slice(1).some((segment) => segment === '' || segment === '.' || segment === '..' || segment.includes('\\'))
  ) {
    throw new Error(
      `the site publishes a file at ${JSON.stringify(sitePath)}: a file's path starts with / and names a file, without . or .. segments`,
    );
  }
  return sitePath.slice(1);
}

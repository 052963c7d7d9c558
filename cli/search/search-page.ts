// Where search lives in a site: the one page visitors search from, and the folder of the index.
// The page's first folder is its own, so that `_headers` can give that folder alone a policy
// allowing WebAssembly (see write/headers-file.ts).
import type { SearchSpec } from '../config/site-definition.ts';
import { SiteError, SiteErrorList } from '../errors.ts';
import type { Redirect, Route } from '../route/routes.ts';
import { ignoreSelectorProblem } from './search-record.ts';

/** Pagefind's own folder name, where its script looks for the index by default. */
export const defaultSearchFolder = 'pagefind';

/** Where a site's search is published: its page and the folder of the index, as the build and `_headers` use them. */
export interface SearchPlace {
  route: Route;
  /** The folder of the index under the output, without slashes: `pagefind`. */
  folder: string;
  /** Pagefind's script, as the search page loads it: `/pagefind/pagefind.js`. */
  script: string;
  /** Pages per part of the index, when the site sets it. */
  pagesPerPart?: number;
  /** Selectors of the parts of indexed pages that are left out of the index. */
  ignore: string[];
}

/** The folder of the index under the output. */
export function searchFolderOf(spec: SearchSpec): string {
  return (spec.folder ?? defaultSearchFolder).replace(/^\/+|\/+$/g, '');
}

/**
 * The search page's route and the index's folder; refuses a page the site does not have, one
 * that shares its first folder with another page or a redirect's page, and a page or redirect
 * written into the index's folder.
 */
export function searchPlace(
  spec: SearchSpec,
  routes: Route[],
  redirects: Redirect[],
  definitionFile: string,
): SearchPlace {
  const folder = searchFolderOf(spec);
  const route = routes.find(
    (candidate) => candidate.path === spec.page.replace(/(.)\/+$/, '$1') && candidate.file !== '404.html',
  );
  if (!route) {
    throw new SiteError({
      code: 'search.unknown-page',
      message: `search.page: "${spec.page}" is not a page of the site`,
      hint: "Name the path of the page that holds the search field, as the site's routes give it (`/search`).",
      file: definitionFile,
    });
  }
  const { pagesPerPart } = spec;
  const ignore = spec.ignore ?? [];
  const problems = [
    ...folderProblems(route, folder, routes, redirects, definitionFile),
    ...partSizeProblems(pagesPerPart, definitionFile),
    ...ignoreProblems(ignore, definitionFile),
  ];
  if (problems.length > 0) throw new SiteErrorList(problems);
  return {
    route,
    folder,
    script: `/${folder}/pagefind.js`,
    ignore,
    ...(pagesPerPart === undefined ? {} : { pagesPerPart }),
  };
}

/**
 * Each of `ignore` is a CSS selector that a page can be matched against as it is read: Pagefind's
 * reading of a page, which the build's follows, streams, and cannot look at what comes after an
 * element.
 */
function ignoreProblems(ignore: readonly unknown[], definitionFile: string): SiteError[] {
  return ignore.flatMap((selector) => {
    const problem =
      typeof selector !== 'string' || selector.trim() === '' ? 'no selector' : ignoreSelectorProblem(selector);
    if (problem === undefined) return [];
    return [
      new SiteError({
        code: 'search.bad-ignore',
        message: `search.ignore: ${JSON.stringify(selector)} is not a CSS selector search can use: ${problem}`,
        hint: 'List CSS selectors of what search leaves out of indexed pages, such as "pre" for code blocks: names, classes, ids, attributes, descendant (a b) and child (a > b) combinators, :not, :first-child, :nth-child, :first-of-type and :nth-of-type.',
        file: definitionFile,
      }),
    ];
  });
}

/** Another page or redirect in the search page's folder, or in the folder of the index. */
function folderProblems(
  route: Route,
  folder: string,
  routes: Route[],
  redirects: Redirect[],
  definitionFile: string,
): SiteError[] {
  const problems: SiteError[] = [];
  const pageFolder = firstFolder(route.file);
  const written = [
    ...routes.map((r) => ({ file: r.file, label: r.path })),
    ...redirects.map((r) => ({ file: r.file, label: `the redirect from ${r.from}` })),
  ];
  for (const other of written) {
    if (other.file === route.file) continue;
    if (pageFolder === undefined || firstFolder(other.file) === pageFolder) {
      problems.push(
        new SiteError({
          code: 'search.shared-folder',
          message: `search.page: ${route.path} shares its folder with ${other.label}`,
          hint: "The search page's Content-Security-Policy allows WebAssembly for its whole folder: give it a folder of its own (`/search`).",
          file: definitionFile,
        }),
      );
    }
    if (firstFolder(other.file) === folder) {
      problems.push(
        new SiteError({
          code: 'search.folder-taken',
          message: `${other.label} is written into ${folder}/, the folder of the search index`,
          hint: 'Move the page, or set search.folder to a folder no page uses.',
          file: definitionFile,
        }),
      );
    }
  }
  return problems;
}

/** `pagesPerPart`, when given, is a whole number of pages, at least 1. */
function partSizeProblems(pagesPerPart: number | undefined, definitionFile: string): SiteError[] {
  if (pagesPerPart === undefined || (Number.isInteger(pagesPerPart) && pagesPerPart >= 1)) return [];
  return [
    new SiteError({
      code: 'search.pages-per-part',
      message: `search.pagesPerPart: ${JSON.stringify(pagesPerPart)} is not a whole number of pages, at least 1`,
      hint: 'Leave it out for the default (250 pages, or an eighth of the site), or give a whole number such as 200.',
      file: definitionFile,
    }),
  ];
}

/**
 * The first folder of an output file (`search` for `search/index.html`); none for a file at the top
 * (`search.html`, the home page).
 */
function firstFolder(file: string): string | undefined {
  const slash = file.indexOf('/');
  return slash === -1
    ? file.endsWith('.html') && file !== 'index.html'
      ? file.slice(0, -'.html'.length)
      : undefined
    : file.slice(0, slash);
}

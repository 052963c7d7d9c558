// Pagefind's browser API, as much of it as the search page uses, loaded the first time a visitor searches.

/** The part of Pagefind's browser API the page uses. */
export interface Pagefind {
  options(options: { excerptLength?: number }): Promise<void>;
  init(): Promise<void>;
  mergeIndex(indexPath: string, options?: { excerptLength?: number }): Promise<void>;
  debouncedSearch(
    query: string | null,
    options: { filters?: Record<string, string> },
    wait?: number,
  ): Promise<PagefindSearch | null>;
}

export interface PagefindSearch {
  results: { id: string; data(): Promise<PagefindPage> }[];
}

export interface PagefindPage {
  url: string;
  excerpt: string;
  meta: Record<string, string | undefined>;
  filters: Record<string, string[] | undefined>;
}

let loading: Promise<Pagefind> | undefined;

const options = { excerptLength: 26 };

/**
 * The folders of the index's other parts: a large site's index is published in parts
 * (`parts.json` beside the script lists them), which are searched as one.
 */
async function indexParts(script: URL): Promise<URL[]> {
  const response = await fetch(new URL('parts.json', script));
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}`);
  const { merge } = (await response.json()) as { merge?: unknown };
  return (Array.isArray(merge) ? merge : [])
    .filter((folder): folder is string => typeof folder === 'string' && /^part-\d+\/$/.test(folder))
    .map((folder) => new URL(folder, script));
}

/** Pagefind's script, its WebAssembly and the list of the index's parts, fetched the first time a visitor searches; never before. */
export function loadPagefind(script: string): Promise<Pagefind> {
  const address = new URL(script, location.href);
  loading ??= Promise.all([import(/* @vite-ignore */ script) as Promise<Pagefind>, indexParts(address)]).then(
    async ([pagefind, parts]) => {
      await pagefind.options(options);
      await pagefind.init();
      // Together: each part is added to the list in the order asked, before it loads.
      await Promise.all(parts.map((part) => pagefind.mergeIndex(part.href, options)));
      return pagefind;
    },
  );
  loading.catch(() => {
    // A later search tries again (the connection may be back).
    loading = undefined;
  });
  return loading;
}

// Pagefind's browser API, as much of it as the search page uses, loaded the first time a visitor searches.

/** The part of Pagefind's browser API the page uses. */
export interface Pagefind {
  options(options: { excerptLength?: number }): Promise<void>;
  init(): Promise<void>;
  debouncedSearch(query: string | null, options: { filters?: Record<string, string> }, wait?: number): Promise<PagefindSearch | null>;
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

/** Pagefind's script and its WebAssembly, fetched the first time a visitor searches; never before. */
export function loadPagefind(script: string): Promise<Pagefind> {
  loading ??= (import(/* @vite-ignore */ script) as Promise<Pagefind>).then(async (pagefind) => {
    await pagefind.options({ excerptLength: 26 });
    await pagefind.init();
    return pagefind;
  });
  loading.catch(() => {
    // A later search tries again (the connection may be back).
    loading = undefined;
  });
  return loading;
}

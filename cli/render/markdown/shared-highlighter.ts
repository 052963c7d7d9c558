// One Shiki highlighter a thread, so each language loads once and the same code highlights the same in every build.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { bundledLanguages, createHighlighter, type BundledLanguage, type Highlighter } from 'shiki';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import { codeTheme } from './code-theme.ts';

/** The thread's highlighter for each code theme it has used: one, unless tests build sites with others. */
const sharedHighlighters = new Map<string, Promise<Highlighter>>();
let highlighterStarted = false;

/** Whether this thread has started Shiki: not when every block came from the highlight store. */
export function hasStartedHighlighter(): boolean {
  return highlighterStarted;
}

/**
 * The one Shiki highlighter of a thread for its code theme (code-theme.ts): the theme loads once,
 * and each fence language once, when the first block in it is highlighted (a worker never loads
 * grammars its files don't use).
 */
export function getSharedHighlighter(): Promise<Highlighter> {
  highlighterStarted = true;
  const theme = codeTheme();
  let highlighter = sharedHighlighters.get(theme);
  if (!highlighter)
    sharedHighlighters.set(
      theme,
      (highlighter = newHighlighter(theme, []).then((shared) => withStableLanguages(shared, theme))),
    );
  return highlighter;
}

function newHighlighter(theme: string, langs: string[]): Promise<Highlighter> {
  return createHighlighter({ themes: [theme], langs, engine: createOnigurumaEngine({ instantiator: loadOniguruma }) });
}

/**
 * Shiki's regex engine, compiled from the package's .wasm file. Shiki's default imports a
 * JavaScript module holding the same binary as text, and its loader's check for a fetch
 * Response makes Node load its HTTP client; together about 0.2 s of each worker's start-up.
 * (The binary is compiled once per thread, however many highlighters it has.)
 */
async function loadOniguruma(imports?: WebAssembly.Imports): Promise<WebAssembly.WebAssemblyInstantiatedSource> {
  const wasm = await readFile(createRequire(import.meta.url).resolve('shiki/onig.wasm'));
  return WebAssembly.instantiate(wasm, imports);
}

/**
 * Shiki gives up on a line after `tokenizeTimeLimit` ms (500 by default) and leaves the rest of
 * the block plain, so on a busy machine (a CI runner, a build beside its tests) the same code
 * came out coloured in one build and plain in the next. A build must be reproducible: the limit
 * is set far above what any real line costs, and stays only as a bound on a grammar's
 * pathological backtracking (a Markdown file's size is limited too).
 */
const tokenizeTimeLimit = 20_000;

type LanguageModule = { default: { embeddedLangsLazy?: string[] }[] };

/**
 * Makes the highlighter load each language once and highlight each block the same way in
 * every build.
 *
 * rehype-pretty-code asks the highlighter to load every fence language of every file; Shiki
 * answers each request with a dynamic import, even for a grammar it already has. Asking once
 * per language keeps a 1,000-post build from spending seconds in the module loader.
 *
 * Some grammars (markdown, vue, svelte, mdx...) highlight code inside them in any language
 * that happens to be loaded: in a shared highlighter, a markdown block's front matter would be
 * YAML or plain text depending on which files the same thread rendered before. Those languages
 * get a highlighter of their own, which never loads the languages they embed only lazily.
 */
function withStableLanguages(shared: Highlighter, theme: string): Highlighter {
  const requested = new Map<string, Promise<void>>();
  const isolated = new Map<string, Highlighter>();
  const loadShared = shared.loadLanguage.bind(shared);
  const highlightShared = shared.codeToHtml.bind(shared);
  const load = async (language: string) => {
    const loadModule = (bundledLanguages as Record<string, (() => Promise<LanguageModule>) | undefined>)[language];
    const embedsLazily =
      loadModule && (await loadModule()).default.some((grammar) => (grammar.embeddedLangsLazy ?? []).length > 0);
    if (embedsLazily) isolated.set(language, await newHighlighter(theme, [language]));
    else await loadShared(language as BundledLanguage);
  };
  shared.loadLanguage = ((...languages: Parameters<Highlighter['loadLanguage']>) =>
    Promise.all(
      languages.map((language) => {
        if (typeof language !== 'string') return loadShared(language);
        if (!requested.has(language)) requested.set(language, load(language));
        return requested.get(language)!;
      }),
    ).then(() => undefined)) as Highlighter['loadLanguage'];
  shared.codeToHtml = ((code, options) => {
    const own = typeof options.lang === 'string' ? isolated.get(options.lang) : undefined;
    const stable = { ...options, tokenizeTimeLimit };
    return own ? own.codeToHtml(code, stable) : highlightShared(code, stable);
  }) as Highlighter['codeToHtml'];
  const tokensShared = shared.codeToTokens.bind(shared);
  shared.codeToTokens = ((code, options) => {
    const own = typeof options.lang === 'string' ? isolated.get(options.lang) : undefined;
    const stable = { ...options, tokenizeTimeLimit };
    return own ? own.codeToTokens(code, stable) : tokensShared(code, stable);
  }) as Highlighter['codeToTokens'];
  return shared;
}

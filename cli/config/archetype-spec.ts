// The part of a site definition that says what `sitegen new-post` and `sitegen import` write into a collection.
import type { SiteError } from '../errors.ts';

/** A value an archetype asks for besides the title: a command-line option and its prompt. */
export interface ArchetypeField {
  /** Key of the front matter field. */
  key: string;
  /** Commander's option syntax: `--category <name>`. */
  flag: string;
  description: string;
  /** A comma-separated list on the command line, a YAML list in the file. */
  list?: boolean;
  /** What the prompt asks; no prompt without it. */
  prompt?: string;
  /** Values existing entries use, most used first: offered at the prompt, the first is the default. */
  suggest?(entries: Record<string, unknown>[]): string[];
  /** The value when none is given and nothing is suggested, from the title. */
  fallback?(title: string): unknown;
  /** A problem with the value before the file is written (an empty category, say). */
  check?(value: unknown): SiteError | undefined;
  /** A warning printed after the file is written (a value no entry used before, say). */
  isNew?(value: unknown, suggestions: string[]): string | undefined;
}

/**
 * A post of another generator (Hugo, Jekyll, Next.js, Gatsby…) as `sitegen import` read it, in
 * common terms: the site's archetype says how its own front matter holds them.
 */
export interface ImportedEntry {
  title: string;
  /** Lowercase words joined by hyphens, the name of the entry's new folder. */
  slug: string;
  /** `YYYY-MM-DD`, as the post was dated. */
  date: string;
  draft: boolean;
  /** Its description, summary or excerpt, on one line. */
  description?: string;
  /** The first paragraph of its body as plain text on one line, for a site that needs a description the post lacks. */
  summary?: string;
  tags: string[];
  categories: string[];
  /** Its cover image: an image beside it in its new folder (`cover.png`) or a site path (`/images/…`). */
  image?: string;
  imageAlt?: string;
  /** Its former addresses, to redirect from. */
  aliases: string[];
}

/** What `sitegen new-post` writes: a new entry of a collection; with `imported`, what `sitegen import` writes too. */
export interface Archetype {
  collection: string;
  fields: ArchetypeField[];
  /** The front matter of the new file, in the order the file lists it. */
  frontMatter(
    values: { title: string; slug: string; date: string; draft: boolean } & Record<string, unknown>,
  ): Record<string, unknown>;
  /** The body skeleton under the front matter. */
  body: string;
  /** The new entry's address. */
  path(slug: string): string;
  /**
   * The front matter of a post brought from another generator (`sitegen import`). A value it
   * leaves out is kept under `extra` with the key it was read from, and the report says so.
   */
  imported?(entry: ImportedEntry): Record<string, unknown>;
}

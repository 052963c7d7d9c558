// Terms that group entries (a post's tags, its category), each with an address of its own:
// the names as authors write them, the entries in the order given, and a slug per name. Two
// names that would share an address ("CI/CD" and "ci-cd") are reported, not merged: the author
// meant one term, and the site decides how to say so.

/** One term and the entries that carry it. */
export interface Term<T> {
  /** As the entries write it. */
  name: string;
  /** The URL piece of its page: `termSlug(name)`. */
  slug: string;
  items: T[];
}

/** Names that cannot have a page of their own: several on one slug, or one with no slug at all. */
export interface TermClash<T> {
  slug: string;
  /** The names, in order of first use, each with the first entry that uses it. */
  names: { name: string; first: T }[];
}

/**
 * A term's URL piece: lowercase letters and digits of any script joined by hyphens, accents
 * folded (`Café` → `cafe`), and the signs that tell languages apart spelled out (`C++` →
 * `c-plus-plus`, `C#` → `c-sharp`, `R&D` → `r-and-d`). Empty when the name has no letter or digit.
 */
export function termSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\+/g, ' plus ')
    .replace(/#/g, ' sharp ')
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

/** Every term the entries carry, in order of first use, and the names that cannot have a page. */
export function collectTerms<T>(entries: readonly T[], namesOf: (entry: T) => readonly string[]): { terms: Term<T>[]; clashes: TermClash<T>[] } {
  const byName = new Map<string, Term<T>>();
  const firstUse = new Map<string, T>();
  for (const entry of entries) {
    for (const name of new Set(namesOf(entry))) {
      let term = byName.get(name);
      if (!term) {
        byName.set(name, (term = { name, slug: termSlug(name), items: [] }));
        firstUse.set(name, entry);
      }
      term.items.push(entry);
    }
  }
  const bySlug = new Map<string, Term<T>[]>();
  for (const term of byName.values()) bySlug.set(term.slug, [...(bySlug.get(term.slug) ?? []), term]);
  const clashes: TermClash<T>[] = [];
  for (const [slug, group] of bySlug) {
    if (group.length > 1 || slug === '') clashes.push({ slug, names: group.map((term) => ({ name: term.name, first: firstUse.get(term.name)! })) });
  }
  const clashing = new Set(clashes.flatMap((clash) => clash.names.map((n) => n.name)));
  return { terms: [...byName.values()].filter((term) => !clashing.has(term.name)), clashes };
}

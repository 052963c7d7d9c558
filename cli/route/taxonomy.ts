// Terms that group entries (a post's tags, its category), each with an address of its own:
// the names as authors write them, the entries in the order given, and a slug per name. Two
// names that would share an address ("CI/CD" and "ci-cd") are reported, not merged: the author
// meant one term, and the site decides how to say so.
import type { TermLimits } from '../config/site-definition.ts';

// The limits' shape is the definition's (`terms`); other steps import it from here too.
export type { TermLimits };

/** One term and the entries that carry it. */
export interface Term<T> {
  /** As the entries write it. */
  name: string;
  /** The URL piece of its page: `termSlug(name)`. */
  slug: string;
  items: T[];
}

/** The limits a site has unless its definition says otherwise. */
export const defaultTermLimits: Readonly<TermLimits> = Object.freeze({ perEntry: 50, perSite: 10_000 });

/**
 * An entry past a limit: it carries more than `perEntry` terms, or brings the site's term past
 * `perSite` (`name`, the first one over).
 */
export type TermOverflow<T> =
  { limit: 'perEntry'; entry: T; count: number } | { limit: 'perSite'; entry: T; name: string };

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

/**
 * Every term the entries carry, in order of first use, the names that cannot have a page, and
 * the entries past the limits. Past a limit nothing more is collected (an entry's terms past
 * `perEntry`, any new term past `perSite`), so the work stays bounded however many names the
 * entries hold.
 */
export function collectTerms<T>(
  entries: readonly T[],
  namesOf: (entry: T) => readonly string[],
  limits: TermLimits = defaultTermLimits,
): { terms: Term<T>[]; clashes: TermClash<T>[]; overflows: TermOverflow<T>[] } {
  const byName = new Map<string, Term<T>>();
  const firstUse = new Map<string, T>();
  const overflows: TermOverflow<T>[] = [];
  let siteFull = false;
  for (const entry of entries) {
    const names = [...new Set(namesOf(entry))];
    if (names.length > limits.perEntry) overflows.push({ limit: 'perEntry', entry, count: names.length });
    for (const name of names.slice(0, limits.perEntry)) {
      let term = byName.get(name);
      if (!term) {
        if (byName.size >= limits.perSite) {
          if (!siteFull) overflows.push({ limit: 'perSite', entry, name });
          siteFull = true;
          continue;
        }
        byName.set(name, (term = { name, slug: termSlug(name), items: [] }));
        firstUse.set(name, entry);
      }
      term.items.push(entry);
    }
  }
  const bySlug = new Map<string, Term<T>[]>();
  for (const term of byName.values()) {
    const group = bySlug.get(term.slug);
    if (group) group.push(term);
    else bySlug.set(term.slug, [term]);
  }
  const clashes: TermClash<T>[] = [];
  for (const [slug, group] of bySlug) {
    if (group.length > 1 || slug === '')
      clashes.push({ slug, names: group.map((term) => ({ name: term.name, first: firstUse.get(term.name)! })) });
  }
  const clashing = new Set(clashes.flatMap((clash) => clash.names.map((n) => n.name)));
  return { terms: [...byName.values()].filter((term) => !clashing.has(term.name)), clashes, overflows };
}

/**
 * The `count` terms carried by the most entries (ties to the first in `terms`), in the order
 * `terms` has them: what a page lists when it cannot list them all.
 */
export function mostUsedTerms<T>(terms: readonly Term<T>[], count: number): Term<T>[] {
  if (terms.length <= count) return [...terms];
  const kept = new Set(
    [...terms.keys()].sort((a, b) => terms[b]!.items.length - terms[a]!.items.length || a - b).slice(0, count),
  );
  return terms.filter((_, index) => kept.has(index));
}

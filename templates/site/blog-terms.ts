// The blog's tags and categories as pages show them: a term by its slug, its title and the words
// around it, from content/data/blog.json.
import type { Term } from 'sitegen/site';
import { fillText } from '../../client/islands/blog-filter.ts';
import type { SiteModel } from './model.ts';
import type { BlogTaxonomy } from './urls.ts';

const termIndexes = new WeakMap<Term<string>[], Map<string, Term<string>>>();

/** A tag or category by its slug, looked up in an index made once per model. */
export function termOf(model: SiteModel, taxonomy: BlogTaxonomy, slug: string): Term<string> {
  const terms = taxonomy === 'tag' ? model.terms.tags : model.terms.categories;
  let index = termIndexes.get(terms);
  if (!index) termIndexes.set(terms, (index = new Map(terms.map((term) => [term.slug, term]))));
  const term = index.get(slug);
  if (!term) throw new Error(`no ${taxonomy} has the slug ${slug}`);
  return term;
}

const termLists = new WeakMap<Term<string>[], Term<string>[]>();

/** Every tag or every category in alphabetical order, as the page listing them shows them; sorted once per model. */
export function termList(model: SiteModel, taxonomy: BlogTaxonomy): Term<string>[] {
  const terms = taxonomy === 'tag' ? model.terms.tags : model.terms.categories;
  let sorted = termLists.get(terms);
  if (!sorted) termLists.set(terms, (sorted = [...terms].sort((a, b) => a.name.localeCompare(b.name))));
  return sorted;
}

/** The words of a tag's or category's page, from content/data/blog.json. */
export function termWords(model: SiteModel, taxonomy: BlogTaxonomy) {
  return taxonomy === 'tag' ? model.data.blog.tagPage : model.data.blog.categoryPage;
}

/** A template of those words filled with the term's name (and a count). */
export function fillTerm(template: string, taxonomy: BlogTaxonomy, name: string, count?: number): string {
  return fillText(template, { [taxonomy]: name, ...(count === undefined ? {} : { count }) });
}

/** The title of a tag's or category's page, without the brand. */
export function termTitle(model: SiteModel, taxonomy: BlogTaxonomy, slug: string): string {
  return fillTerm(termWords(model, taxonomy).title, taxonomy, termOf(model, taxonomy, slug).name);
}

/** The title of a tag's or category's feed, as readers list it: the brand, then the feed's words. */
export function termFeedTitle(model: SiteModel, taxonomy: BlogTaxonomy, name: string): string {
  return `${model.data.site.brand}: ${fillTerm(termWords(model, taxonomy).feedTitle, taxonomy, name)}`;
}

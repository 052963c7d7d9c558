import type { NoResultOffers, SearchLabels } from '../../client/islands/search-text.ts';
import Island from '../components/Island.tsx';
import Layout, { useTitle } from '../components/Layout.tsx';
import PageHero from '../components/PageHero.tsx';
import SiteLink, { usePageHref } from '../components/SiteLink.tsx';
import { usePage } from '../components/page-context.ts';
import { guidePath, searchPath } from '../site/urls.ts';

/**
 * Site search (/search, the query in the address: `?q=playwright`): the field, filters by section,
 * tag and category, and the results, in an island that loads Pagefind once a visitor searches.
 * Without JavaScript, or when search cannot load, the page offers the blog and the guides.
 */
export default function SearchPage() {
  const { model, assets } = usePage();
  const href = usePageHref();
  const text = model.data.search;
  const labels: SearchLabels = {
    fieldLabel: text.fieldLabel,
    placeholder: text.placeholder,
    clearLabel: text.clearLabel,
    submitLabel: text.submitLabel,
    prompt: text.prompt,
    filters: text.filters,
    results: text.results,
  };
  const { noneOffers } = text.results;
  const offers: NoResultOffers = {
    ...noneOffers,
    guides: model.data.guides.map((guide) => ({ name: guide.name, href: href(guidePath(guide.topic)) })),
    consultation: { ...noneOffers.consultation, href: href(noneOffers.consultation.href) },
  };
  const sections = [text.sections.blog, text.sections.guides, text.sections.services, text.sections.caseStudies];
  // The most used tags and categories (every one, on a blog with few): a list of ten thousand would be most of the page.
  const byName = (terms: { name: string }[]) => terms.map((term) => term.name).sort((a, b) => a.localeCompare(b));
  const tags = byName(model.terms.shown.tags);
  const categories = byName(model.terms.shown.categories);
  return (
    <Layout meta={{ title: useTitle(text.meta.title), description: text.meta.description, noindex: true }}>
      <PageHero headline={text.heading} text={text.intro} narrow />
      <div className="container narrow search-page">
        {assets.search ? (
          <Island
            name="SiteSearch"
            when="idle"
            props={{ script: assets.search, action: href(searchPath), labels, offers, sections, tags, categories }}
          />
        ) : null}
        <div className="search-browse">
          <p className="search-no-js">{text.browse.noScript}</p>
          <p>
            <SiteLink link={text.browse.blog} className="text-link" />
          </p>
          <h2 className="sidebar-heading">{text.browse.guidesHeading}</h2>
          <ul className="search-browse-guides">
            {model.data.guides.map((guide) => (
              <li key={guide.topic}>
                <SiteLink href={guidePath(guide.topic)}>{guide.name}</SiteLink>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </Layout>
  );
}

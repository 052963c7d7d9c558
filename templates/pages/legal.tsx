import { changeBodyHtml } from 'sitegen/site';
import { fillConfigPlaceholders } from '../site/legal-placeholders.ts';
import Layout, { useTitle } from '../components/Layout.tsx';
import PageHero from '../components/PageHero.tsx';
import Prose from '../components/Prose.tsx';
import { usePage } from '../components/page-context.ts';

/**
 * A legal page (/terms, /privacy) rendered from content/legal, with the website URL, contact
 * email and postal address filled in from content/data/site.json (`{{siteUrl}}`,
 * `{{contact.email}}`, `{{contact.postalAddress}}` in the Markdown).
 */
export default function LegalPage({ slug }: { slug: 'terms' | 'privacy' }) {
  const { model, markdown } = usePage();
  const page = model.legal.find((l) => l.slug === slug)!;
  const body = markdown.get(page.file)!;
  return (
    <Layout meta={{ title: useTitle(page.title), description: page.description }}>
      <PageHero headline={page.title} text={`${model.data.ui.lastUpdated}: ${page.lastUpdated}`} />
      <div className="container narrow legal">
        <Prose body={changeBodyHtml(body, (html) => fillConfigPlaceholders(html, model.data.site))} />
      </div>
    </Layout>
  );
}

import CallToAction from '../components/CallToAction.tsx';
import Layout, { useTitle } from '../components/Layout.tsx';
import PageHero from '../components/PageHero.tsx';
import Section from '../components/Section.tsx';
import SiteLink from '../components/SiteLink.tsx';
import { usePage } from '../components/page-context.ts';

/** A page of hero, sections and a closing call, such as /humans. */
export default function ContentPage({ dataset }: { dataset: 'humans' }) {
  const { model } = usePage();
  const page = model.data[dataset];
  return (
    <Layout meta={{ title: useTitle(page.meta.title), description: page.meta.description }}>
      <PageHero eyebrow={page.hero.eyebrow} headline={page.hero.headline} text={page.hero.text} tone="tinted">
        <SiteLink link={page.hero.cta} className="button button-primary button-large" />
      </PageHero>
      {page.sections.map((section, index) => (
        <Section key={section.heading} section={section} tone={index % 2 === 0 ? 'plain' : 'muted'} />
      ))}
      {page.closing ? <CallToAction heading={page.closing.heading} text={page.closing.text} primary={page.closing.primary} /> : null}
    </Layout>
  );
}

import HeroAside from '../components/artefacts/HeroAside.tsx';
import CallToAction from '../components/CallToAction.tsx';
import Layout, { useTitle } from '../components/Layout.tsx';
import PageHero from '../components/PageHero.tsx';
import Section from '../components/Section.tsx';
import SiteLink from '../components/SiteLink.tsx';
import { usePage } from '../components/page-context.ts';

/** An audience landing page (/services/{slug}): hero, sections, steps and a closing call. */
export default function AudiencePage({ slug }: { slug: string }) {
  const { model } = usePage();
  const audience = model.data.audiences.find((a) => a.slug === slug)!;
  return (
    <Layout
      meta={{
        title: useTitle(audience.meta.title),
        description: audience.meta.description,
        search: { title: audience.meta.title, section: model.data.search.sections.services },
      }}
    >
      <PageHero
        eyebrow={audience.hero.eyebrow}
        headline={audience.hero.headline}
        text={audience.hero.text}
        tone="tinted"
        aside={audience.hero.aside ? <HeroAside aside={audience.hero.aside} /> : undefined}
      >
        <SiteLink link={audience.hero.primary} className="button button-primary button-large" />
        <SiteLink link={audience.hero.secondary} className="button button-ghost button-large" />
      </PageHero>
      {audience.sections.map((section, index) => (
        <Section key={section.heading} section={section} tone={index % 2 === 0 ? 'plain' : 'muted'} />
      ))}
      <CallToAction
        heading={audience.closing.heading}
        text={audience.closing.text}
        primary={audience.closing.primary}
        secondary={audience.closing.secondary}
      />
    </Layout>
  );
}

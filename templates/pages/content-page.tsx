import HeroAside from '../components/artefacts/HeroAside.tsx';
import CallToAction from '../components/CallToAction.tsx';
import Layout, { useTitle } from '../components/Layout.tsx';
import PageHero from '../components/PageHero.tsx';
import PeopleGrid from '../components/PeopleGrid.tsx';
import Section from '../components/Section.tsx';
import SiteLink from '../components/SiteLink.tsx';
import { usePage } from '../components/page-context.ts';

/** A page of hero, sections and a closing call, such as /humans, with its team inside the section `team.section` names. */
export default function ContentPage({ dataset }: { dataset: 'humans' }) {
  const { model } = usePage();
  const page = model.data[dataset];
  const { team } = page;
  const authors = new Set(model.authors.map((author) => author.id));
  return (
    <Layout meta={{ title: useTitle(page.meta.title), description: page.meta.description }}>
      <PageHero
        eyebrow={page.hero.eyebrow}
        headline={page.hero.headline}
        text={page.hero.text}
        tone="tinted"
        aside={page.hero.aside ? <HeroAside aside={page.hero.aside} /> : undefined}
      >
        <SiteLink link={page.hero.cta} className="button button-primary button-large" />
      </PageHero>
      {page.sections.map((section, index) => (
        <Section key={section.heading} section={section} tone={index % 2 === 0 ? 'plain' : 'muted'}>
          {section.id === team.section ? (
            <PeopleGrid
              heading={team.heading}
              headingId="team-heading"
              people={team.people.map((id) => model.people.get(id)!)}
              authors={authors}
            />
          ) : null}
        </Section>
      ))}
      {page.closing ? (
        <CallToAction heading={page.closing.heading} text={page.closing.text} primary={page.closing.primary} />
      ) : null}
    </Layout>
  );
}

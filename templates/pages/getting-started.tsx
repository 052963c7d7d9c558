import { useFormProps } from '../components/form-props.ts';
import Island from '../components/Island.tsx';
import Layout, { useTitle } from '../components/Layout.tsx';
import PageHero from '../components/PageHero.tsx';
import Section from '../components/Section.tsx';
import SectionHeader from '../components/SectionHeader.tsx';
import SiteLink from '../components/SiteLink.tsx';
import { usePage } from '../components/page-context.ts';

/** The consultation page: hero, the engagement steps, the form (#contact-form) and why partner. */
export default function GettingStartedPage() {
  const { model } = usePage();
  const page = model.data['getting-started'];
  const { config, messages } = useFormProps();
  const [first, ...rest] = page.sections;
  return (
    <Layout meta={{ title: useTitle(page.meta.title), description: page.meta.description }}>
      <PageHero eyebrow={page.hero.eyebrow} headline={page.hero.headline} text={page.hero.text} className="page-hero-dark">
        <SiteLink link={page.hero.cta} className="button button-primary button-large" />
      </PageHero>
      {first ? <Section section={first} /> : null}
      <section className="section section-muted" id={page.form.id} aria-labelledby="contact-form-heading">
        <div className="container form-layout">
          <SectionHeader id="contact-form-heading" heading={page.form.heading} intro={page.form.intro} />
          <div className="form-card">
            <Island name="ConsultationForm" when="visible" props={{ text: model.data.forms.consultation, config, messages, schedulingUrl: model.data.site.schedulingUrl }} />
          </div>
        </div>
      </section>
      {rest.map((section, index) => <Section key={section.heading} section={section} tone={index % 2 === 0 ? 'plain' : 'muted'} />)}
    </Layout>
  );
}

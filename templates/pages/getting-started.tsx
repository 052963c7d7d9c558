import FeatureList from '../components/FeatureList.tsx';
import FormCard from '../components/FormCard.tsx';
import { useFormProps } from '../components/form-props.ts';
import Img from '../components/Img.tsx';
import { imageSizes } from '../components/image-sizes.ts';
import Island from '../components/Island.tsx';
import Layout, { useTitle } from '../components/Layout.tsx';
import PageHero from '../components/PageHero.tsx';
import Section from '../components/Section.tsx';
import SiteLink from '../components/SiteLink.tsx';
import { usePage } from '../components/page-context.ts';
import type { SiteModel } from '../site/model.ts';

/** The consultation page: hero, the engagement steps, the form (#contact-form) and why partner. */
export default function GettingStartedPage() {
  const { model } = usePage();
  const page = model.data['getting-started'];
  const { config, messages } = useFormProps();
  const [first, ...rest] = page.sections;
  const { aside } = page.form;
  return (
    <Layout meta={{ title: useTitle(page.meta.title), description: page.meta.description }}>
      <PageHero eyebrow={page.hero.eyebrow} headline={page.hero.headline} text={page.hero.text} tone="tinted">
        <SiteLink link={page.hero.cta} className="button button-primary button-large" />
      </PageHero>
      {first ? <Section section={first} /> : null}
      <section className="section section-muted" id={page.form.id} aria-labelledby="contact-form-heading">
        <div className={aside ? 'container form-layout' : 'container narrow'}>
          <FormCard>
            <h2 id="contact-form-heading">{page.form.heading}</h2>
            <p>{page.form.intro}</p>
            <Island name="ConsultationForm" when="visible" props={{ text: model.data.forms.consultation, config, messages, schedulingUrl: model.data.site.schedulingUrl }} />
          </FormCard>
          {aside ? <FormAside aside={aside} /> : null}
        </div>
      </section>
      {rest.map((section, index) => <Section key={section.heading} section={section} tone={index % 2 === 0 ? 'plain' : 'muted'} />)}
    </Layout>
  );
}

type Aside = NonNullable<SiteModel['data']['getting-started']['form']['aside']>;

/** Beside the form: what happens after it is sent, client logos, and the email for those who prefer it. */
function FormAside({ aside }: { aside: Aside }) {
  const { model } = usePage();
  const { testimonials, site } = model.data;
  const email = site.contact.email;
  return (
    <div className="form-aside">
      <div>
        <h3>{aside.heading}</h3>
        <FeatureList items={aside.items} headingLevel={4} />
      </div>
      <div>
        <h3>{aside.logosHeading}</h3>
        <ul className="logo-wall">
          {testimonials.map((t) => <li key={t.id}><Img src={t.logo} alt={t.company} sizes={imageSizes.logo} /></li>)}
        </ul>
      </div>
      {email ? <p className="form-aside-note">{aside.emailLead} <a href={`mailto:${email}`}>{email}</a>.</p> : null}
    </div>
  );
}

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

/**
 * The consultation page: the hero with the form (#contact-form) beside its copy, and under the
 * copy what happens after it is sent; then the engagement steps and why partner. A button of
 * another page that offers something (`/getting-started#startup-blueprint`) lands on the form
 * with that offer's heading and text over it, and its interest chosen.
 */
export default function GettingStartedPage() {
  const { model } = usePage();
  const page = model.data['getting-started'];
  const { config, messages } = useFormProps();
  const { aside, offers } = page.form;
  const interests = Object.fromEntries(offers.flatMap((offer) => (offer.interest ? [[offer.id, offer.interest]] : [])));
  return (
    <Layout meta={{ title: useTitle(page.meta.title), description: page.meta.description }}>
      <PageHero
        eyebrow={page.hero.eyebrow}
        headline={page.hero.headline}
        text={page.hero.text}
        tone="tinted"
        form={
          <FormCard id={page.form.id}>
            {/* The offer a visitor's button named is the :target; without one, the card's own heading shows (components.css). */}
            {offers.map((offer) => (
              <div className="form-offer" id={offer.id} key={offer.id}>
                <h2>{offer.heading}</h2>
                <p>{offer.text}</p>
              </div>
            ))}
            <div className="form-offer-default">
              <h2 id="contact-form-heading">{page.form.heading}</h2>
              <p>{page.form.intro}</p>
            </div>
            <Island
              name="ConsultationForm"
              when="visible"
              props={{
                text: model.data.forms.consultation,
                config,
                messages,
                schedulingUrl: model.data.site.schedulingUrl,
                interests,
              }}
            />
          </FormCard>
        }
        belowCopy={aside ? <FormAside aside={aside} /> : undefined}
      >
        <SiteLink link={page.hero.cta} className="button button-primary button-large hero-form-link" />
      </PageHero>
      {page.sections.map((section, index) => (
        <Section key={section.heading} section={section} tone={index % 2 === 0 ? 'plain' : 'muted'} />
      ))}
    </Layout>
  );
}

type Aside = NonNullable<SiteModel['data']['getting-started']['form']['aside']>;

/** Under the hero's copy: what happens after the form is sent, client logos, and the email for those who prefer it. */
function FormAside({ aside }: { aside: Aside }) {
  const { model } = usePage();
  const { testimonials, site } = model.data;
  const email = site.contact.email;
  return (
    <div className="form-aside">
      <div>
        <h2 className="form-aside-heading">{aside.heading}</h2>
        <FeatureList items={aside.items} />
      </div>
      <div>
        <h2 className="form-aside-heading">{aside.logosHeading}</h2>
        <ul className="logo-wall">
          {testimonials.map((t) => (
            <li key={t.id}>
              <Img src={t.logo} alt={t.company} sizes={imageSizes.logo} />
            </li>
          ))}
        </ul>
      </div>
      {email ? (
        <p className="form-aside-note">
          {aside.emailLead} <a href={`mailto:${email}`}>{email}</a>.
        </p>
      ) : null}
    </div>
  );
}

import FeatureList from '../components/FeatureList.tsx';
import { useFormProps } from '../components/form-props.ts';
import Island from '../components/Island.tsx';
import Layout, { useTitle } from '../components/Layout.tsx';
import PageHero from '../components/PageHero.tsx';
import { usePage } from '../components/page-context.ts';
import { usePageHref } from '../components/SiteLink.tsx';

/** The POM toolkit page: what is inside, and the quick-access form that reveals the files. */
export default function ToolkitPage() {
  const { model } = usePage();
  const page = model.data.toolkit;
  const { config, messages } = useFormProps();
  const href = usePageHref();
  return (
    <Layout meta={{ title: useTitle(page.meta.title), description: page.meta.description }}>
      <PageHero eyebrow={page.hero.eyebrow} headline={page.hero.headline} text={page.hero.text} className="page-hero-dark" />
      <section className="section section-plain" aria-labelledby="toolkit-features-heading">
        <div className="container guide-body">
          <div>
            <h2 id="toolkit-features-heading">{page.featuresHeading}</h2>
            <FeatureList items={page.features} />
          </div>
          <div className="form-card">
            <Island
              name="ToolkitForm"
              when="visible"
              props={{
                text: { intro: { heading: page.form.heading, text: page.form.intro }, form: model.data.forms.toolkit, unlocked: page.unlocked, workshop: { ...page.workshop, cta: { ...page.workshop.cta, href: href(page.workshop.cta.href) } } },
                config, messages, files: model.toolkit,
              }}
            />
          </div>
        </div>
      </section>
    </Layout>
  );
}

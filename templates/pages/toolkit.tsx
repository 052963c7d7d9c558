import HeroAside from '../components/artefacts/HeroAside.tsx';
import FeatureList from '../components/FeatureList.tsx';
import FormCard from '../components/FormCard.tsx';
import { useFormProps } from '../components/form-props.ts';
import Island from '../components/Island.tsx';
import Layout, { useTitle } from '../components/Layout.tsx';
import PageHero from '../components/PageHero.tsx';
import SectionHeader from '../components/SectionHeader.tsx';
import { usePage } from '../components/page-context.ts';
import { usePageHref } from '../components/SiteLink.tsx';

/**
 * The POM toolkit page: what is inside, and the quick-access form that reveals the files; or,
 * `unlocked`, the files themselves (where a form sent without JavaScript leads).
 */
export default function ToolkitPage({ unlocked = false }: { unlocked?: boolean }) {
  const { model } = usePage();
  const page = model.data.toolkit;
  const { config, messages } = useFormProps();
  const href = usePageHref();
  return (
    <Layout
      meta={{
        title: useTitle(page.meta.title),
        description: page.meta.description,
        ...(unlocked ? { noindex: true } : {}),
      }}
    >
      <PageHero
        eyebrow={page.hero.eyebrow}
        headline={page.hero.headline}
        text={page.hero.text}
        tone="tinted"
        aside={page.hero.aside ? <HeroAside aside={page.hero.aside} /> : undefined}
      />
      <section className="section section-plain" aria-labelledby="toolkit-features-heading">
        <div className="container guide-body">
          <div>
            <SectionHeader id="toolkit-features-heading" heading={page.featuresHeading} align="start" />
            <FeatureList items={page.features} />
          </div>
          {/* The form writes its own heading: it gives way to the files' once unlocked. */}
          <FormCard>
            <Island
              name="ToolkitForm"
              when="visible"
              props={{
                text: {
                  intro: { heading: page.form.heading, text: page.form.intro },
                  form: model.data.forms.toolkit,
                  unlocked: page.unlocked,
                  workshop: { ...page.workshop, cta: { ...page.workshop.cta, href: href(page.workshop.cta.href) } },
                },
                config,
                messages,
                files: model.toolkit,
                ...(unlocked ? { unlocked: true } : {}),
              }}
            />
          </FormCard>
        </div>
      </section>
    </Layout>
  );
}

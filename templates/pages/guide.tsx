import { blogIndexPath, guideArticlePath } from '../site/urls.ts';
import type { GuideTopic } from '../site/schemas/schemas.ts';
import FeatureList from '../components/FeatureList.tsx';
import FormCard from '../components/FormCard.tsx';
import { useFormProps } from '../components/form-props.ts';
import Icon from '../components/Icon.tsx';
import Island from '../components/Island.tsx';
import Layout, { useTitle } from '../components/Layout.tsx';
import PageHero from '../components/PageHero.tsx';
import SectionHeader from '../components/SectionHeader.tsx';
import SiteLink, { usePageHref } from '../components/SiteLink.tsx';
import { usePage } from '../components/page-context.ts';
import type { SiteModel } from '../site/model.ts';

type Guide = SiteModel['data']['guides'][number];

/** A guide overview (/guides/{topic}): what the guide teaches and the lead form that unlocks it. */
export default function GuidePage({ topic }: { topic: GuideTopic }) {
  const { model } = usePage();
  const guide = model.data.guides.find((g) => g.topic === topic)!;
  const { overview } = guide;
  const facts = model.data.ui.guideFacts;
  const { config, messages } = useFormProps();
  const href = usePageHref();
  return (
    <Layout
      meta={{
        title: useTitle(overview.meta.title),
        description: overview.meta.description,
        search: { title: overview.meta.title, section: model.data.search.sections.guides },
      }}
    >
      <PageHero
        tone="tinted"
        className="guide-hero"
        before={
          <>
            <SiteLink href={blogIndexPath} className="back-link" data-pagefind-ignore="">
              <Icon name="arrow-left" size={16} />
              {overview.backLabel}
            </SiteLink>
            <p className="badge">{overview.badge}</p>
          </>
        }
        headline={overview.headline}
        text={overview.intro}
        after={
          <ul className="guide-hero-facts">
            {[facts.chapters.replace('{count}', String(overview.features.length)), ...facts.more].map((fact) => (
              <li key={fact}>
                <Icon name="check" size={18} />
                {fact}
              </li>
            ))}
          </ul>
        }
        aside={<GuideCover guide={guide} />}
      >
        <SiteLink href="#guide-form" className="button button-primary button-large">
          {overview.scrollLabel}
        </SiteLink>
      </PageHero>
      <section className="section section-plain" aria-labelledby="features-heading">
        <div className="container guide-body">
          <div>
            <SectionHeader id="features-heading" heading={overview.featuresHeading} align="start" />
            <FeatureList items={overview.features} />
          </div>
          <FormCard id="guide-form" heading={overview.formHeading} intro={overview.formIntro}>
            <Island
              name="GuideForm"
              when="visible"
              props={{
                text: model.data.forms.guide,
                config,
                messages,
                guideName: guide.guideName,
                contentHref: href(guideArticlePath(topic)),
              }}
            />
          </FormCard>
        </div>
      </section>
    </Layout>
  );
}

/** The hero's art: the guide as a document, its chapters listed (they repeat the list below, so it is hidden from screen readers). */
function GuideCover({ guide }: { guide: Guide }) {
  return (
    <div className="guide-cover" aria-hidden="true" data-pagefind-ignore="">
      <div className="guide-cover-sheet">
        <div className="guide-cover-band">
          <Icon name={guide.icon} size={32} />
          <span>
            <span className="guide-cover-kicker">{guide.overview.badge}</span>
            <span className="guide-cover-title">{guide.name}</span>
          </span>
        </div>
        <ol className="guide-cover-toc">
          {guide.overview.features.map((feature) => (
            <li key={feature.title}>{feature.title}</li>
          ))}
        </ol>
      </div>
    </div>
  );
}

import { blogIndexPath, guideArticlePath } from '../../cli/route/urls.ts';
import type { GuideTopic } from '../../cli/site-model/schemas.ts';
import FeatureList from '../components/FeatureList.tsx';
import { useFormProps } from '../components/form-props.ts';
import Icon from '../components/Icon.tsx';
import Island from '../components/Island.tsx';
import Layout, { useTitle } from '../components/Layout.tsx';
import SiteLink, { usePageHref } from '../components/SiteLink.tsx';
import { usePage } from '../components/page-context.ts';

/** A guide overview (/guides/{topic}): what the guide teaches and the lead form that unlocks it. */
export default function GuidePage({ topic }: { topic: GuideTopic }) {
  const { model } = usePage();
  const guide = model.data.guides.find((g) => g.topic === topic)!;
  const { overview } = guide;
  const { config, messages } = useFormProps();
  const href = usePageHref();
  return (
    <Layout meta={{ title: useTitle(overview.meta.title), description: overview.meta.description }}>
      <section className="page-hero page-hero-dark guide-hero">
        <div className="container guide-hero-grid">
          <div>
            <SiteLink href={blogIndexPath} className="back-link"><Icon name="arrow-left" size={16} />{overview.backLabel}</SiteLink>
            <p className="badge">{overview.badge}</p>
            <h1>{overview.headline}</h1>
            <p className="lead">{overview.intro}</p>
            <div className="actions">
              <SiteLink href="#guide-form" className="button button-primary button-large">{overview.scrollLabel}</SiteLink>
            </div>
          </div>
          <div className="guide-hero-icon" aria-hidden="true"><Icon name={guide.icon} size={96} /></div>
        </div>
      </section>
      <section className="section section-plain" aria-labelledby="features-heading">
        <div className="container guide-body">
          <div>
            <h2 id="features-heading">{overview.featuresHeading}</h2>
            <FeatureList items={overview.features} />
          </div>
          <div className="form-card" id="guide-form">
            <h2>{overview.formHeading}</h2>
            <p>{overview.formIntro}</p>
            <Island
              name="GuideForm"
              when="visible"
              props={{ text: model.data.forms.guide, config, messages, guideName: guide.guideName, contentHref: href(guideArticlePath(topic)) }}
            />
          </div>
        </div>
      </section>
    </Layout>
  );
}

import HeroAside from '../components/artefacts/HeroAside.tsx';
import CallToAction from '../components/CallToAction.tsx';
import { useSizedImage } from '../components/form-props.ts';
import { imageSizes } from '../components/image-sizes.ts';
import Island from '../components/Island.tsx';
import Layout, { useTitle } from '../components/Layout.tsx';
import PageHero from '../components/PageHero.tsx';
import { usePage } from '../components/page-context.ts';
import { usePageHref } from '../components/SiteLink.tsx';
import { caseStudyVideoPath } from '../site/urls.ts';
import { fillCompany } from '../site/schemas/customer-stories.ts';
import { pullQuoteOf } from '../site/sentences.ts';
import { useVideoSpeaker } from '../components/video-speaker.ts';

/** Case studies: hero, stats band, the video cards around a promo block, and a closing call. */
export default function CaseStudiesPage() {
  const { model } = usePage();
  const page = model.data['case-studies'];
  const sized = useSizedImage();
  const href = usePageHref();
  const speakerOf = useVideoSpeaker();
  return (
    <Layout
      meta={{
        title: useTitle(page.meta.title),
        description: page.meta.description,
        search: { title: page.meta.title, section: model.data.search.sections.caseStudies },
      }}
    >
      <PageHero
        eyebrow={page.hero.eyebrow}
        headline={page.hero.headline}
        text={page.hero.text}
        tone="tinted"
        aside={page.hero.aside ? <HeroAside aside={page.hero.aside} /> : undefined}
      />
      <section className="stats-band" aria-label={model.data.ui.statsLabel}>
        <dl className="container stats">
          {page.stats.map((stat) => (
            <div className="stat" key={stat.label}>
              <dt>{stat.label}</dt>
              <dd>{stat.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="section section-plain" aria-label={page.gridHeading}>
        <div className="container">
          <Island
            name="CaseStudyGallery"
            when="idle"
            props={{
              labels: {
                watch: page.watchLabel,
                close: page.closeLabel,
                gridHeading: page.gridHeading,
                fullStory: page.fullStoryLabel,
              },
              promo: { ...page.promo, cta: { ...page.promo.cta, href: href(page.promo.cta.href) } },
              // A testimonial's video the case studies do not show may still be opened by the address.
              otherVideos: model.data.testimonials
                .filter((t) => !page.studies.some((s) => s.videoUrl === t.videoUrl))
                .map((t) => ({ videoUrl: t.videoUrl, title: `${t.company}: ${t.name}` })),
              studies: page.studies.map((s) => ({
                id: s.id,
                quote: s.quote,
                pullQuote: pullQuoteOf(s),
                outcome: s.outcome,
                metrics: s.metrics,
                company: s.company,
                name: s.name,
                title: s.title,
                videoUrl: s.videoUrl,
                videoHref: href(caseStudyVideoPath(s.videoUrl)),
                playLabel: fillCompany(page.playLabel, s.company),
                logo: sized(s.logo, s.company, imageSizes.logo),
                speaker: speakerOf(s),
                // The thumbnail is the poster inside the play button, which the label names.
                ...(s.thumbnail ? { thumbnail: sized(s.thumbnail, '', imageSizes.caseThumbnail) } : {}),
              })),
            }}
          />
        </div>
      </section>
      <CallToAction
        heading={page.closing.heading}
        text={page.closing.text}
        primary={page.closing.primary}
        secondary={page.closing.secondary}
      />
    </Layout>
  );
}

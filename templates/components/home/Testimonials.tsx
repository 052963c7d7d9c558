import { caseStudyVideoPath } from '../../site/urls.ts';
import { useSizedImage } from '../form-props.ts';
import { imageSizes } from '../image-sizes.ts';
import Island from '../Island.tsx';
import SectionHeader from '../SectionHeader.tsx';
import SiteLink, { usePageHref } from '../SiteLink.tsx';
import { usePage } from '../page-context.ts';

/** The testimonial carousel (an island) and the link to the case studies. */
export default function Testimonials() {
  const { model } = usePage();
  const { home, testimonials } = model.data;
  const sized = useSizedImage();
  const href = usePageHref();
  return (
    <section className="section section-muted" id={home.testimonials.id} aria-labelledby="testimonials-heading">
      <div className="container">
        <SectionHeader id="testimonials-heading" heading={home.testimonials.heading} intro={home.testimonials.intro} />
        <Island
          name="TestimonialCarousel"
          props={{
            labels: {
              previous: home.testimonials.previousLabel,
              next: home.testimonials.nextLabel,
              watch: home.testimonials.watchLabel,
              region: home.testimonials.heading,
            },
            slides: testimonials.map((t) => ({
              id: t.id,
              quote: t.quote,
              company: t.company,
              name: t.name,
              title: t.title,
              logo: sized(t.logo, t.company, imageSizes.logo),
              watchHref: href(caseStudyVideoPath(t.videoUrl)),
              ...(t.photo ? { photo: sized(t.photo, '', imageSizes.avatar) } : {}),
            })),
          }}
        />
        <p className="section-cta">
          <SiteLink link={home.testimonials.caseStudiesLink} className="text-link" />
        </p>
      </div>
    </section>
  );
}

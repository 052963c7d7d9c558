import SectionHeader from '../SectionHeader.tsx';
import { usePage } from '../page-context.ts';

/** The final "See Our Customers in Action" section with the customer video. */
export default function CustomerVideo() {
  const { model } = usePage();
  const { home } = model.data;
  return (
    <section className="section section-plain" aria-labelledby="customer-video-heading">
      <div className="container narrow">
        <SectionHeader id="customer-video-heading" heading={home.customerVideo.heading} intro={home.customerVideo.text} />
        <div className="video-frame">
          <iframe src={home.customerVideo.videoUrl} title={home.customerVideo.title} loading="lazy" allow="encrypted-media; picture-in-picture; fullscreen" allowFullScreen />
        </div>
      </div>
    </section>
  );
}

import { toEmbedUrl } from '../../../client/video-url.ts';
import { useSizedImage } from '../form-props.ts';
import { useVideoSpeaker } from '../video-speaker.ts';
import { imageSizes } from '../image-sizes.ts';
import Island from '../Island.tsx';
import SectionHeader from '../SectionHeader.tsx';
import { usePage } from '../page-context.ts';

/**
 * The final "See Our Customers in Action" section: the customer video as a poster with a play
 * button, whose player (privacy-enhanced host, autoplay) loads only when the visitor presses it.
 * Without a still from the video, its speaker's quote and name (the case study `story` names) stand in.
 */
export default function CustomerVideo() {
  const { model } = usePage();
  const video = model.data.home.customerVideo;
  const sized = useSizedImage();
  const speakerOf = useVideoSpeaker();
  // The site's model checks that `story` names a case study.
  const story = model.data['case-studies'].studies.find((study) => study.id === video.story)!;
  const src = toEmbedUrl(video.videoUrl);
  // The schema accepts only videos the players play (videoUrl in customer-stories.ts).
  if (!src) throw new Error(`home.customerVideo.videoUrl ${video.videoUrl} is not a video the site plays`);
  return (
    <section className="section section-plain" aria-labelledby="customer-video-heading">
      <div className="container narrow">
        <SectionHeader id="customer-video-heading" heading={video.heading} intro={video.text} />
        <Island
          name="VideoFacade"
          props={{
            src,
            title: video.title,
            playLabel: video.playLabel,
            ...(video.poster ? { poster: sized(video.poster, '', imageSizes.video) } : { speaker: speakerOf(story) }),
          }}
        />
      </div>
    </section>
  );
}

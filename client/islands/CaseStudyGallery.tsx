import { useCallback, useEffect, useRef, useState } from 'react';
import { playVideoParameter } from '../../templates/site/case-study-urls.ts';
import { parseVideoUrl, playerUrl, sameVideo } from '../video-url.ts';
import CaseStudyGrid from './CaseStudyGrid.tsx';
import VideoDialog, { type DialogVideo } from './VideoDialog.tsx';
import type { VideoSpeaker } from '../../templates/components/VideoTitleCard.tsx';
import type { SizedImage } from './types.ts';

export interface CaseStudyCard {
  id: string;
  /** The whole quote, behind the card's disclosure when it is longer than `pullQuote`. */
  quote: string;
  /** What the card quotes: at most two sentences. */
  pullQuote: string;
  /** The result in one line, and two or three figures set large. */
  outcome: string;
  metrics: { value: string; label: string }[];
  company: string;
  logo: SizedImage;
  /** The video's poster on the card: a still from it; without one, `speaker` drawn as its title card. */
  thumbnail?: SizedImage;
  speaker: VideoSpeaker;
  name: string;
  title: string;
  videoUrl: string;
  /** The case studies page opening this video, as the site publishes it. */
  videoHref: string;
  /** The accessible name of the thumbnail's play button ("Play video: Larkfield Health"). */
  playLabel: string;
}

/** A video of the site's that is not a case study's (a testimonial's), which `playVideo` may also name. */
export interface OtherVideo {
  videoUrl: string;
  title: string;
}

export interface GalleryLabels {
  watch: string;
  close: string;
  gridHeading: string;
  /** Opens the whole quote under a card's shortened one. */
  fullStory: string;
}

/** Cards shown before the promo block. */
const firstGridSize = 3;

/** A video of the site's data, read as host and id, with the title the dialog gives it. */
interface KnownVideo {
  ref: NonNullable<ReturnType<typeof parseVideoUrl>>;
  title: string;
}

/**
 * The video a `playVideo` value names, or null (logging why) when it is no video link the SPEC
 * accepts (section 5). Any video on the supported hosts plays, titled as the site's data titles
 * it when it is one of the site's; the value comes from an address anyone can craft, so of its
 * query only the harmless player parameters reach the player (client/video-url.ts).
 */
function requestedVideo(search: string, known: KnownVideo[], untitled: string): { title: string; src: string } | null {
  const requested = new URLSearchParams(search).get(playVideoParameter);
  if (!requested) return null;
  const ref = parseVideoUrl(requested);
  if (!ref) {
    console.warn(`Not a YouTube or Wistia video link, ignoring playVideo=${requested}`);
    return null;
  }
  return { title: known.find((candidate) => sameVideo(candidate.ref, ref))?.title ?? untitled, src: playerUrl(ref) };
}

/**
 * The case-study cards in two grids around a promo block, with a video lightbox. A card's play
 * button or 'Watch Video' link opens it; so does the `playVideo` address parameter (on load, and
 * on back/forward). Either way the player plays at once: the visitor asked for the video. Until
 * then nothing loads from the video host.
 */
export default function CaseStudyGallery({
  studies,
  otherVideos = [],
  labels,
  promo,
}: {
  studies: CaseStudyCard[];
  otherVideos?: OtherVideo[];
  labels: GalleryLabels;
  promo: { heading: string; text: string; cta: { text: string; href: string } };
}) {
  const [playing, setPlaying] = useState<DialogVideo | null>(null);
  // What the dialog shows, readable from the address listener; each opening gets a new id.
  const shown = useRef<DialogVideo | null>(null);
  const openings = useRef(0);
  const show = useCallback((video: DialogVideo | null) => {
    shown.current = video;
    setPlaying(video);
  }, []);

  const known = useRef<KnownVideo[]>([]);
  known.current = [
    ...studies.map((study) => ({ ref: parseVideoUrl(study.videoUrl), title: `${study.company}: ${study.name}` })),
    ...otherVideos.map((video) => ({ ref: parseVideoUrl(video.videoUrl), title: video.title })),
  ].filter((video): video is KnownVideo => video.ref !== null);

  const open = useCallback((src: string, title: string): DialogVideo => {
    openings.current += 1;
    return { id: openings.current, src, title };
  }, []);

  useEffect(() => {
    const sync = () => {
      const requested = requestedVideo(window.location.search, known.current, labels.watch);
      if (!requested) show(null);
      else if (shown.current?.src !== requested.src) show(open(requested.src, requested.title));
    };
    sync();
    window.addEventListener('popstate', sync);
    return () => window.removeEventListener('popstate', sync);
  }, [open, show, labels.watch]);

  const play = (study: CaseStudyCard): boolean => {
    const ref = parseVideoUrl(study.videoUrl);
    if (!ref) return false;
    window.history.pushState(null, '', study.videoHref);
    show(open(playerUrl(ref), `${study.company}: ${study.name}`));
    return true;
  };

  const close = () => {
    show(null);
    const url = new URL(window.location.href);
    if (url.searchParams.has(playVideoParameter)) {
      url.searchParams.delete(playVideoParameter);
      window.history.replaceState(null, '', `${url.pathname}${url.search}${url.hash}`);
    }
  };

  return (
    <div className="case-gallery">
      <h2 className="visually-hidden">{labels.gridHeading}</h2>
      <CaseStudyGrid cards={studies.slice(0, firstGridSize)} labels={labels} onPlay={play} />
      <aside className="promo" aria-labelledby="promo-heading">
        <h2 id="promo-heading">{promo.heading}</h2>
        <p>{promo.text}</p>
        <a className="button button-primary" href={promo.cta.href}>
          {promo.cta.text}
        </a>
      </aside>
      <CaseStudyGrid cards={studies.slice(firstGridSize)} labels={labels} onPlay={play} />
      <VideoDialog video={playing} label={labels.watch} closeLabel={labels.close} onClose={close} />
    </div>
  );
}

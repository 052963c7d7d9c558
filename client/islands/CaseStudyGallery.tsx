import { useCallback, useEffect, useRef, useState } from 'react';
import { playVideoParameter } from '../../cli/route/case-study-urls.ts';
import { imageSizes } from '../../templates/components/image-sizes.ts';
import { toEmbedUrl } from '../video-url.ts';
import type { SizedImage } from './types.ts';
import CaseStudyGrid from './CaseStudyGrid.tsx';
import VideoDialog, { type DialogVideo } from './VideoDialog.tsx';

export interface CaseStudyCard {
  id: string;
  quote: string;
  company: string;
  logo: SizedImage;
  /** The video's poster: on the card, and in the dialog until the visitor presses play. */
  thumbnail: SizedImage;
  name: string;
  title: string;
  videoUrl: string;
  /** The case studies page opening this video, as the site publishes it. */
  videoHref: string;
  /** The accessible name of the thumbnail's play button ("Play video: Northwind Health"). */
  playLabel: string;
}

export interface GalleryLabels {
  watch: string;
  close: string;
  gridHeading: string;
}

/** Cards shown before the promo block. */
const firstGridSize = 3;

/** The player for a `playVideo` value, or null (logging why) when it is not a video this site plays. */
function embedFromParameter(search: string): string | null {
  const requested = new URLSearchParams(search).get(playVideoParameter);
  if (!requested) return null;
  const embed = toEmbedUrl(requested);
  if (!embed) console.warn(`Not a supported video URL, ignoring playVideo=${requested}`);
  return embed;
}

/**
 * The case-study cards in two grids around a promo block, with a video lightbox. A card's play
 * button or 'Watch Video' link opens it playing; the `playVideo` address parameter (on load,
 * and on back/forward) opens it on the video's poster, so nothing loads from the video host
 * until the visitor presses play.
 */
export default function CaseStudyGallery({ studies, labels, promo }: { studies: CaseStudyCard[]; labels: GalleryLabels; promo: { heading: string; text: string; cta: { text: string; href: string } } }) {
  const [playing, setPlaying] = useState<DialogVideo | null>(null);
  // What the dialog shows, readable from the address listener; each opening gets a new id.
  const shown = useRef<DialogVideo | null>(null);
  const openings = useRef(0);
  const show = useCallback((video: DialogVideo | null) => {
    shown.current = video;
    setPlaying(video);
  }, []);

  const videoFor = useCallback((src: string, started: boolean): DialogVideo => {
    openings.current += 1;
    const study = studies.find((s) => toEmbedUrl(s.videoUrl) === src);
    if (!study) return { id: openings.current, src, title: labels.watch, playLabel: labels.watch, started };
    const poster = { ...study.thumbnail, sizes: imageSizes.lightbox };
    return { id: openings.current, src, title: `${study.company}: ${study.name}`, playLabel: study.playLabel, poster, started };
  }, [studies, labels.watch]);

  useEffect(() => {
    const sync = () => {
      const embed = embedFromParameter(window.location.search);
      if (!embed) show(null);
      else if (shown.current?.src !== embed) show(videoFor(embed, false));
    };
    sync();
    window.addEventListener('popstate', sync);
    return () => window.removeEventListener('popstate', sync);
  }, [videoFor, show]);

  const play = (study: CaseStudyCard): boolean => {
    const embed = toEmbedUrl(study.videoUrl);
    if (!embed) return false;
    window.history.pushState(null, '', study.videoHref);
    show(videoFor(embed, true));
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
        <a className="button button-primary" href={promo.cta.href}>{promo.cta.text}</a>
      </aside>
      <CaseStudyGrid cards={studies.slice(firstGridSize)} labels={labels} onPlay={play} />
      <VideoDialog video={playing} label={labels.watch} closeLabel={labels.close} onClose={close} />
    </div>
  );
}

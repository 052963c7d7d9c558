import { useCallback, useEffect, useState, type MouseEvent } from 'react';
import { playVideoParameter } from '../../cli/route/case-study-urls.ts';
import { toEmbedUrl } from '../video-url.ts';
import type { SizedImage } from './types.ts';
import CaseStudyGrid from './CaseStudyGrid.tsx';
import VideoDialog from './VideoDialog.tsx';

export interface CaseStudyCard {
  id: string;
  quote: string;
  company: string;
  logo: SizedImage;
  thumbnail: SizedImage;
  name: string;
  title: string;
  videoUrl: string;
  /** The case studies page opening this video, as the site publishes it. */
  videoHref: string;
}

export interface GalleryLabels {
  watch: string;
  play: string;
  close: string;
  gridHeading: string;
}

/** Cards shown before the promo block. */
const firstGridSize = 3;

/** Opens the lightbox for a `playVideo` value, or logs why it will not. */
function embedFromParameter(search: string): string | null {
  const requested = new URLSearchParams(search).get(playVideoParameter);
  if (!requested) return null;
  const embed = toEmbedUrl(requested);
  if (!embed) console.warn(`Not a supported video URL, ignoring playVideo=${requested}`);
  return embed;
}

/**
 * The case-study cards in two grids around a promo block, with a video lightbox that the
 * `playVideo` address parameter opens on load and on back/forward.
 */
export default function CaseStudyGallery({ studies, labels, promo }: { studies: CaseStudyCard[]; labels: GalleryLabels; promo: { heading: string; text: string; cta: { text: string; href: string } } }) {
  const [playing, setPlaying] = useState<{ src: string; title: string } | null>(null);

  const titleFor = useCallback((embed: string) => {
    const study = studies.find((s) => toEmbedUrl(s.videoUrl) === embed);
    return study ? `${study.company}: ${study.name}` : labels.watch;
  }, [studies, labels.watch]);

  useEffect(() => {
    const sync = () => {
      const embed = embedFromParameter(window.location.search);
      setPlaying(embed ? { src: embed, title: titleFor(embed) } : null);
    };
    sync();
    window.addEventListener('popstate', sync);
    return () => window.removeEventListener('popstate', sync);
  }, [titleFor]);

  const open = (event: MouseEvent, study: CaseStudyCard) => {
    const embed = toEmbedUrl(study.videoUrl);
    if (!embed) return;
    event.preventDefault();
    window.history.pushState(null, '', study.videoHref);
    setPlaying({ src: embed, title: `${study.company}: ${study.name}` });
  };

  const close = () => {
    setPlaying(null);
    const url = new URL(window.location.href);
    if (url.searchParams.has(playVideoParameter)) {
      url.searchParams.delete(playVideoParameter);
      window.history.replaceState(null, '', `${url.pathname}${url.search}${url.hash}`);
    }
  };

  return (
    <div className="case-gallery">
      <h2 className="visually-hidden">{labels.gridHeading}</h2>
      <CaseStudyGrid cards={studies.slice(0, firstGridSize)} labels={labels} onPlay={open} />
      <aside className="promo" aria-labelledby="promo-heading">
        <h2 id="promo-heading">{promo.heading}</h2>
        <p>{promo.text}</p>
        <a className="button button-primary" href={promo.cta.href}>{promo.cta.text}</a>
      </aside>
      <CaseStudyGrid cards={studies.slice(firstGridSize)} labels={labels} onPlay={open} />
      <VideoDialog src={playing?.src ?? null} title={playing?.title ?? labels.watch} closeLabel={labels.close} onClose={close} />
    </div>
  );
}

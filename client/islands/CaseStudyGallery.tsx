import { useCallback, useEffect, useState, type MouseEvent } from 'react';
import { caseStudyVideoPath, playVideoParameter } from '../../cli/route/case-study-urls.ts';
import { toEmbedUrl } from '../video-url.ts';
import type { SizedImage } from './types.ts';
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
    window.history.pushState(null, '', caseStudyVideoPath(study.videoUrl));
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

  const grid = (cards: CaseStudyCard[]) => (
    <ul className="case-grid">
      {cards.map((study) => (
        <li key={study.id}>
          <article className="case-card">
            <a className="case-thumb" href={caseStudyVideoPath(study.videoUrl)} onClick={(event) => open(event, study)} aria-label={`${labels.play}: ${study.company}`}>
              <img src={study.thumbnail.src} alt={study.thumbnail.alt} width={study.thumbnail.width} height={study.thumbnail.height} loading="lazy" decoding="async" />
              <span className="play-button" aria-hidden="true">
                <svg width="28" height="28" viewBox="0 0 24 24" fill="currentColor" focusable="false"><path d="M7 4l13 8-13 8z" /></svg>
              </span>
            </a>
            <div className="case-body">
              <img className="case-logo" src={study.logo.src} alt={study.logo.alt} width={study.logo.width} height={study.logo.height} loading="lazy" decoding="async" />
              <blockquote><p>“{study.quote}”</p></blockquote>
              <p className="case-person"><strong>{study.name}</strong><span>{study.title}, {study.company}</span></p>
              <a className="text-link" href={caseStudyVideoPath(study.videoUrl)} onClick={(event) => open(event, study)}>{labels.watch}<span className="visually-hidden">: {study.company}</span></a>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );

  return (
    <div className="case-gallery">
      <h2 className="visually-hidden">{labels.gridHeading}</h2>
      {grid(studies.slice(0, firstGridSize))}
      <aside className="promo" aria-labelledby="promo-heading">
        <h2 id="promo-heading">{promo.heading}</h2>
        <p>{promo.text}</p>
        <a className="button button-primary" href={promo.cta.href}>{promo.cta.text}</a>
      </aside>
      {grid(studies.slice(firstGridSize))}
      <VideoDialog src={playing?.src ?? null} title={playing?.title ?? labels.watch} closeLabel={labels.close} onClose={close} />
    </div>
  );
}

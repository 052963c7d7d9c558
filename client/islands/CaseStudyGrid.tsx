import type { MouseEvent } from 'react';
import Picture from '../../templates/components/Picture.tsx';
import type { CaseStudyCard, GalleryLabels } from './CaseStudyGallery.tsx';

/** One grid of case-study cards; a thumbnail or 'Watch Video' link plays the study's video. */
export default function CaseStudyGrid({ cards, labels, onPlay }: {
  cards: CaseStudyCard[];
  labels: GalleryLabels;
  onPlay: (event: MouseEvent, study: CaseStudyCard) => void;
}) {
  return (
    <ul className="case-grid">
      {cards.map((study) => (
        <li key={study.id}>
          <article className="case-card">
            <a className="case-thumb" href={study.videoHref} onClick={(event) => onPlay(event, study)} aria-label={`${labels.play}: ${study.company}`}>
              <Picture image={study.thumbnail} />
              <span className="play-button" aria-hidden="true">
                <svg width="28" height="28" viewBox="0 0 24 24" fill="currentColor" focusable="false"><path d="M7 4l13 8-13 8z" /></svg>
              </span>
            </a>
            <div className="case-body">
              <Picture image={study.logo} className="case-logo" />
              <blockquote><p>“{study.quote}”</p></blockquote>
              <p className="case-person"><strong>{study.name}</strong><span>{study.title}, {study.company}</span></p>
              <a className="text-link" href={study.videoHref} onClick={(event) => onPlay(event, study)}>{labels.watch}<span className="visually-hidden">: {study.company}</span></a>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}

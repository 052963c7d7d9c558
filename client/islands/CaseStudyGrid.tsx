import type { MouseEvent } from 'react';
import Picture from '../../templates/components/Picture.tsx';
import type { CaseStudyCard, GalleryLabels } from './CaseStudyGallery.tsx';
import { PlayIcon } from './VideoFacade.tsx';

/** A click the browser should handle itself: a new tab or window, a download, another button. */
function isModifiedClick(event: MouseEvent): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

/**
 * One grid of case-study cards. The thumbnail is one button (its poster and play icon) that
 * plays the study's video; the 'Watch Video' link does the same, and still opens the video's
 * address in a new tab when asked to.
 */
export default function CaseStudyGrid({ cards, labels, onPlay }: {
  cards: CaseStudyCard[];
  labels: GalleryLabels;
  onPlay: (study: CaseStudyCard) => boolean;
}) {
  return (
    <ul className="case-grid">
      {cards.map((study) => (
        <li key={study.id}>
          <article className="case-card">
            <button type="button" className="case-thumb" aria-label={study.playLabel} onClick={() => onPlay(study)}>
              <Picture image={{ ...study.thumbnail, alt: '' }} />
              <PlayIcon />
            </button>
            <div className="case-body">
              <Picture image={study.logo} className="case-logo" />
              <blockquote><p>“{study.quote}”</p></blockquote>
              <p className="case-person"><strong>{study.name}</strong><span>{study.title}, {study.company}</span></p>
              <a
                className="text-link"
                href={study.videoHref}
                onClick={(event) => {
                  if (!isModifiedClick(event) && onPlay(study)) event.preventDefault();
                }}
              >
                {labels.watch}<span className="visually-hidden">: {study.company}</span>
              </a>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}

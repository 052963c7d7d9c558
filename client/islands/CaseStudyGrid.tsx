import type { MouseEvent } from 'react';
import Avatar from '../../templates/components/Avatar.tsx';
import Picture from '../../templates/components/Picture.tsx';
import VideoTitleCard from '../../templates/components/VideoTitleCard.tsx';
import type { CaseStudyCard, GalleryLabels } from './CaseStudyGallery.tsx';
import { PlayIcon } from './VideoFacade.tsx';

/** A click the browser should handle itself: a new tab or window, a download, another button. */
function isModifiedClick(event: MouseEvent): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

/**
 * One grid of case-study cards, each leading with its outcome and figures, then a quote of at most
 * two sentences, the speaker, and the whole quote behind a disclosure (a <details>: no script). The
 * thumbnail is one button (its poster, or the speaker's title card, and play icon) that plays the
 * study's video; the 'Watch Video' link does the same, and still opens the video's address in a
 * new tab when asked to.
 */
export default function CaseStudyGrid({
  cards,
  labels,
  onPlay,
}: {
  cards: CaseStudyCard[];
  labels: GalleryLabels;
  onPlay: (study: CaseStudyCard) => boolean;
}) {
  return (
    <ul className="case-grid">
      {cards.map((study) => (
        <li key={study.id}>
          <article className="case-card" id={study.id}>
            <button type="button" className="case-thumb" aria-label={study.playLabel} onClick={() => onPlay(study)}>
              {study.thumbnail ? (
                <Picture image={{ ...study.thumbnail, alt: '' }} />
              ) : (
                <VideoTitleCard speaker={study.speaker} />
              )}
              <PlayIcon />
            </button>
            <div className="case-body">
              <Picture image={study.logo} className="case-logo" />
              <h3 className="case-outcome">{study.outcome}</h3>
              <dl className="case-metrics">
                {study.metrics.map((metric) => (
                  <div key={metric.label}>
                    <dt>{metric.label}</dt>
                    <dd>{metric.value}</dd>
                  </div>
                ))}
              </dl>
              <blockquote className="case-quote">
                <p>“{study.pullQuote}”</p>
              </blockquote>
              <p className="byline case-person">
                <Avatar person={study.speaker} size="md" />
                <span className="byline-text">
                  <span className="byline-name">{study.name}</span>
                  <span className="byline-role">
                    {study.title}, {study.company}
                  </span>
                </span>
              </p>
              {study.quote !== study.pullQuote ? (
                <details className="case-story">
                  <summary>
                    {labels.fullStory}
                    <span className="visually-hidden">: {study.company}</span>
                  </summary>
                  <blockquote>
                    <p>“{study.quote}”</p>
                  </blockquote>
                </details>
              ) : null}
              <a
                className="text-link"
                href={study.videoHref}
                onClick={(event) => {
                  if (!isModifiedClick(event) && onPlay(study)) event.preventDefault();
                }}
              >
                {labels.watch}
                <span className="visually-hidden">: {study.company}</span>
              </a>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}

import { useId, useState, type KeyboardEvent } from 'react';
import Avatar from '../../templates/components/Avatar.tsx';
import Picture from '../../templates/components/Picture.tsx';
import type { SizedImage } from './types.ts';

export interface TestimonialSlide {
  id: string;
  quote: string;
  company: string;
  logo: SizedImage;
  name: string;
  title: string;
  /** The speaker's portrait; without one, their initials. */
  photo?: SizedImage;
  /** `/case-studies?playVideo=<encoded embed url>` */
  watchHref: string;
}

export interface CarouselLabels {
  previous: string;
  next: string;
  watch: string;
  /** Accessible name of the carousel region. */
  region: string;
}

/** Moves an index by `step` and wraps around both ends. */
export function wrapIndex(index: number, step: number, length: number): number {
  return (((index + step) % length) + length) % length;
}

/**
 * A testimonial carousel: previous/next wrap around, dots jump to a slide, arrow keys move.
 * Without JavaScript every slide is shown (the `js` class hides the inactive ones).
 */
export default function TestimonialCarousel({
  slides,
  labels,
}: {
  slides: TestimonialSlide[];
  labels: CarouselLabels;
}) {
  const [active, setActive] = useState(0);
  const [announce, setAnnounce] = useState(false);
  const id = useId();
  const go = (index: number) => {
    setAnnounce(true);
    setActive(index);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowRight') go(wrapIndex(active, 1, slides.length));
    else if (event.key === 'ArrowLeft') go(wrapIndex(active, -1, slides.length));
    else return;
    event.preventDefault();
  };
  return (
    <div
      className="carousel"
      role="group"
      aria-roledescription="carousel"
      aria-label={labels.region}
      onKeyDown={onKeyDown}
    >
      <div className="carousel-viewport" id={`${id}-slides`} aria-live={announce ? 'polite' : 'off'}>
        {slides.map((slide, index) => (
          <div
            key={slide.id}
            className="carousel-slide"
            data-active={index === active ? 'true' : 'false'}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${slides.length}: ${slide.company}`}
          >
            <Picture image={slide.logo} className="carousel-logo" />
            <blockquote>
              <p>“{slide.quote}”</p>
            </blockquote>
            <p className="byline carousel-caption">
              <Avatar person={slide} size="md" />
              <span className="byline-text">
                <span className="carousel-name">{slide.name}</span>
                <span className="carousel-title">
                  {slide.title}, {slide.company}
                </span>
              </span>
            </p>
            <a className="button button-secondary carousel-watch" href={slide.watchHref}>
              {labels.watch}
            </a>
          </div>
        ))}
      </div>
      <div className="carousel-controls">
        <button
          type="button"
          className="carousel-arrow"
          aria-controls={`${id}-slides`}
          aria-label={labels.previous}
          onClick={() => go(wrapIndex(active, -1, slides.length))}
        >
          <Chevron direction="left" />
        </button>
        <div className="carousel-dots">
          {slides.map((slide, index) => (
            <button
              key={slide.id}
              type="button"
              className="carousel-dot"
              aria-label={`${index + 1}: ${slide.company}`}
              aria-current={index === active ? 'true' : undefined}
              aria-controls={`${id}-slides`}
              onClick={() => go(index)}
            />
          ))}
        </div>
        <button
          type="button"
          className="carousel-arrow"
          aria-controls={`${id}-slides`}
          aria-label={labels.next}
          onClick={() => go(wrapIndex(active, 1, slides.length))}
        >
          <Chevron direction="right" />
        </button>
      </div>
    </div>
  );
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={direction === 'left' ? 'M15 18l-6-6 6-6' : 'M9 18l6-6-6-6'} />
    </svg>
  );
}

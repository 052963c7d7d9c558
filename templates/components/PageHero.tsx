import type { ReactNode } from 'react';

interface PageHeroProps {
  eyebrow?: string;
  headline: string;
  text?: string;
  /** Calls to action, in a row under the text. */
  children?: ReactNode;
  /** Above the eyebrow: a back link, a badge. */
  before?: ReactNode;
  /** Under the text: a post's date and read time, a guide's facts. */
  after?: ReactNode;
  /** Art beside the copy from 960px (hidden below). */
  aside?: ReactNode;
  /**
   * A form beside the copy from 960px, under it on narrower screens: unlike art, shown at every
   * width. `belowCopy` then follows the copy on wide screens and the form on narrow ones.
   */
  form?: ReactNode;
  belowCopy?: ReactNode;
  /** 'tinted' for a more colourful band. */
  tone?: 'light' | 'tinted';
  /** As wide as a narrow body below it, so both start at one edge. */
  narrow?: boolean;
  className?: string;
}

/**
 * The top band of every page but the home page: the page's one h1 with its eyebrow, text and
 * actions, always at the start of the content column, with art (or a form) beside it when the
 * page has some.
 */
export default function PageHero({
  eyebrow,
  headline,
  text,
  children,
  before,
  after,
  aside,
  form,
  belowCopy,
  tone = 'light',
  narrow = false,
  className,
}: PageHeroProps) {
  const classes = [
    'page-hero',
    tone === 'tinted' ? 'page-hero-tinted' : '',
    narrow ? 'page-hero-narrow' : '',
    form ? 'page-hero-with-form' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <section className={classes}>
      <div className="container page-hero-inner">
        <div className="page-hero-copy">
          {before}
          {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
          <h1>{headline}</h1>
          {text ? <p className="lead">{text}</p> : null}
          {after}
          {/* Buttons are not what a page says: site search leaves them out. */}
          {children ? (
            <div className="actions" data-pagefind-ignore="">
              {children}
            </div>
          ) : null}
        </div>
        {aside ? <div className="page-hero-aside">{aside}</div> : null}
        {form ? <div className="page-hero-form">{form}</div> : null}
        {belowCopy ? <div className="page-hero-below">{belowCopy}</div> : null}
      </div>
    </section>
  );
}

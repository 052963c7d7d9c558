import type { ReactNode } from 'react';

/** The top band of a content page: eyebrow, the page's one h1, text and actions. */
export default function PageHero({ eyebrow, headline, text, children, className }: { eyebrow?: string; headline: string; text?: string; children?: ReactNode; className?: string }) {
  return (
    <section className={`page-hero${className ? ` ${className}` : ''}`}>
      <div className="container page-hero-inner">
        {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
        <h1>{headline}</h1>
        {text ? <p className="lead">{text}</p> : null}
        {children ? <div className="actions">{children}</div> : null}
      </div>
    </section>
  );
}

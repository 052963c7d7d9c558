import type { Link } from '../site/schemas/schemas.ts';
import SiteLink from './SiteLink.tsx';

/**
 * The closing band that asks for the next step: one heading, one line, one or two buttons. One a
 * page. A band `shared` by many pages (the one after every post) is left out of site search.
 */
export default function CallToAction({
  heading,
  text,
  primary,
  secondary,
  shared = false,
}: {
  heading: string;
  text: string;
  primary: Link;
  secondary?: Link;
  shared?: boolean;
}) {
  const id = 'cta-heading';
  return (
    <section className="cta-band" aria-labelledby={id} data-pagefind-ignore={shared ? '' : undefined}>
      <div className="container cta-inner">
        <h2 id={id}>{heading}</h2>
        <p className="lead">{text}</p>
        <div className="actions" data-pagefind-ignore="">
          <SiteLink link={primary} className="button button-primary button-large" />
          {secondary ? <SiteLink link={secondary} className="button button-ghost button-large" /> : null}
        </div>
      </div>
    </section>
  );
}

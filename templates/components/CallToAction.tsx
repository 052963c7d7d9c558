import type { Link } from '../site/schemas/schemas.ts';
import SiteLink from './SiteLink.tsx';

/** The closing band that asks for the next step: one heading, one line, one or two buttons. One a page. */
export default function CallToAction({ heading, text, primary, secondary }: { heading: string; text: string; primary: Link; secondary?: Link }) {
  const id = 'cta-heading';
  return (
    <section className="cta-band" aria-labelledby={id}>
      <div className="container cta-inner">
        <h2 id={id}>{heading}</h2>
        <p className="lead">{text}</p>
        <div className="actions">
          <SiteLink link={primary} className="button button-primary button-large" />
          {secondary ? <SiteLink link={secondary} className="button button-ghost button-large" /> : null}
        </div>
      </div>
    </section>
  );
}

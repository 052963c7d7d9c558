import type { Link } from '../../cli/site-model/schemas.ts';
import SiteLink from './SiteLink.tsx';

/** A closing band that asks for the next step. */
export default function CallToAction({ heading, text, primary, secondary }: { heading: string; text: string; primary: Link; secondary?: Link }) {
  return (
    <section className="cta-band" aria-label={heading}>
      <div className="container cta-inner">
        <h2>{heading}</h2>
        <p className="lead">{text}</p>
        <div className="actions">
          <SiteLink link={primary} className="button button-primary button-large" />
          {secondary ? <SiteLink link={secondary} className="button button-ghost button-large" /> : null}
        </div>
      </div>
    </section>
  );
}

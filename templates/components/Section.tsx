import type { ReactNode } from 'react';
import { sectionIdFromHeading } from '../../cli/route/slugs.ts';
import type { Section as SectionData } from '../../cli/site-model/schemas.ts';
import FeatureList from './FeatureList.tsx';
import Icon from './Icon.tsx';
import SectionHeader from './SectionHeader.tsx';
import SiteLink from './SiteLink.tsx';

/** A content section laid out as cards, a checklist, numbered steps or a two-column split. */
export default function Section({ section, tone = 'plain', children }: { section: SectionData; tone?: 'plain' | 'muted' | 'dark'; children?: ReactNode }) {
  const headingId = `${section.id ?? sectionIdFromHeading(section.heading)}-heading`;
  return (
    <section className={`section section-${tone} layout-${section.layout}`} id={section.id} aria-labelledby={headingId}>
      <div className="container">
        <div className={section.layout === 'split' ? 'split' : undefined}>
          <SectionHeader id={headingId} heading={section.heading} intro={section.intro} eyebrow={section.eyebrow} />
          <SectionItems section={section} />
        </div>
        {section.cta ? <p className="section-cta"><SiteLink link={section.cta} className="button button-secondary" /></p> : null}
        {children}
      </div>
    </section>
  );
}

function SectionItems({ section }: { section: SectionData }) {
  if (section.layout === 'steps') {
    return (
      <ol className="steps">
        {section.items.map((item, index) => (
          <li className="step" key={item.title}>
            <span className="step-number" aria-hidden="true">{index + 1}</span>
            <h3>{item.title}</h3>
            <p>{item.description}</p>
          </li>
        ))}
      </ol>
    );
  }
  if (section.layout === 'checklist' || section.layout === 'split') return <FeatureList items={section.items} />;
  return (
    <ul className="card-grid">
      {section.items.map((item) => (
        <li className="card" key={item.title}>
          {item.icon ? <span className="card-icon"><Icon name={item.icon} /></span> : null}
          <h3>{item.title}</h3>
          <p>{item.description}</p>
        </li>
      ))}
    </ul>
  );
}

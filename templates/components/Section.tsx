import type { ReactNode } from 'react';
import { sectionIdFromHeading } from 'sitegen/site';
import type { Section as SectionData } from '../site/schemas/schemas.ts';
import Card from './Card.tsx';
import CardGrid from './CardGrid.tsx';
import FeatureList from './FeatureList.tsx';
import SectionHeader from './SectionHeader.tsx';
import SiteLink from './SiteLink.tsx';

/** A content section laid out as cards, a checklist, numbered steps or a two-column split. */
export default function Section({
  section,
  tone = 'plain',
  children,
}: {
  section: SectionData;
  tone?: 'plain' | 'muted' | 'dark';
  children?: ReactNode;
}) {
  const headingId = `${section.id ?? sectionIdFromHeading(section.heading)}-heading`;
  const split = section.layout === 'split';
  return (
    <section className={`section section-${tone} layout-${section.layout}`} id={section.id} aria-labelledby={headingId}>
      <div className="container">
        <div className={split ? 'split' : undefined}>
          <SectionHeader
            id={headingId}
            heading={section.heading}
            intro={section.intro}
            eyebrow={section.eyebrow}
            align={split ? 'start' : 'center'}
          />
          <SectionItems section={section} />
        </div>
        {section.cta ? (
          <p className="section-cta">
            <SiteLink link={section.cta} className="button button-secondary" />
          </p>
        ) : null}
        {children}
      </div>
    </section>
  );
}

function SectionItems({ section }: { section: SectionData }) {
  if (section.layout === 'steps') {
    return (
      <CardGrid ordered max={4} className="steps">
        {section.items.map((item, index) => (
          <div className="step" key={item.title}>
            <span className="step-number" aria-hidden="true">
              {index + 1}
            </span>
            <h3>{item.title}</h3>
            <p>{item.description}</p>
          </div>
        ))}
      </CardGrid>
    );
  }
  if (section.layout === 'checklist' || section.layout === 'split') return <FeatureList items={section.items} />;
  return (
    <CardGrid>
      {section.items.map((item) => (
        <Card key={item.title} title={item.title} text={item.description} icon={item.icon} />
      ))}
    </CardGrid>
  );
}
